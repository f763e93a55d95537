import CFFmpeg
import Pixels

/// Writes frames as an animated `.gif` with one palette built for the whole
/// clip, dithered, looping forever.
///
/// **Method.** Two passes over the clip, with FFmpeg's filters:
/// `palettegen` (Heckbert's median cut over the clip's full colour
/// histogram, `stats_mode=full`) chooses up to 256 colours, then
/// `paletteuse` maps every frame to them with Sierra-2-4A ("Sierra Lite")
/// error diffusion, re-dithering only the rectangle that changed since the
/// previous frame (`diff_mode=rectangle`). Why these: a clip-wide palette
/// keeps colours from flickering between frames; error diffusion renders the
/// gradients and soft edges of motion graphics with far less visible
/// pattern than ordered (Bayer) dithering; limiting re-dithering to the
/// changed rectangle keeps static areas still (error diffusion otherwise
/// makes them shimmer) and lets the encoder store only the change. Writing
/// our own median cut and ditherer would give the same method with more
/// code to maintain; libavfilter ships with the FFmpeg we already use.
/// **Memory.** The palette needs every frame before the first can be
/// mapped, so `write` parks frames in a `FrameSpool` (a nameless file in the
/// output's folder, 4 bytes per pixel) and `finish()` reads them back twice.
/// **Transparency.** Pixels with alpha < 128 become the palette's
/// transparent entry; all others are opaque, with their straight
/// (un-premultiplied) colour — GIF has no partial alpha. Only opaque pixels
/// count towards the palette. A clip with any transparent pixel reserves
/// one of the 256 entries for it, codes every frame whole and marks each
/// "restore to background" (disposal 2) with a transparent index, so a
/// transparent pixel never shows the previous frame through (see
/// `rewriteControlExtension`); fully opaque clips use all 256 colours and
/// store each frame as its difference from the previous one.
/// **Timing.** GIF delays are whole centiseconds. Frame *n* starts at
/// round(*n* × 100 ÷ fps) cs, so delays alternate (3, 4, 3, 3, 4, … cs at 30 fps)
/// and the total stays frame count ÷ fps. Browsers play delays under 2 cs as
/// 10 cs, so fps is limited to `maxFrameRate`.
/// **Loop.** A NETSCAPE2.0 block with loop count 0: forever.
/// **Reproducibility.** Filters and encoder run on one thread and the muxer
/// is bit-exact: the same frames give the same bytes.
///
/// The file is written to a hidden temporary next to `path` and renamed into
/// place by `finish()`; on any error or `cancel()` the temporary and the
/// spool are removed.
public final class GIFWriter: FrameSink {
    /// The highest frame rate allowed, in frames per second (2 cs delays).
    public static let maxFrameRate = 50.0
    /// GIF stores sizes in 16 bits.
    public static let maxSide = 65535
    /// Pixels with alpha below this (of 255) are transparent.
    public static let alphaThreshold = 128

    /// The final file.
    public let path: String
    /// The size every frame must have (and the size stored), in pixels.
    public let width: Int
    public let height: Int
    /// Frames per second, as given.
    public let fps: Double

    private let output: AtomicOutput
    private var spool: FrameSpool?
    /// One frame as 0xAARRGGBB words, straight colour, alpha 0 or 255.
    private var words: [UInt32]
    private var hasTransparency = false
    private var encoder: VideoEncoder?
    private var isOpen = false

    /// Creates the temporary and the spool, so a bad path fails before any
    /// rendering.
    /// - Parameter fps: frames per second, more than 0 and at most `maxFrameRate`.
    public init(path: String, width: Int, height: Int, fps: Double) throws {
        try VideoSettingsCheck.size(width, height, path: path, limit: Self.maxSide)
        guard fps.isFinite, fps > 0, fps <= Self.maxFrameRate else {
            throw MediaError.invalidSettings(path: path, reason: "GIF fps must be more than 0 and at most 50 "
                                             + "(browsers slow shorter frame delays to 0.1 s), not \(fps)")
        }
        for filter in ["palettegen", "paletteuse", "buffer", "buffersink"] where !FilterGraph.exists(filter) {
            throw MediaError.encodingFailed(path: path, step: "finding the \(filter) filter",
                                            reason: "this FFmpeg build has no \(filter) filter")
        }
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        self.words = [UInt32](repeating: 0, count: width * height)
        self.output = try AtomicOutput(finalPath: path)
        do {
            spool = try FrameSpool(besides: path, frameBytes: width * height * 4)
        } catch {
            output.discard()
            throw error
        }
        isOpen = true
    }

    deinit {
        cancel()
    }

