import DisplayList
import Evaluation
import Media
import Raster
import SceneModel

/// One frame of a scene at any time, written as a PNG (straight alpha).
public enum StillJob {
    /// Renders the scene of `request` — with all its settings: canvas
    /// overrides, parameters, fonts; its outputs play no part — at `time`
    /// seconds (need not fall on a frame; nil: the poster time) into `output`.
    public static func run(_ request: RenderRequest, time: Double?, output: String) throws(ReelError) {
        let prepared = try PreparedScene.load(request)
        prepared.reportWarnings()
        let canvas = prepared.scene.canvas
        let time = time ?? prepared.scene.posterTime
        guard time >= 0, time <= canvas.duration else {
            throw .plan(.timeOutOfRange(time, duration: canvas.duration), scene: request.scenePath)
        }
        do {
            // Like every output of `render`: a missing folder is created.
            try OutputFile.makeFolder(for: output)
            try OutputFile.write(try png(prepared.evaluator.displayList(at: time), rasterizer: prepared.makeRasterizer()),
                                 to: output)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)"))
        }
    }

    /// The PNG bytes of one moment's display list (`evaluator.displayList(at:)`),
    /// drawn by `rasterizer` (one of the scene's): every still, from the
    /// command line or the studio, is made here, so they are the same bytes.
    public static func png(_ list: DisplayList, rasterizer: Rasterizer) throws -> [UInt8] {
        try PNGCodec.encode(rasterizer.render(list))
    }
}
