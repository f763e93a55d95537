import CFFmpeg

/// Writes frames as a QuickTime `.mov` with Apple ProRes 4444 (FFmpeg's
/// `prores_ks`), **keeping the alpha channel**: the format to hand to an
/// editor or compositor.
///
/// **Alpha.** Frames are un-premultiplied before conversion (ProRes stores
/// straight alpha), so a pixel at 50 % alpha decodes to its full colour with
/// alpha 0.5, not to a colour darkened by the premultiplication. Alpha is
/// coded with 8 bits (`alpha_bits`): all that 8-bit frames hold, and much
/// smaller than 16 (a file with busy alpha shrank by 40 %). Un-premultiplying
/// to 16 bits first was tried: its extra precision, under half an 8-bit step
/// once the colour is multiplied by its alpha again, did not pay for a
/// conversion about 4× slower.
/// **Colour.** `yuva444p10le` (no chroma subsampling), BT.709 coefficients,
/// limited range, tagged BT.709 in both the ProRes frame headers and the
/// `colr` atom. Any size is stored as is (4:4:4 needs no even sizes).
/// **Quality.** ProRes 4444 has no rate control to choose: the profile fixes
/// a high, visually lossless bitrate (≈ 330 Mbit/s at 1080p30, alpha
/// extra), so there is no crf or preset.
/// **Reproducibility and timing** as in `MP4Writer` (fixed
/// `encoderThreads`; ProRes slices are coded independently, so the bytes do
/// not depend on the thread count anyway); `movflags=+faststart` puts the
/// index first. **Sound** as in `MP4Writer` (AAC).
public final class MOVWriter: VideoFileWriter {
    /// prores_ks threads, fixed.
    public static let encoderThreads = 4

    /// Opens the output: the temporary file is created and the header written
    /// here, so a bad path or setting fails before any rendering.
    /// - Parameters:
    ///   - fps: frames per second, more than 0 and at most 1000.
    ///   - tags: container metadata, e.g. a chunk's `ChunkTag` (every ProRes
    ///     frame is a keyframe, so any frame can start a chunk).
    ///   - sound: the video's sound track from its first frame, nil for none.
    public init(path: String, width: Int, height: Int, fps: Double, tags: [(String, String)] = [],
                sound: SoundSamples? = nil) throws {
        let settings = VideoEncoder.Settings(
            container: "mov", containerLabel: "QuickTime", codec: "prores_ks", codecLabel: "ProRes 4444",
            width: width, height: height, pixelFormat: AV_PIX_FMT_YUVA444P10LE, fps: fps,
            threads: Self.encoderThreads,
            // "apl0" is the vendor code Apple's own encoder writes; some
            // Apple tools are pickier about ProRes from other vendors.
            codecOptions: [("profile", "4444"), ("alpha_bits", "8"), ("vendor", "apl0")],
            muxerOptions: [("movflags", VideoSettingsCheck.movFlags(tagged: !tags.isEmpty))], tags: tags, sound: .aac)
        try super.init(path: path, width: width, height: height, fps: fps, settings: settings, alpha: .straight, sound: sound)
    }
}