    /// Converts the frame to straight colour with 1-bit alpha and parks it in
    /// the spool; nothing is encoded before `finish()`.
    public func write(_ frame: Bitmap) throws {
        guard isOpen else { throw MediaError.outputClosed(path: path) }
        do {
            guard frame.width == width, frame.height == height else {
                throw MediaError.frameSizeMismatch(path: path, expectedWidth: width, expectedHeight: height,
                                                   width: frame.width, height: frame.height)
            }
            let threshold = UInt8(Self.alphaThreshold)
            var transparent = false
            frame.pixels.withUnsafeBufferPointer { pixels in
                words.withUnsafeMutableBufferPointer { words in
                    for i in 0..<words.count {
                        let p = i * 4
                        if pixels[p + 3] < threshold {
                            words[i] = 0
                            transparent = true
                        } else {
                            let (r, g, b, _) = StraightAlpha.rgba8(pixels[p], pixels[p + 1], pixels[p + 2],
                                                                   pixels[p + 3])
                            words[i] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                        }
                    }
                }
            }
            hasTransparency = hasTransparency || transparent
            try words.withUnsafeBytes { try spool!.append($0) }
        } catch {
            abandon()
            throw error
        }
    }

    /// Builds the palette, maps and encodes every frame, closes the file and
    /// renames it into place.
    public func finish() throws {
        guard isOpen else { throw MediaError.outputClosed(path: path) }
        do {
            let frames = spool!.count
            guard frames > 0 else { throw MediaError.noFrames(path: path) }
            var palette = try GIFPalette.make(from: spool!, reserveTransparent: hasTransparency, path: path)
            defer { av_frame_free(&palette) }
            let encoder = try VideoEncoder(path: path, temporaryPath: output.temporaryPath,
                                           settings: encoderSettings(frames: frames))
            self.encoder = encoder
            if hasTransparency {
                guard let index = GIFPalette.transparentIndex(of: palette!) else {
                    throw MediaError.encodingFailed(path: path, step: "building the palette",
                                                    reason: "palettegen reserved no transparent entry")
                }
                encoder.rewritePacket = { [path] in
                    try Self.rewriteControlExtension($0, transparentIndex: index, path: path)
                }
            }
            try GIFPalette.apply(palette!, to: spool!, width: width, height: height, into: encoder)
            try encoder.finish()
            release()
            try output.commit()
            isOpen = false
        } catch {
            abandon()
            throw error
        }
    }

    public func cancel() {
        if isOpen { abandon() }
    }

    // MARK: - Encoding

    private func encoderSettings(frames: Int) -> VideoEncoder.Settings {
        // The muxer derives each delay from the next frame's start; the last
        // one is given, with the same rounding, so the total is exact.
        let rate = av_d2q(fps, 1_001_000)
        let frameTime = AVRational(num: rate.den, den: rate.num)
        let centiseconds = AVRational(num: 1, den: 100)
        let lastDelay = av_rescale_q(Int64(frames), frameTime, centiseconds)
            - av_rescale_q(Int64(frames - 1), frameTime, centiseconds)
        return VideoEncoder.Settings(
            container: "gif", containerLabel: "GIF", codec: "gif", codecLabel: "GIF",
            width: width, height: height, pixelFormat: AV_PIX_FMT_PAL8, fps: fps, threads: 1,
            tagsBT709: false, sampleAspectRatio: AVRational(num: 0, den: 1),
            // Whole frames when transparency is in play (see the type's notes).
            codecOptions: hasTransparency ? [("gifflags", "0")] : [],
            muxerOptions: [("loop", "0"), ("final_delay", String(lastDelay))])
    }

    /// Rewrites the packet's Graphic Control Extension for a clip with
    /// transparency: disposal 2, "restore to background", and a transparent
    /// index on every frame. FFmpeg's encoder marks opaque frames "do not
    /// dispose", which would let the next frame's transparent pixels show
    /// this one; and a frame without a transparent index leaves decoders that
    /// follow the letter of the spec (FFmpeg's among them) restoring to the
    /// opaque background colour rather than to transparency, as browsers do.
    /// The packet is one frame from FFmpeg's GIF encoder: the header and
    /// global palette come first in the first frame, then the GCE; an index
    /// already set (the first frame's, into its local palette) is kept.
    static func rewriteControlExtension(_ packet: UnsafeMutablePointer<AVPacket>, transparentIndex: UInt8,
                                        path: String) throws {
        try checkFFmpeg(av_packet_make_writable(packet), path: path, step: "av_packet_make_writable")
        let bytes = UnsafeMutableBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size))
        var offset = 0
        if bytes.count >= 13, bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 {   // "GIF": header first
            offset = 13
            if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
        }
        guard offset + 6 <= bytes.count, bytes[offset] == 0x21, bytes[offset + 1] == 0xF9, bytes[offset + 2] == 4 else {
            throw MediaError.encodingFailed(path: path, step: "marking GIF frame disposal",
                                            reason: "no graphic control extension where FFmpeg's encoder puts it")
        }
        let flags = offset + 3
        if bytes[flags] & 1 == 0 {
            bytes[flags] |= 1
            bytes[offset + 6] = transparentIndex
        }
        bytes[flags] = bytes[flags] & ~0x1C | 2 << 2
    }

    // MARK: - Cleanup

    private func release() {
        encoder?.release()
        encoder = nil
        spool?.close()
        spool = nil
    }

    private func abandon() {
        release()
        output.discard()
        isOpen = false
    }
}
