import Dispatch
import DisplayList
import Locking
import Media
import Pixels
import Raster

/// Several scenes rendered in one go, sharing one pool of worker threads.
///
/// The frames of all jobs form one sequence: workers move on to the next
/// scene as soon as the current one has no frames left to hand out, so one
/// scene's last frames and encoder flush overlap the next one's first frames.
/// Each job's outputs are written in frame order and moved into place only
/// when complete; a failure stops the batch, leaving finished jobs' outputs.
public struct RenderBatch: Sendable {
    public var requests: [RenderRequest]
    public var jobs: Int
    public var progress: ProgressStyle
    /// Told after each written frame: the job's index in `requests`, its
    /// frames written so far and its total (the studio's progress bar).
    public var onFrame: (@Sendable (_ job: Int, _ done: Int, _ total: Int) -> Void)?

    public init(_ requests: [RenderRequest], jobs: Int, progress: ProgressStyle = .text) {
        self.requests = requests
        self.jobs = jobs
        self.progress = progress
    }

    public func run() throws(RenderError) {
        // Videos split into chunks run as batches of their own (`ChunkedRender`);
        // `onFrame` hears of every job under its index in `requests`.
        let chunked = requests.indices.filter { requests[$0].shard == nil && (requests[$0].encoders?.resolved(cores: jobs) ?? 1) > 1 }
        if !chunked.isEmpty {
            let rest = requests.indices.filter { !chunked.contains($0) }
            if !rest.isEmpty {
                var others = RenderBatch(rest.map { requests[$0] }, jobs: jobs, progress: progress)
                if let onFrame { others.onFrame = { job, done, total in onFrame(rest[job], done, total) } }
                try others.run()
            }
            for job in chunked {
                var render = ChunkedRender(request: requests[job], jobs: jobs, progress: progress)
                if let onFrame { render.onFrame = { done, total in onFrame(job, done, total) } }
                try render.run()
            }
            return
        }
        try Self.render(try prepare(), jobs: jobs, progress: progress, onFrame: onFrame)
    }

    /// Renders `plans` in one pool. With `finished`, a job whose outputs fail
    /// (an unwritable folder, a full disk) is abandoned and reported to it
    /// while the others go on, and `finished` hears of every job that ends;
    /// without, the first failure stops the batch. `inspect` sees every
    /// frame, in order on this thread, before the job's outputs do (`reel
    /// verify` takes its digests there).
    static func render(_ plans: [RenderPlan], jobs: Int, progress: ProgressStyle,
                       finished: ((_ job: Int, _ failure: Error?) -> Void)? = nil,
                       onFrame: (@Sendable (_ job: Int, _ done: Int, _ total: Int) -> Void)? = nil,
                       inspect: ((_ job: Int, _ frame: Int, _ bitmap: Bitmap) throws -> Void)? = nil) throws(RenderError) {
        let tasks = plans.indices.flatMap { j in plans[j].frames.map { (job: j, frame: $0) } }
        var current: (job: Int, outputs: JobOutputs)?
        let abandoned = Locked<Set<Int>>([])
        do {
            // Runs of two frames per worker: its rasterizer's reuse then
            // compares each second frame with the one just before it, for
            // one frame more in flight per worker.
            try FrameScheduler(jobs: jobs, run: 2).run(frames: 0..<tasks.count, makeWorker: { Worker() }, render: { g, worker, threads, reuse in
                let task = tasks[g]
                if abandoned.withLock({ $0.contains(task.job) }) { return reuse ?? Bitmap(width: 1, height: 1) }
                return worker.render(plans[task.job], frame: task.frame, job: task.job, threads: threads, reuse: consume reuse)
            }, deliver: { g, bitmap in
                try Interruption.shared.check()
                let task = tasks[g]
                guard !abandoned.withLock({ $0.contains(task.job) }) else { return }
                do {
                    if current?.job != task.job { current = (task.job, try JobOutputs(plans[task.job], progress: progress)) }
                    try inspect?(task.job, task.frame, bitmap)
                    let done = try current!.outputs.write(frame: task.frame, bitmap)
                    onFrame?(task.job, done, plans[task.job].frames.count)
                    if g + 1 == tasks.count || tasks[g + 1].job != task.job {
                        try Interruption.shared.check()
                        try current!.outputs.finish()
                        current = nil
                        finished?(task.job, nil)
                    }
                } catch {
                    guard let finished, !(error is RenderError) else { throw error }
                    current?.outputs.cancel()
                    current = nil
                    abandoned.withLock { _ = $0.insert(task.job) }
                    finished(task.job, error)
                }
            })
        } catch {
            current?.outputs.cancel()
            if let e = error as? RenderError { throw e }
            throw .output(error as? MediaError ?? .cannotWrite(path: current.map { plans[$0.job].request.label } ?? "", reason: "\(error)"))
        }
    }

    /// Loads every scene first, so a mistake in any is reported (with all the
    /// others') before anything is rendered.
    private func prepare() throws(RenderError) -> [RenderPlan] {
        var plans: [RenderPlan] = [], failures: [RenderError] = []
        for request in requests {
            do {
                let prepared = try PreparedScene.load(request)
                if progress != .quiet { prepared.reportWarnings() }
                plans.append(try RenderPlan(request, prepared))
            } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else { throw failures.count == 1 ? failures[0] : .several(failures) }
        return plans
    }
}

/// What one worker thread keeps between frames.
private struct Worker {
    private var job = -1
    private var drawer: FrameDrawer?
    /// The size of the last frame's canonical bytes: the next is encoded
    /// into a buffer that large from the start.
    private var encodedSize = 0

    /// Frame `frame` of a job: read from the frame cache when it has it,
    /// else drawn on `threads` threads (and cached).
    mutating func render(_ plan: RenderPlan, frame: Int, job: Int, threads: Int, reuse: consuming Bitmap?) -> Bitmap {
        if job != self.job {
            self.job = job
            drawer = FrameDrawer(plan.prepared)
        }
        let list = plan.prepared.evaluator.displayList(frame: frame)
        guard let cache = plan.cache else { return drawer!.draw(list, threads: threads, reusing: consume reuse) }
        // One encoding for the cache's key and the rasterizer's frame reuse.
        let encoded = EncodedDisplayList(list, capacity: encodedSize)
        encodedSize = encoded.bytes.count
        let key = cache.key(for: encoded)
        if let cached = cache.load(key, width: list.width, height: list.height) { return cached }
        let start = DispatchTime.now().uptimeNanoseconds
        let bitmap = drawer!.draw(encoded, threads: threads, reusing: consume reuse)
        cache.store(key, bitmap, drawingTime: DispatchTime.now().uptimeNanoseconds - start)
        return bitmap
    }
}
