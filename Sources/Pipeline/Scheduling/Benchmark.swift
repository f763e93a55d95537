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
        try? FrameScheduler(jobs: threads).run(frames: 0..<frames, makeWorker: { prepared.makeRasterizer(reuse: false) }, render: { _, rasterizer, reuse in
            rasterizer.render(evaluator.displayList(frame: 0), reusing: consume reuse)
        }, deliver: { i, frame in
            let now = DispatchTime.now().uptimeNanoseconds
            times.append(Double(now - last) / 1e6)
            last = now
            if i == frames - 1 { bitmap = frame }
        })
        return (times, bitmap)
    }
}
