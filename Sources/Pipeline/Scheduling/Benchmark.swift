import Dispatch
import Evaluation
import Pixels
import Raster
import SceneModel

/// Times frame rendering for a peer benchmark harness (`reel bench`; see
/// docs/BENCHMARKS.md): frame 0 rendered `frames` times, each time covering
/// evaluation, display-list building and rasterization including the clear —
/// not scene loading, not PNG writing. Reuse across frames is off: the same
/// frame drawn again would otherwise be a copy of the last, and the peers
/// draw every time.
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
        // Through the production scheduler: each time is the interval between
        // deliveries, so their sum is the wall time of the batch.
        var last = DispatchTime.now().uptimeNanoseconds
        try? FrameScheduler(jobs: threads).run(frames: 0..<frames, makeWorker: { FrameDrawer(prepared, reuse: false) }, render: { _, drawer, threads, reuse in
            drawer.draw(evaluator.displayList(frame: 0), threads: threads, reusing: consume reuse)
        }, deliver: { i, frame in
            let now = DispatchTime.now().uptimeNanoseconds
            times.append(Double(now - last) / 1e6)
            last = now
            if i == frames - 1 { bitmap = frame }
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
