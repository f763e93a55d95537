import CFFmpeg

/// Writes frames as an H.264 MP4 through libavcodec (libx264) and libavformat.
///
/// **Colour.** Frames are converted with swscale to yuv420p using BT.709
/// coefficients, limited (TV) range, and the stream is tagged BT.709
/// (primaries, transfer, matrix), which is what players assume for HD video.
/// **Alpha.** H.264 has none: the premultiplied RGB is used as is, which is
/// the frame composited over black.
/// **Odd sizes.** 4:2:0 needs even dimensions, so an odd width or height is
/// padded to the next even number by repeating the last column or row; the
/// file then reports the even size (`encodedWidth` × `encodedHeight`).
/// **Timing.** The time base comes from `fps` (`av_d2q`, so 29.97 becomes
/// 30000/1001), frame *n* has pts *n*, and every packet lasts one frame, so
/// the stream lasts frame count ÷ fps seconds (see `VideoEncoder`).
/// **Reproducibility.** x264 runs `encoderThreads` threads whatever the core
/// count (its output depends on the thread count), as slice threads: the
/// threads share each frame, one frame at a time. Frame threading (x264's
/// default) is not reproducible — with identical input, the quantiser x264
/// picks for a macroblock now and then depends on how its threads were
/// scheduled (seen on small flat clips: one byte in ~1 % of encodes, more
/// under load). Slices cost about 4 % in size at the same quality and no
/// speed on 2–4 cores. swscale and both contexts are bit-exact, and no
/// encoder version or creation time goes into the container: the same
/// frames and settings give the same bytes on this machine's library versions.
/// **Layout.** `movflags=+faststart`: the index (`moov`) precedes the media
/// data (`mdat`), so playback can start while downloading.
/// **Keyframes.** An IDR frame every `gop` frames and nowhere else (see
/// `KeyframeInterval`), so a chunk of the video starting at a multiple of
/// `gop` can be encoded on its own and joined by stream copy. `tags` go into
/// the `moov` metadata under their own names (`use_metadata_tags`).
/// **Sound.** With `sound`, an AAC stream beside the video (`SoundEncoder`);
/// without, the file has the video stream alone.
public final class MP4Writer: VideoFileWriter {
    /// x264 threads. Fixed, not the core count, so output bytes do not depend
    /// on the machine; 4 keeps 2–4 cores busy with slice threading.
    public static let encoderThreads = 4
    /// x264's options besides preset, crf and threads: the fixed GOP and
    /// slice threads (what `reel-benchmarks encoding` gives x264 alone too).
    public static func x264Parameters(gop: Int) -> String {
        KeyframeInterval.x264Parameters(gop) + ":sliced-threads=1"
    }
    /// The x264 presets, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast",
                                 "medium", "slow", "slower", "veryslow", "placebo"]

    /// The size stored in the file: `width` and `height` rounded up to even.
    public let encodedWidth: Int
    public let encodedHeight: Int

    /// Opens the output: the temporary file is created and the MP4 header
    /// written here, so a bad path or setting fails before any rendering.
    /// - Parameters:
    ///   - fps: frames per second, more than 0 and at most 1000.
    ///   - crf: x264 constant rate factor, 0 (lossless) … 51; lower is better.
    ///   - preset: one of `presets`; slower presets give smaller files.
    ///   - gop: frames from one keyframe to the next; nil for `KeyframeInterval.standard`.
    ///   - tags: container metadata, e.g. a chunk's `ChunkTag`.
    ///   - sound: the video's sound track from its first frame, nil for none.
    ///   - threads: x264's slice threads; other counts than `encoderThreads`
    ///     give other bytes (the benchmarks measure what they cost).
    public init(path: String, width: Int, height: Int, fps: Double,
                crf: Int = 20, preset: String = "veryfast", gop: Int? = nil, tags: [(String, String)] = [],
                sound: SoundSamples? = nil, threads: Int = encoderThreads) throws {
        try VideoSettingsCheck.x264CRF(crf, path: path)
        try VideoSettingsCheck.x264Preset(preset, path: path)
        let gop = gop ?? KeyframeInterval.standard(fps: fps)
        try KeyframeInterval.check(gop, path: path)
        self.encodedWidth = (width + 1) & ~1
        self.encodedHeight = (height + 1) & ~1
        let settings = VideoEncoder.Settings(
            container: "mp4", containerLabel: "MP4", codec: "libx264", codecLabel: "H.264",
            width: encodedWidth, height: encodedHeight, pixelFormat: AV_PIX_FMT_NV12, fps: fps,
            threads: threads,
            codecOptions: [("preset", preset), ("crf", String(crf)), ("x264-params", Self.x264Parameters(gop: gop))],
            muxerOptions: [("movflags", VideoSettingsCheck.movFlags(tagged: !tags.isEmpty))],
            keyframeInterval: gop, tags: tags, sound: .aac)
        try super.init(path: path, width: width, height: height, fps: fps, settings: settings, alpha: .overBlack, sound: sound)
    }
}
