import DisplayList
import Evaluation
import Media
import Raster
import SceneModel

/// One frame of a scene at any time, written as a PNG (straight alpha).
public enum StillJob {
    /// Renders `scenePath` at `time` seconds (need not fall on a frame) into
    /// `output`; `scale` replaces the canvas's pixels per point.
    public static func run(scenePath: String, time: Double?, scale: Double? = nil,
                           parameters: [ParameterAssignment] = [], systemFonts: Bool = true,
                           output: String) throws(ReelError) {
        let prepared = try PreparedScene.load(scenePath, canvas: CanvasOverrides(scale: scale), parameters: parameters,
                                              systemFonts: systemFonts)
        prepared.reportWarnings()
        let canvas = prepared.scene.canvas
        let time = time ?? prepared.scene.posterTime
        guard time >= 0, time <= canvas.duration else {
            throw .plan(.timeOutOfRange(time, duration: canvas.duration), scene: scenePath)
        }
        do {
            // Like every output of `render`: a missing folder is created.
            try OutputFile.makeFolder(for: output)
            try OutputFile.write(try png(EncodedDisplayList(prepared.evaluator.displayList(at: time)),
                                         rasterizer: prepared.makeRasterizer()),
                                 to: output)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)"))
        }
    }

    /// The PNG bytes of one moment's display list (`evaluator.displayList(at:)`,
    /// encoded once, as the studio's frame key needs it too), drawn by
    /// `rasterizer` (one of the scene's): every still, from the command line
    /// or the studio, is made here, so they are the same bytes.
    public static func png(_ frame: EncodedDisplayList, rasterizer: Rasterizer) throws -> [UInt8] {
        try PNGCodec.encode(rasterizer.render(frame))
    }
}
