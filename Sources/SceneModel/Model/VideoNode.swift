import Animation

/// A video clip drawn in its bounds, as an image is, showing at each scene
/// time the source frame that time maps to.
///
/// Pure data, as the file says it; which frame a time shows is
/// `Evaluation`'s, reading the clip's frames is the pipeline's.
public struct VideoNode: Sendable, Equatable {
    /// The video file (MP4, MOV, WebM, GIF): its path as written or as a
    /// `video` parameter gave it, relative to the scene file unless
    /// absolute, and where the node names it (`$.layers[i].video`).
    public var file: AssetFile
    /// The name of the `video` parameter that gave `file`, if one did.
    public var parameter: String?
    /// Points; nil = the clip's natural size (1 pixel = 1 point).
    public var size: AnimatedPair?
    /// How the clip fills `size`, as an image's `contentMode`.
    public var contentMode: ContentMode?
    /// Scene time the clip starts, seconds, ≥ 0; nothing is drawn before it.
    public var begin: Double
    /// The stretch of the source that plays, seconds of the source: from
    /// `trimIn` (≥ 0) to `trimOut` (> `trimIn`; nil = the source's end).
    public var trimIn: Double
    public var trimOut: Double?
    /// Source seconds per scene second (> 0).
    public var rate: Double
    /// Plays the stretch again and again; otherwise the last frame holds.
    public var loop: Bool
    /// Whether the clip's own sound joins the scene's mix (as an audio clip
    /// with the same begin, trim and loop; only at rate 1).
    public var audio: Bool

    public init(file: AssetFile, parameter: String? = nil, size: AnimatedPair? = nil, contentMode: ContentMode? = nil,
                begin: Double = 0, trimIn: Double = 0, trimOut: Double? = nil, rate: Double = 1, loop: Bool = false,
                audio: Bool = false) {
        self.file = file
        self.parameter = parameter
        self.size = size
        self.contentMode = contentMode
        self.begin = begin
        self.trimIn = trimIn
        self.trimOut = trimOut
        self.rate = rate
        self.loop = loop
        self.audio = audio
    }

    /// The clip's sound as an audio clip of the scene's mix.
    public var soundClip: AudioClip {
        AudioClip(file: file, parameter: parameter, start: begin, trimIn: trimIn, trimOut: trimOut, loop: loop)
    }
}

extension VideoNode {
    /// The file name endings a video layer's file (and a `video` parameter)
    /// may have, in lower case.
    public static let fileExtensions = ["mp4", "m4v", "mov", "webm", "mkv", "gif"]

    /// Whether `path` ends in one of `fileExtensions` (any letter case).
    public static func isVideoFile(_ path: String) -> Bool {
        AssetFile.fileExtension(of: path).map(fileExtensions.contains) ?? false
    }
}
