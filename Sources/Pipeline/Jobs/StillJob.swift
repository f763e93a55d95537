import DisplayList
import Evaluation
import Media
import Raster
import SceneModel

/// One frame of a scene at any time, written as a PNG (straight alpha).
public enum StillJob {
    /// Which moment: seconds (need not fall on a frame) or a frame's time.
    public enum Moment: Sendable, Equatable {
        case time(Double)
        case frame(Int)
    }

    /// Renders the scene of `request` — with its canvas overrides, parameters
    /// and fonts, as its video would be drawn — at `moment` (nil: the scene's
    /// poster time) into `request.posterPath`, drawn on `threads` threads
    /// (the same bytes for any number).
    public static func run(_ request: RenderRequest, at moment: Moment?, threads: Int = 1) throws(RenderError) {
        guard let output = request.posterPath else { throw .plan(.nothingToWrite, scene: request.scenePath) }
        let prepared = try PreparedScene.load(request, sound: false)
        prepared.reportWarnings()
        let canvas = prepared.scene.canvas
        let time: Double
        switch moment {
        case nil: time = prepared.scene.posterTime
        case .time(let t): time = t
        case .frame(let i):
            guard i < canvas.frameCount else {
                throw .plan(.frameOutOfRange(i, frameCount: canvas.frameCount), scene: request.scenePath)
            }
            time = canvas.time(ofFrame: i)
        }
        guard time >= canvas.start, time <= canvas.end else {
            throw .plan(.timeOutOfRange(time, start: canvas.start, end: canvas.end), scene: request.scenePath)
        }
        do {
            // Like every output of `render`: a missing folder is created.
            try OutputFile.makeFolder(for: output)
            var drawer = FrameDrawer(prepared, reuse: false)
            let frame = drawer.draw(prepared.evaluator.displayList(at: time), threads: threads)
            try OutputFile.write(try PNGCodec.encode(frame), to: output)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)"))
        }
    }

    /// The PNG bytes of one moment's display list (`evaluator.displayList(at:)`,
    /// encoded once, as the studio's frame key needs it too), drawn by
    /// `drawer` (one of the scene's) on `threads` threads: the studio's stills.
    public static func png(_ frame: EncodedDisplayList, drawer: inout FrameDrawer, threads: Int) throws -> [UInt8] {
        try PNGCodec.encode(drawer.draw(frame, threads: threads))
    }
}
