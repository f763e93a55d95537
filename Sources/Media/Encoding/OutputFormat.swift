/// The video formats Reel writes, chosen by file extension.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// H.264 in MP4 (`MP4Writer`): small, plays everywhere; no alpha (frames
    /// are composited over black).
    case mp4
    /// ProRes 4444 in QuickTime (`MOVWriter`): for editing and compositing;
    /// full alpha, large files.
    case mov
    /// VP9 in WebM (`WebMWriter`): for the web; full alpha.
    case webm
    /// Animated GIF (`GIFWriter`): 256 colours, 1-bit transparency.
    case gif

    /// The format for an extension, without the dot, in any letter case
    /// ("MP4", "webm"); nil for any other.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// The format for the extension of `path`'s file name; nil when it has
    /// none or an unknown one.
    public init?(path: String) {
        let name = FileSystem.split(path).name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(pathExtension: String(name[name.index(after: dot)...]))
    }

    /// Whether the format keeps the frames' alpha: fully (`mov`, `webm`), as
    /// on/off transparency (`gif`) or not at all (`mp4`).
    public var alpha: Alpha {
        switch self {
        case .mp4: .none
        case .mov, .webm: .full
        case .gif: .binary
        }
    }

    public enum Alpha: Sendable {
        case none, binary, full
    }

    /// Whether the format stores sound: AAC in MP4 and QuickTime, Opus in
    /// WebM; GIF has none.
    public var carriesSound: Bool { self != .gif }
}

/// Opens a writer for `path`, choosing the format from its extension (or
/// `format` when given).
///
/// `crf` and `preset` are on x264's scales, as the command line offers them,
/// and are checked whatever the format (0…51; one of `MP4Writer.presets`):
/// - **mp4**: used as they are.
/// - **webm**: mapped to VP9 by `WebMWriter.crf(forX264CRF:)` and
///   `WebMWriter.speed(forX264Preset:)` — the same place on each scale, so
///   "crf 20, veryfast" is comparable quality and speed.
/// - **mov**, **gif**: ignored. ProRes 4444's quality is fixed by its profile;
///   GIF is lossless once the palette is chosen.
///
/// `gop` (frames between keyframes, default `KeyframeInterval.standard`)
/// applies to mp4 and webm; ProRes is all keyframes. `tags` are container
/// metadata (mp4, mov, webm; GIF has none and ignores them). `sound` is the
/// video's sound track (mp4, mov, webm; `carriesSound`): passing it for a
/// GIF is an error.
/// - Throws: `MediaError.invalidSettings` naming `path` for an unknown
///   extension or a bad setting, and whatever the writer's initializer throws.
public func makeWriter(path: String, width: Int, height: Int, fps: Double,
                       crf: Int = 20, preset: String = "veryfast",
                       format: OutputFormat? = nil, gop: Int? = nil, tags: [(String, String)] = [],
                       sound: SoundSamples? = nil) throws -> FrameSink {
    guard let format = format ?? OutputFormat(path: path) else {
        let known = OutputFormat.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
        throw MediaError.invalidSettings(path: path, reason: "unknown video format; the file name must end in \(known)")
    }
    try VideoSettingsCheck.x264CRF(crf, path: path)
    try VideoSettingsCheck.x264Preset(preset, path: path)
    switch format {
    case .mp4:
        return try MP4Writer(path: path, width: width, height: height, fps: fps, crf: crf, preset: preset,
                             gop: gop, tags: tags, sound: sound)
    case .mov:
        return try MOVWriter(path: path, width: width, height: height, fps: fps, tags: tags, sound: sound)
    case .webm:
        return try WebMWriter(path: path, width: width, height: height, fps: fps,
                              crf: WebMWriter.crf(forX264CRF: crf), speed: WebMWriter.speed(forX264Preset: preset),
                              gop: gop, tags: tags, sound: sound)
    case .gif:
        guard sound == nil else { throw MediaError.invalidSettings(path: path, reason: "GIF stores no sound") }
        return try GIFWriter(path: path, width: width, height: height, fps: fps)
    }
}

extension WebMWriter {
    /// An x264 crf (0…51) moved to the same place on VP9's scale (0…63),
    /// rounded: 20 → 25, 23 → 28, 51 → 63. Only approximately equal quality:
    /// the codecs differ.
    public static func crf(forX264CRF crf: Int) -> Int {
        (min(max(crf, 0), 51) * 63 + 25) / 51
    }

    /// An x264 preset as libvpx `cpu-used`: ultrafast and superfast → 5,
    /// veryfast and faster → 4, fast → 3, medium → 2, slow → 1, slower and
    /// beyond → 0; 4 for an unknown name.
    public static func speed(forX264Preset preset: String) -> Int {
        switch preset {
        case "ultrafast", "superfast": 5
        case "veryfast", "faster": 4
        case "fast": 3
        case "medium": 2
        case "slow": 1
        case "slower", "veryslow", "placebo": 0
        default: 4
        }
    }
}
