import CFFmpeg
import Pixels

/// Decoded video frames to premultiplied RGBA by swscale.
///
/// **Colour.** YUV is converted with the matrix and range the stream states;
/// a stream that states none is taken as BT.709, limited range, as
/// `MP4Writer` writes it and HD players assume. Chroma is upsampled with
/// full horizontal interpolation and accurate rounding, or, when
/// `exactChroma` is off, by swscale's unscaled fast path (as the ffmpeg
/// command converts by default), some eight times cheaper.
/// **Alpha.** Kept where the decoded format has it (an alpha plane or a
/// palette); other frames are opaque and need no premultiplying.
///
/// Apart from the decoder because a swscale context serves one thread: the
/// frames one shared decoder produces are converted by each worker with its
/// own conversion, in parallel (`SharedVideoDecoder`).
final class VideoFrameConversion {
    let path: String
    private let exactChroma: Bool
    private var scaler: OpaquePointer?
    private var input: (format: Int32, width: Int32, height: Int32)?
    private var inputHasAlpha = true

    /// Pixels past a row's end that swscale may store (its widest SIMD
    /// block, with room to spare).
    static let rowOvershoot = 64

    init(path: String, exactChroma: Bool) {
        self.path = path
        self.exactChroma = exactChroma
    }

    deinit { sws_freeContext(scaler) }

    /// `frame`'s pixels, premultiplied; `number` (the frame's place in
    /// decoding order) names it in errors. `spare`, the pixels of a frame
    /// no longer shown, is written over when it has the size (and nothing
    /// else holds it): a fresh 8 MB block a 1080p frame is filled by the
    /// allocator (see `MemoryReuse`) and faulted in by the kernel.
    /// - Throws: `MediaError.cannotDecode` for a frame without pixels or a
    ///   format swscale cannot convert.
    func bitmap(of frame: UnsafePointer<AVFrame>, number: Int, reusing spare: inout [UInt8]) throws -> Bitmap {
        let f = frame.pointee
        let (w, h) = (Int(f.width), Int(f.height))
        guard w > 0, h > 0 else { throw MediaError.cannotDecode(path: path, reason: "frame \(number) has no pixels") }
        try prepareScaler(format: f.format, width: f.width, height: f.height, colorspace: f.colorspace, range: f.color_range)
        // swscale's fast path stores whole SIMD blocks past a row's end, and
        // 4:2:0 rows in pairs: rows below are written over as they come, what
        // goes past the last row lands in a row of slack cut off afterwards.
        // Every pixel is written, so a new buffer starts uninitialised.
        let slack = (w + Self.rowOvershoot) * 4
        var rows: Int32 = 0
        var pixels: [UInt8] = []
        if spare.count == w * h * 4 {
            swap(&pixels, &spare)
            pixels.append(contentsOf: repeatElement(0, count: slack))
            rows = pixels.withUnsafeMutableBufferPointer { reel_sws_scale_from_frame(scaler, frame, $0.baseAddress, Int32(w * 4)) }
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4 + slack) { buffer, count in
                rows = reel_sws_scale_from_frame(scaler, frame, buffer.baseAddress, Int32(w * 4))
                count = buffer.count
            }
        }
        guard rows > 0 else { throw failure("converting frame \(number) to RGBA", rows) }
        pixels.removeLast(slack)
        if inputHasAlpha { pixels.withUnsafeMutableBufferPointer { StraightAlpha.premultiply($0.baseAddress!, count: w * h) } }
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    /// A scaler from the decoder's pixel format to RGBA, made again when the
    /// format or size changes mid-stream.
    private func prepareScaler(format: Int32, width: Int32, height: Int32,
                               colorspace: AVColorSpace, range: AVColorRange) throws {
        if let input, input == (format, width, height) { return }
        sws_freeContext(scaler)
        let source = AVPixelFormat(format)
        scaler = sws_getContext(width, height, source, width, height, AV_PIX_FMT_RGBA,
                                exactChroma ? SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT : SWS_BILINEAR,
                                nil, nil, nil)
        guard scaler != nil, let description = av_pix_fmt_desc_get(source) else {
            throw MediaError.cannotDecode(path: path, reason: "no conversion from \(String(cString: av_get_pix_fmt_name(source))) to RGBA")
        }
        input = (format, width, height)
        inputHasAlpha = description.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA | AV_PIX_FMT_FLAG_PAL) != 0
        // Matrix and range apply to YUV sources only (GIF decodes to RGB or a palette).
        guard description.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL) == 0 else { return }
        let matrix: Int32
        switch colorspace {
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: matrix = SWS_CS_ITU601
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: matrix = SWS_CS_BT2020
        default: matrix = SWS_CS_ITU709
        }
        let full: Int32 = range == AVCOL_RANGE_JPEG || String(cString: description.pointee.name).hasPrefix("yuvj") ? 1 : 0
        let coefficients = sws_getCoefficients(matrix)
        let set = sws_setColorspaceDetails(scaler, coefficients, full, coefficients, 1, 0, 1 << 16, 1 << 16)
        guard set >= 0 else { throw failure("setting the colour matrix", set) }
    }

    private func failure(_ step: String, _ code: Int32) -> MediaError {
        .cannotDecode(path: path, reason: "\(step) failed: \(ffmpegErrorText(code))")
    }
}
