import CFFmpeg

/// Writes frames as a `.webm` with VP9 (libvpx), **keeping the alpha
/// channel**: for the web, where browsers play VP9 with transparency.
///
/// **Alpha.** Frames are un-premultiplied (VP9 stores straight alpha) and
/// converted to `yuva420p`. libvpx codes the alpha plane as a second VP9
/// stream that the WebM muxer stores as block additions, and the track is
/// marked `AlphaMode 1`. Decoders that ignore it (FFmpeg's native `vp9`)
/// show the colour only; `libvpx-vp9` and browsers apply the alpha.
/// **Colour.** BT.709 coefficients, limited range, tagged BT.709 in the VP9
/// bitstream and the WebM `Colour` element. Odd sizes are stored as is
/// (VP9 allows them).
/// **Quality.** Constant quality: `crf` 0 … 63 with no bitrate cap (lower is
/// better; 31 is libvpx's usual HD recommendation), `deadline=good` with
/// `cpu-used` = `speed` (0 slowest and best … 5 fastest).
/// **Reproducibility.** libvpx runs `encoderThreads` threads over a fixed
/// tile layout (`tile-columns=2`, clamped by libvpx to what the width
/// allows), with row multithreading off, so the bytes do not depend on the
/// machine; the WebM muxer is bit-exact (fixed segment UID, no writing-app
/// or date). Timing as in `MP4Writer` (WebM stores milliseconds).
/// **Keyframes.** Every `gop` frames and nowhere else (libvpx's
/// `kf_min_dist` = `kf_max_dist`), as in `MP4Writer`; `tags` become
/// Matroska tags. **Sound.** With `sound`, an Opus stream beside the video
/// (`SoundEncoder`).
public final class WebMWriter: VideoFileWriter {
    /// libvpx threads, fixed.
    public static let encoderThreads = 4
    /// The allowed `crf` values, best first.
    public static let crfRange = 0...63
    /// The allowed `speed` (libvpx `cpu-used`) values, slowest first.
    public static let speedRange = 0...5

    /// Opens the output: the temporary file is created and the header written
    /// here, so a bad path or setting fails before any rendering.
    /// - Parameters:
    ///   - fps: frames per second, more than 0 and at most 1000.
    ///   - crf: VP9 constant quality, `crfRange`; lower is better.
    ///   - speed: libvpx `cpu-used`, `speedRange`; higher is faster.
    ///   - gop: frames from one keyframe to the next; nil for `KeyframeInterval.standard`.
    ///   - tags: container metadata, e.g. a chunk's `ChunkTag`.
    ///   - sound: the video's sound track from its first frame, nil for none.
    public init(path: String, width: Int, height: Int, fps: Double,
                crf: Int = 31, speed: Int = 4, gop: Int? = nil, tags: [(String, String)] = [],
                sound: SoundSamples? = nil) throws {
        let gop = gop ?? KeyframeInterval.standard(fps: fps)
        try KeyframeInterval.check(gop, path: path)
        guard Self.crfRange.contains(crf) else {
            throw MediaError.invalidSettings(path: path, reason: "VP9 crf must be 0…63, not \(crf)")
        }
        guard Self.speedRange.contains(speed) else {
            throw MediaError.invalidSettings(path: path, reason: "VP9 speed must be 0…5, not \(speed)")
        }
        let settings = VideoEncoder.Settings(
            container: "webm", containerLabel: "WebM", codec: "libvpx-vp9", codecLabel: "VP9",
            width: width, height: height, pixelFormat: AV_PIX_FMT_YUVA420P, fps: fps,
            threads: Self.encoderThreads,
            codecOptions: [("crf", String(crf)), ("b", "0"), ("deadline", "good"), ("cpu-used", String(speed)),
                           ("row-mt", "0"), ("tile-columns", "2"), ("frame-parallel", "0")],
            keyframeInterval: gop, tags: tags, sound: .opus)
        try super.init(path: path, width: width, height: height, fps: fps, settings: settings, alpha: .straight, sound: sound)
    }
}
