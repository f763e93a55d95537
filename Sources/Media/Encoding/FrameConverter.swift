import CFFmpeg
import Pixels

/// Turns premultiplied RGBA8 `Bitmap`s into frames of an encoder's YUV pixel
/// format, for the video writers: NV12 without alpha (H.264) through
/// `NV12Conversion`, every other format with swscale.
///
/// **Colour.** BT.709 coefficients, full-range RGB in, limited (TV) range YUV
/// out — what players assume for HD video; swscale's default would be BT.601.
/// swscale runs bit-exact, with accurate rounding and bilinear chroma filtering.
/// **Alpha.** Chosen per format (`Alpha`): dropped, leaving the premultiplied
/// colour (the frame over black), or un-premultiplied first and carried into
/// the alpha plane, so a pixel at 50 % alpha keeps its full colour.
/// **Padding.** When the encoded size is larger than the frames (H.264
/// rounds odd sizes up to even), the last column and row are repeated.
/// **Odd sizes with subsampled chroma.** swscale computes the last chroma
/// sample of an odd-sized 4:2:0 image wrongly (seen in FFmpeg 5.1: a
/// bottom-right corner off by 10 levels), so the conversion always runs at
/// a size rounded up to whole chroma samples, with the edge repeated, and
/// the frame then reports the encoded size: the encoder reads the same
/// planes, and the last chroma sample is the edge colour exactly.
final class FrameConverter {
    enum Alpha {
        /// No alpha in the output: the premultiplied colour as is, which is
        /// the frame composited over black (H.264).
        case overBlack
        /// Un-premultiplied to straight RGBA, alpha plane out (ProRes 4444
        /// `yuva444p10le`, VP9 `yuva420p`).
        case straight
    }

    private let path: String
    private let width: Int
    private let height: Int
    private let encodedWidth: Int
    private let encodedHeight: Int
    /// The size converted: the encoded size rounded up to whole chroma samples.
    private let workWidth: Int
    private let workHeight: Int
    private let alpha: Alpha
    /// NV12 over black: converted by `NV12Conversion`, not swscale.
    private let isNV12: Bool
    private var scaler: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    /// The source image handed to swscale when the bitmap cannot be used
    /// directly (padding or un-premultiplying): encoded size, packed.
    private var staging: UnsafeMutableBufferPointer<UInt8>?

    init(path: String, width: Int, height: Int, encodedWidth: Int, encodedHeight: Int,
         pixelFormat: AVPixelFormat, alpha: Alpha) throws {
        self.path = path
        self.width = width
        self.height = height
        self.encodedWidth = encodedWidth
        self.encodedHeight = encodedHeight
        let format = av_pix_fmt_desc_get(pixelFormat)!.pointee
        let (chromaWidth, chromaHeight) = (1 << Int(format.log2_chroma_w), 1 << Int(format.log2_chroma_h))
        self.workWidth = (encodedWidth + chromaWidth - 1) / chromaWidth * chromaWidth
        self.workHeight = (encodedHeight + chromaHeight - 1) / chromaHeight * chromaHeight
        self.alpha = alpha
        self.isNV12 = pixelFormat == AV_PIX_FMT_NV12 && alpha == .overBlack
        do {
            try open(pixelFormat: pixelFormat)
        } catch {
            release()
            throw error
        }
    }

    deinit {
        release()
    }

    /// Converts `bitmap` (which must have the converter's `width` × `height`)
    /// into the converter's frame and returns it; the frame is reused, so it
    /// is valid until the next call.
    func convert(_ bitmap: Bitmap) throws -> UnsafeMutablePointer<AVFrame> {
        let frame = frame!
        // The buffers are work-sized; a copy made by make_writable must be too.
        frame.pointee.width = Int32(workWidth)
        frame.pointee.height = Int32(workHeight)
        try checkFFmpeg(av_frame_make_writable(frame), path: path, step: "av_frame_make_writable")
        let rows: Int32
        if isNV12 {
            bitmap.pixels.withUnsafeBytes { raw in
                NV12Conversion.convert(raw.bindMemory(to: UInt32.self).baseAddress!, width: width, height: height,
                                       encodedWidth: workWidth, encodedHeight: workHeight,
                                       luma: .init(base: frame.pointee.data.0!, rowBytes: Int(frame.pointee.linesize.0)),
                                       chroma: .init(base: frame.pointee.data.1!, rowBytes: Int(frame.pointee.linesize.1)))
            }
            rows = Int32(workHeight)
        } else if let staging {
            stage(bitmap, into: staging)
            rows = reel_sws_scale_to_frame(scaler, staging.baseAddress, Int32(workWidth * 4), Int32(workHeight), frame)
        } else {
            rows = bitmap.pixels.withUnsafeBufferPointer {
                reel_sws_scale_to_frame(scaler, $0.baseAddress, Int32(width * 4), Int32(height), frame)
            }
        }
        guard rows > 0 else {
            throw MediaError.encodingFailed(path: path, step: "converting to YUV", reason: "sws_scale returned \(rows)")
        }
        frame.pointee.width = Int32(encodedWidth)
        frame.pointee.height = Int32(encodedHeight)
        return frame
    }

    /// Frees the swscale context, the frame and the staging buffer; safe to
    /// call repeatedly.
    func release() {
        sws_freeContext(scaler)
        scaler = nil
        av_frame_free(&frame)
        staging?.deallocate()
        staging = nil
    }

    // MARK: - Setup

    private func open(pixelFormat: AVPixelFormat) throws {
        try allocateFrame(pixelFormat: pixelFormat)
        if isNV12 { return }
        scaler = sws_getContext(Int32(workWidth), Int32(workHeight), AV_PIX_FMT_RGBA,
                                Int32(workWidth), Int32(workHeight), pixelFormat,
                                SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil)
        guard let scaler else {
            throw MediaError.encodingFailed(path: path, step: "creating the RGBA → YUV converter",
                                            reason: "unsupported")
        }
        // RGB (full range) → limited-range BT.709 YUV.
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        guard sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) >= 0 else {
            throw MediaError.encodingFailed(path: path, step: "selecting BT.709 conversion",
                                            reason: "unsupported by swscale")
        }
        if alpha != .overBlack || workWidth != width || workHeight != height {
            staging = .allocate(capacity: workWidth * workHeight * 4)
        }
    }

    private func allocateFrame(pixelFormat: AVPixelFormat) throws {
        guard let frame = av_frame_alloc() else {
            throw MediaError.encodingFailed(path: path, step: "allocating frame buffers", reason: "out of memory")
        }
        self.frame = frame
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.width = Int32(workWidth)
        frame.pointee.height = Int32(workHeight)
        // Encoders that store colour per frame (ProRes) read it from here.
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        try checkFFmpeg(av_frame_get_buffer(frame, 0), path: path, step: "allocating frame buffers")
    }

    // MARK: - Staging

    /// Writes `bitmap` into `staging` in the source format, converting alpha
    /// and repeating the last column and row into any padding.
    private func stage(_ bitmap: Bitmap, into staging: UnsafeMutableBufferPointer<UInt8>) {
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<workHeight {
                let source = pixels.baseAddress! + min(y, height - 1) * width * 4
                let row = staging.baseAddress! + y * workWidth * 4
                switch alpha {
                case .overBlack: row.update(from: source, count: width * 4)
                case .straight: StraightAlpha.convert(source, to: row, count: width)
                }
                for x in width..<workWidth {
                    (row + x * 4).update(from: row + (width - 1) * 4, count: 4)
                }
            }
        }
    }
}
