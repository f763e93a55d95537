import Dispatch
import Locking
import Pixels
import Raster
import Synchronization

/// Renders a range of frames on several threads and hands them over in order.
///
/// Workers take runs of `run` consecutive frame indices in increasing order
/// and may finish out of order; the caller's thread receives them strictly
/// in order. Runs let a worker draw a frame right after the one before it,
/// so what a rasterizer keeps from its last frame (`Rasterizer`'s reuse)
/// matches more of the next. At most `window` frames are in flight (taken
/// but not yet delivered), so memory stays flat however many frames a render
/// has. A worker takes the permits of a whole run before its indices, and
/// the window holds a run for every worker, so the lowest undelivered frame
/// always holds one and the window can never deadlock.
public struct FrameScheduler: Sendable {
    public let jobs: Int
    public let run: Int
    public let window: Int

    /// `jobs` worker threads taking `run` frames at a time; a window of a
    /// run and one frame more per worker absorbs uneven frame costs.
    public init(jobs: Int, run: Int = 1) {
        self.jobs = max(1, jobs)
        self.run = max(1, run)
        self.window = self.jobs * (self.run + 1)
    }

    /// Renders `frames` with `render` (called on worker threads) and calls
    /// `deliver` on this thread, in order. If `deliver` throws, workers stop
    /// after their current frame and the error is rethrown once they have all
    /// stopped.
    ///
    /// Each worker thread makes its own `Worker` (e.g. a `FrameDrawer`) and
    /// passes it to every `render` call it makes, with the number of threads
    /// to draw the frame on (`threads(ofFrame:count:)`): 1
    /// while every worker has frames of its own, more where cores would
    /// otherwise sit idle. `render` gets a frame buffer to draw into when one
    /// is free: delivered frames are recycled, so a render touches the same
    /// few buffers instead of faulting in fresh pages for every frame
    /// (`deliver` must not keep the bitmap; `Rasterizer.render(_:reusing:)`
    /// takes it when its size fits). A worker is given back a frame it
    /// drew itself when one is free, which its rasterizer then draws over
    /// in the rows that changed only (`FrameDamage`). `spares` are frame
    /// buffers to draw into before any is delivered (a benchmark's,
    /// allocated untimed).
    public func run<Worker>(frames: Range<Int>, spares: consuming [Bitmap] = [], makeWorker: @escaping @Sendable () -> Worker,
                            render: @escaping @Sendable (Int, inout Worker, _ threads: Int, _ reuse: consuming Bitmap?) -> Bitmap,
                            deliver: (Int, Bitmap) throws -> Void) throws {
        guard !frames.isEmpty else { return }
        let lead = leads(frames.count)
        let state = SharedState(window: window, first: frames.lowerBound + (lead ? 1 : 0), spares: consume spares)
        let group = DispatchGroup()
        let workers = min(jobs, frames.count)
        // Runs shorten where they would leave workers without frames.
        let run = max(1, min(self.run, (frames.count - (lead ? 1 : 0)) / jobs))
        let work = Work(scheduler: self, frames: frames, run: run, state: state, render: render)
        let start = { @Sendable (k: Int) in
            DispatchQueue.global().async(group: group) {
                var worker = makeWorker()
                work.loop(&worker, number: k)
            }
        }
        if lead {
            // The others start once the first frame is drawn: the threads of
            // its bands then have the cores to themselves.
            DispatchQueue.global().async(group: group) {
                var worker = makeWorker()
                state.permits.wait()
                state.slots[0].put(render(frames.lowerBound, &worker, threads(ofFrame: 0, count: frames.count), nil), by: 0)
                for k in 1..<workers { start(k) }
                work.loop(&worker, number: 0)
            }
        } else {
            for k in 0..<workers { start(k) }
        }
        defer {
            state.stopped.store(true, ordering: .relaxed)
            for _ in 0..<(jobs * run) { state.permits.signal() }
            group.wait()
        }
        for i in frames {
            let (bitmap, worker) = state.slots[(i - frames.lowerBound) % state.slots.count].take()
            try deliver(i, bitmap)
            state.spares.put(bitmap, drawnBy: worker)
            state.permits.signal()
        }
    }

    /// Whether the first of `count` frames is drawn alone, in bands on every
    /// thread, before the workers start: the output waits for it while the
    /// pipeline fills. Only with more frames than workers, which then all
    /// have whole frames to draw.
    public func leads(_ count: Int) -> Bool { jobs > 1 && count > jobs }

    /// The threads frame `j` (from 0) of `count` frames is drawn on: all
    /// of them for a leading first frame; with fewer frames than workers,
    /// one worker per frame and the threads shared out among the frames;
    /// else 1, every worker drawing whole frames.
    public func threads(ofFrame j: Int, count: Int) -> Int {
        if leads(count) { return j == 0 ? jobs : 1 }
        guard count < jobs else { return 1 }
        return jobs / count + (j < jobs % count ? 1 : 0)
    }
}

/// A worker's loop: runs of frame indices taken in order until none are left.
private struct Work<Worker>: Sendable {
    let scheduler: FrameScheduler
    let frames: Range<Int>
    let run: Int
    let state: SharedState
    let render: @Sendable (Int, inout Worker, _ threads: Int, _ reuse: consuming Bitmap?) -> Bitmap

    /// `number`: the worker's, from 0, to which the frames it drew go back.
    func loop(_ worker: inout Worker, number: Int) {
        while true {
            for _ in 0..<run { state.permits.wait() }
            let first = state.next.add(run, ordering: .relaxed).oldValue
            let end = min(first + run, frames.upperBound)
            if first >= frames.upperBound || state.stopped.load(ordering: .relaxed) {
                for _ in 0..<run { state.permits.signal() }
                return
            }
            for _ in end..<(first + run) { state.permits.signal() } // a short last run
            for i in first..<end {
                if i > first && state.stopped.load(ordering: .relaxed) { return }
                let threads = scheduler.threads(ofFrame: i - frames.lowerBound, count: frames.count)
                let bitmap = render(i, &worker, threads, state.spares.take(for: number))
                state.slots[(i - frames.lowerBound) % state.slots.count].put(bitmap, by: number)
            }
        }
    }
}

/// What workers and the delivering thread share.
private final class SharedState: Sendable {
    let permits: DispatchSemaphore
    let next: Atomic<Int>
    let stopped = Atomic<Bool>(false)
    let slots: [FrameSlot]
    /// Delivered frames, ready to be drawn over (at most one per permit).
    let spares: SparePool

    init(window: Int, first: Int, spares: consuming [Bitmap]) {
        self.spares = SparePool(consume spares)
        // Created empty and then signalled: libdispatch traps when a semaphore
        // is destroyed below its initial value, as it is after a failed delivery.
        permits = DispatchSemaphore(value: 0)
        for _ in 0..<window { permits.signal() }
        next = Atomic(first)
        slots = (0..<window).map { _ in FrameSlot() }
    }
}

/// A one-frame mailbox: one worker puts, the delivering thread takes.
private final class FrameSlot: Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let frame = Locked<(bitmap: Bitmap, worker: Int)?>(nil)

    func put(_ b: Bitmap, by worker: Int) {
        frame.withLock { $0 = (b, worker) }
        ready.signal()
    }

    func take() -> (bitmap: Bitmap, worker: Int) {
        ready.wait()
        return frame.withLock { f in
            defer { f = nil }
            return f!
        }
    }
}
