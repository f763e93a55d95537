import Dispatch
import Foundation
import Media
import Pipeline
import Synchronization

/// Where one frame of an MP4 render goes, in milliseconds per frame:
/// evaluation and drawing summed over the workers (CPU time of the frame
/// on a worker), and on the delivering thread the RGBA → YUV conversion,
/// the wait in x264 and the wait for the next frame from the workers.
/// Whichever of "frame wait" and "encoder wait" is large names the
/// bottleneck: drawing, or the encoder.
struct CostSplit {
    var evaluation = 0.0, drawing = 0.0, conversion = 0.0, encoderWait = 0.0, frameWait = 0.0, wall = 0.0

    /// Renders frames 0..<count of `prepared` to `path` (no frame cache), as
    /// `RenderBatch` does, timing each stage.
    static func measure(_ prepared: PreparedScene, count: Int, path: String, jobs: Int) throws -> CostSplit {
        let canvas = prepared.scene.canvas
        let writer = try MP4Writer(path: path, width: canvas.pixelWidth, height: canvas.pixelHeight, fps: canvas.fps)
        let evaluating = Atomic<UInt64>(0), drawing = Atomic<UInt64>(0)
        var waiting: UInt64 = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var delivered = start
        try FrameScheduler(jobs: jobs).run(frames: 0..<count, makeWorker: { FrameDrawer(prepared) }, render: { i, drawer, threads, reuse in
            let t0 = DispatchTime.now().uptimeNanoseconds
            let list = prepared.evaluator.displayList(frame: i)
            let t1 = DispatchTime.now().uptimeNanoseconds
            let bitmap = drawer.draw(list, threads: threads, reusing: consume reuse)
            evaluating.add(t1 - t0, ordering: .relaxed)
            drawing.add(DispatchTime.now().uptimeNanoseconds - t1, ordering: .relaxed)
            return bitmap
        }, deliver: { _, bitmap in
            waiting += DispatchTime.now().uptimeNanoseconds - delivered
            try writer.write(bitmap)
            delivered = DispatchTime.now().uptimeNanoseconds
        })
        try writer.finish()
        let perFrame = { (ns: UInt64) in Double(ns) / 1e6 / Double(count) }
        return CostSplit(evaluation: perFrame(evaluating.load(ordering: .relaxed)),
                         drawing: perFrame(drawing.load(ordering: .relaxed)),
                         conversion: perFrame(writer.times.conversion), encoderWait: perFrame(writer.times.encoding),
                         frameWait: perFrame(waiting), wall: perFrame(DispatchTime.now().uptimeNanoseconds - start))
    }

    static let header = "scene | evaluation ms | drawing ms | conversion ms | encoder wait ms | frame wait ms | wall ms"

    func row(_ scene: String) -> String {
        String(format: "%@ | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f", scene, evaluation, drawing, conversion,
               encoderWait, frameWait, wall)
    }
}
