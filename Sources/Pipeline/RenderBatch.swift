import Dispatch
import DisplayList
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

    public init(_ requests: [RenderRequest], jobs: Int, progress: ProgressStyle = .text) {
        self.requests = requests
        self.jobs = jobs
        self.progress = progress
    }

    public func run() throws(ReelError) {
        let plans = try prepare()
        let tasks = plans.indices.flatMap { j in plans[j].frames.map { (job: j, frame: $0) } }
        var current: (job: Int, outputs: JobOutputs)?
        do {
            // Runs of two frames per worker: its rasterizer's reuse then
            // compares each second frame with the one just before it, for
            // one frame more in flight per worker.
            try FrameScheduler(jobs: jobs, run: 2).run(frames: 0..<tasks.count, makeWorker: { Worker() }, render: { g, worker, reuse in
                let task = tasks[g]
                return worker.render(plans[task.job], frame: task.frame, job: task.job, reuse: reuse)
            }, deliver: { g, bitmap in
                try Interruption.shared.check()
                let task = tasks[g]
                if current?.job != task.job { current = (task.job, try JobOutputs(plans[task.job], progress: progress)) }
                try current!.outputs.write(frame: task.frame, bitmap)
                if g + 1 == tasks.count || tasks[g + 1].job != task.job {
                    try Interruption.shared.check()
                    try current!.outputs.finish()
                    current = nil
                }
            })
        } catch {
            current?.outputs.cancel()
            if let e = error as? ReelError { throw e }
            throw .output(error as? MediaError ?? .cannotWrite(path: current.map { plans[$0.job].request.label } ?? "", reason: "\(error)"))
        }
    }

    /// Loads every scene first, so a mistake in any is reported (with all the
    /// others') before anything is rendered.
    private func prepare() throws(ReelError) -> [RenderPlan] {
        var plans: [RenderPlan] = [], failures: [ReelError] = []
        for request in requests {
            do {
                let prepared = try PreparedScene.load(request.scenePath, canvas: request.canvas)
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
    private var rasterizer: Rasterizer?
    private var bytes = CanonicalBytes()

    /// Frame `frame` of a job: read from the frame cache when it has it, else drawn (and cached).
    mutating func render(_ plan: RenderPlan, frame: Int, job: Int, reuse: Bitmap?) -> Bitmap {
        if job != self.job {
            self.job = job
            rasterizer = plan.prepared.makeRasterizer()
        }
        let list = plan.prepared.evaluator.displayList(frame: frame)
        let key = plan.cache?.key(for: list, scratch: &bytes)
        if let key, let cached = plan.cache?.load(key, width: list.width, height: list.height) { return cached }
        let start = DispatchTime.now().uptimeNanoseconds
        let bitmap = rasterizer!.render(list, reusing: reuse)
        if let key { plan.cache?.store(key, bitmap, drawingTime: DispatchTime.now().uptimeNanoseconds - start) }
        return bitmap
    }
}
