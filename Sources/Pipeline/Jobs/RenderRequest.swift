import Foundation
import Media
import SceneModel

/// One scene to render and where its frames go.
public struct RenderRequest: Sendable {
    public var scenePath: String
    /// Video output; its format is `format`, else the extension's (mp4, mov, webm, gif). Nil for none.
    public var videoPath: String?
    public var format: OutputFormat?
    /// Folder for a PNG sequence; nil for none.
    public var pngDirectory: String?
    /// A PNG of the scene's poster frame (its `poster` time, else the middle); nil for none.
    public var posterPath: String?
    /// A PNG contact sheet of `contactSheetFrames` evenly spaced frames, each
    /// labelled with its time; nil for none. Alone, it renders only those frames.
    public var contactSheetPath: String?
    public var contactSheetFrames = 12
    /// Frame indices to render (inclusive), nil for all.
    public var frames: ClosedRange<Int>?
    /// Renders every `every`th frame of `frames`; a video then plays at fps ÷ `every`.
    public var every = 1
    /// Scale and frame rate instead of the canvas's.
    public var canvas = CanvasOverrides()
    /// Encoder quality and speed on x264's scales (see `makeWriter`).
    public var crf = 20
    public var preset = "veryfast"
    /// Whether installed fonts (fontconfig) may set characters the scene's
    /// and the bundled fonts lack; `--fonts-only-declared` turns it off.
    public var systemFonts = true
    /// Frames between keyframes of the video; nil for `KeyframeInterval.standard`.
    public var gop: Int?
    /// Renders only this chunk of the selected frames (see `ShardTable`),
    /// its video tagged for `ChunkJoin`; nil for all.
    public var shard: Shard?
    /// Renders the video as this many chunks encoded at once, joined at the
    /// end (see `ChunkedRender`); nil or 1 for one encoder.
    public var chunks: ChunkCount?
    /// Folder of the frame cache (see `FrameCache`); nil renders every frame afresh.
    public var cacheFolder: String?
    /// Values replacing the defaults of the scene's parameters (`--set`, `--vars`).
    public var parameters: [ParameterAssignment] = []

    public init(scenePath: String, videoPath: String? = nil, pngDirectory: String? = nil, posterPath: String? = nil,
                frames: ClosedRange<Int>? = nil) {
        self.scenePath = scenePath
        self.videoPath = videoPath
        self.pngDirectory = pngDirectory
        self.posterPath = posterPath
        self.frames = frames
    }

    /// Where the output shown in progress lines goes.
    var label: String { videoPath ?? pngDirectory ?? contactSheetPath ?? posterPath ?? scenePath }
}
