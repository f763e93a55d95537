import Evaluation
import Media
import Raster
import SceneModel

/// One frame of a scene at any time, written as a PNG (straight alpha).
public enum StillJob {
    /// Renders `scenePath` at `time` seconds (need not fall on a frame) into
    /// `output`; `scale` replaces the canvas's pixels per point.
    public static func run(scenePath: String, time: Double?, scale: Double? = nil, output: String) throws(ReelError) {
        let prepared = try PreparedScene.load(scenePath, canvas: CanvasOverrides(scale: scale))
        prepared.reportWarnings()
        let canvas = prepared.scene.canvas
        let time = time ?? prepared.scene.posterTime
        guard time >= 0, time <= canvas.duration else {
            throw .plan(.timeOutOfRange(time, duration: canvas.duration), scene: scenePath)
        }
        let frame = prepared.makeRasterizer().render(prepared.evaluator.displayList(at: time))
        do {
            try PNGCodec.write(frame, to: output)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)"))
        }
    }
}
