import Dispatch
import Evaluation
import Pixels
import Raster
import SceneModel

/// Times frame rendering for a peer benchmark harness (`reel bench`; see
/// docs/BENCHMARKS.md): each time covers evaluation, display-list building
/// and rasterization including the clear — not scene loading, not PNG
/// writing. When frame 0 is drawn again and again, reuse across frames is
/// off: the same frame drawn again would otherwise be a copy of the last,
/// and the peers draw every time.
public enum Benchmark {
    /// Per-frame milliseconds and the last frame.
    ///
    /// With `threads` > 1, that many workers render frame 0 concurrently, as a
    /// video render uses the cores: the times then measure throughput.
    public static func run(_ prepared: PreparedScene, frames: Int, threads: Int) -> (ms: [Double], last: Bitmap) {
        let evaluator = prepared.evaluator
        let list0 = evaluator.displayList(frame: 0)
        var bitmap = Bitmap(width: list0.width, height: list0.height)
        var times: [Double] = []
        if threads <= 1 {
            let rasterizer = prepared.makeRasterizer(reuse: false)
            for _ in 0..<frames {
                let start = DispatchTime.now().uptimeNanoseconds
                rasterizer.render(evaluator.displayList(frame: 0), into: &bitmap)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return (times, bitmap)
        }
        return scheduled(prepared, count: frames, threads: threads, reuse: false) { _ in 0 }
    }

    /// Every frame of the scene drawn once, in order, as `reel render` draws
    /// them (reuse across frames unless REEL_NO_REUSE=1, no frame cache) but
    /// without writing them: the drawing-only figure beside a render's
    /// whole-process time, for harnesses whose peers report drawing alone.
    ///
    /// On one thread the frames are drawn on the calling thread, each into
    /// the buffer of the frame two before it — the one a render's single
    /// worker is handed back (its window holds two) — so the times hold the
    /// drawing and not the hand-over of frames between threads, which on a
    /// virtual machine's idle cores cost as much as a light frame.
    public static func everyFrame(_ prepared: PreparedScene, threads: Int) -> (ms: [Double], last: Bitmap) {
        let count = prepared.scene.canvas.frameCount, reuse = FrameReuse.enabledByEnvironment
        guard threads <= 1 else { return scheduled(prepared, count: count, threads: threads, reuse: reuse) { $0 } }
        let evaluator = prepared.evaluator
        let width = prepared.scene.canvas.pixelWidth, height = prepared.scene.canvas.pixelHeight
        var buffers = [Bitmap(width: width, height: height), Bitmap(width: width, height: height)]
        var drawer = FrameDrawer(prepared, reuse: reuse)
        var times: [Double] = []
        for i in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            let spare = buffers[i % 2]
            buffers[i % 2] = Bitmap(width: 1, height: 1) // the spare's only reference: drawn in place
            buffers[i % 2] = drawer.draw(evaluator.displayList(frame: i), threads: 1, reusing: consume spare)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return (times, buffers[(count - 1) % 2])
    }

    /// `count` draws through the production scheduler, the i-th of frame
    /// `frame(i)`: each time is the interval between deliveries, so their sum
    /// is the wall time of the batch. The frame buffers are allocated (their
    /// pages faulted in) before the clock starts, as a peer's target buffer
    /// is given to it before it draws.
    private static func scheduled(_ prepared: PreparedScene, count: Int, threads: Int, reuse: Bool,
                                  frame: @escaping @Sendable (Int) -> Int) -> (ms: [Double], last: Bitmap) {
        let evaluator = prepared.evaluator
        let width = prepared.scene.canvas.pixelWidth, height = prepared.scene.canvas.pixelHeight
        var bitmap = Bitmap(width: width, height: height)
        let scheduler = FrameScheduler(jobs: threads)
        var times: [Double] = []
        let spares = (0..<min(scheduler.window, count)).map { _ in Bitmap(width: width, height: height) }
        var last = DispatchTime.now().uptimeNanoseconds
        try? scheduler.run(frames: 0..<count, spares: consume spares, makeWorker: { FrameDrawer(prepared, reuse: reuse) }, render: { i, drawer, threads, reused in
            drawer.draw(evaluator.displayList(frame: frame(i)), threads: threads, reusing: consume reused)
        }, deliver: { i, drawn in
            let now = DispatchTime.now().uptimeNanoseconds
            times.append(Double(now - last) / 1e6)
            last = now
            if i == count - 1 { bitmap = drawn }
        })
        return (times, bitmap)
    }

    /// Frame 0 drawn alone `frames` times on 1 thread and on `threads`
    /// threads in bands, alternately (so a change in the machine's load
    /// falls on both alike): milliseconds of each draw and the last
    /// `threads`-thread frame (the same bytes as a 1-thread draw).
    public static func bands(_ prepared: PreparedScene, frames: Int, threads: Int) -> (one: [Double], many: [Double], last: Bitmap) {
        let evaluator = prepared.evaluator
        var drawer = FrameDrawer(prepared, reuse: false)
        var bitmap = drawer.draw(evaluator.displayList(frame: 0), threads: threads) // glyph masks and textures built untimed
        var one: [Double] = [], many: [Double] = []
        func timed(_ count: Int) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            bitmap = drawer.draw(evaluator.displayList(frame: 0), threads: count, reusing: bitmap)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        for _ in 0..<frames {
            one.append(timed(1))
            many.append(timed(threads))
        }
        return (one, many, bitmap)
    }

    /// The middle value (the mean of the two middle ones for an even count).
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted(), n = sorted.count
        guard n > 0 else { return 0 }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}
