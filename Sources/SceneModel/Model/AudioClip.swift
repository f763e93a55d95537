/// One sound of the scene's `audio` list: a stretch of a sound file placed
/// on the scene's timeline.
///
/// Pure data, as the file says it; decoding the file and mixing happen in
/// later stages (`SoundMix`, `SceneSound`).
public struct AudioClip: Sendable, Equatable {
    /// The sound file (WAV, AIFF, FLAC, MP3, AAC/M4A, Opus/Ogg): its path as
    /// written or as an `audio` parameter gave it, relative to the scene
    /// file unless absolute, and where the clip names it (`$.audio[i].file`),
    /// so a file that cannot be decoded is reported there.
    public var file: AssetFile
    /// The name of the `audio` parameter that gave `file`, if one did.
    public var parameter: String?
    /// Where the clip starts on the scene's timeline, seconds, ≥ 0.
    public var start: Double
    /// The stretch of the source that plays, seconds of the source: from
    /// `trimIn` (≥ 0) to `trimOut` (> `trimIn`; nil = the source's end).
    public var trimIn: Double
    public var trimOut: Double?
    /// Plays the stretch again and again until the scene ends; otherwise once.
    public var loop: Bool
    /// A fixed level change, decibels (0 = as recorded, −6 ≈ half the amplitude).
    public var gain: Double
    /// A factor on the amplitude that may change over time (1 = as recorded,
    /// 0 = silent), read at scene time; negative values count as 0.
    public var volume: Animated<Double>

    public init(file: AssetFile, parameter: String? = nil, start: Double = 0, trimIn: Double = 0, trimOut: Double? = nil,
                loop: Bool = false, gain: Double = 0, volume: Animated<Double> = .constant(1)) {
        self.file = file
        self.parameter = parameter
        self.start = start
        self.trimIn = trimIn
        self.trimOut = trimOut
        self.loop = loop
        self.gain = gain
        self.volume = volume
    }
}

extension AudioClip {
    /// The file name endings a clip's file (and an `audio` parameter) may
    /// have, in lower case: the formats Reel decodes.
    public static let fileExtensions = ["wav", "wave", "aif", "aiff", "aifc", "flac", "mp3", "aac", "m4a", "opus", "ogg", "oga"]

    /// Whether `path` ends in one of `fileExtensions` (any letter case).
    public static func isSoundFile(_ path: String) -> Bool {
        AssetFile.fileExtension(of: path).map(fileExtensions.contains) ?? false
    }
}
