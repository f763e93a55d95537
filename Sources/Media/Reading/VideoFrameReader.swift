import CFFmpeg
import Pixels

/// Reads the frames of a video file (MP4, MOV, WebM, GIF, or anything else
/// libavformat opens) in presentation order, decoded by libavcodec and
/// converted by swscale to premultiplied RGBA: how `reel diff` reads the
/// videos it compares, whoever wrote them.
///
/// **Colour.** YUV is converted with the matrix and range the stream states;
/// a stream that states none is taken as BT.709, limited range, as
/// `MP4Writer` writes it and HD players assume. Chroma is upsampled with
/// full horizontal interpolation and accurate rounding.
/// **Alpha.** Kept where the stream has it: ProRes 4444, VP8/VP9 with
/// `alpha_mode` (decoded by libvpx: FFmpeg's own VP9 decoder drops the
/// alpha plane) and GIF's transparent colour; other frames are opaque.
/// **Time.** Each frame's best-effort timestamp, in seconds from the
/// stream's start (its first frame, when the stream states no start).
///
/// Owns its demuxer, decoder and scaler and frees them on `deinit`.
public final class VideoFrameReader: FrameSource {
    public let path: String
    /// The stream's frame size in pixels, as its header states it.
    public let width: Int
    public let height: Int
    /// The stream's average frame rate; nil when it states none.
    public let frameRate: Double?
    /// The codec's short name ("h264", "prores", "vp9", "gif").
    public let codecName: String
    /// Frames returned so far.
    public private(set) var framesRead = 0

    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    private var scalerInput: (format: Int32, width: Int32, height: Int32)?
    private let streamIndex: Int32
    private let timeBase: AVRational
    private var start: Int64?
    private var flushed = false
    private var lastTime: Double?

    /// Opens `path` and its video stream's decoder; nothing is decoded yet.
    /// - Throws: `MediaError.cannotRead` when the file is missing or holds
    ///   no video stream, `.cannotDecode` when its decoder cannot be opened.
    public init(path: String) throws {
        self.path = path
        // A file that cannot be read is a thrown error naming it; FFmpeg's
        // own line about it ("moov atom not found") would only repeat it.
        av_log_set_level(AV_LOG_FATAL)
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, "file:" + path, nil, nil)
        guard opened >= 0, let context else {
            guard FileSystem.exists(path) else { throw MediaError.cannotRead(path: path, reason: FileSystem.errorText(ENOENT)) }
            throw MediaError.cannotRead(path: path, reason: "not a video file (\(ffmpegErrorText(opened)))")
        }
        self.context = context
        var codec: UnsafePointer<AVCodec>?
        let index = avformat_find_stream_info(context, nil) < 0 ? -1
            : av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let found = codec else {
            avformat_close_input(&self.context)
            throw MediaError.cannotRead(path: path, reason: "no video stream")
        }
        let stream = context.pointee.streams[Int(index)]!
        let parameters = stream.pointee.codecpar!
        streamIndex = index
        timeBase = stream.pointee.time_base
        if stream.pointee.start_time != reel_nopts_value() { start = stream.pointee.start_time }
        width = Int(parameters.pointee.width)
        height = Int(parameters.pointee.height)
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = rate.num > 0 && rate.den > 0 ? av_q2d(rate) : nil
        codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        let chosen = Self.alphaDecoder(for: stream) ?? found
        decoder = avcodec_alloc_context3(chosen)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard let decoder, packet != nil, frame != nil else { close(); throw MediaError.cannotDecode(path: path, reason: "out of memory") }
        let copied = avcodec_parameters_to_context(decoder, parameters)
        let ready = copied < 0 ? copied : avcodec_open2(decoder, chosen, nil)
        guard ready >= 0 else {
            close()
            throw MediaError.cannotDecode(path: path, reason: "opening the \(codecName) decoder failed: \(ffmpegErrorText(ready))")
        }
    }

    deinit { close() }

    /// libvpx's decoder for VP8/VP9 streams that carry alpha (`alpha_mode`
    /// 1), when this FFmpeg has it.
    private static func alphaDecoder(for stream: UnsafeMutablePointer<AVStream>) -> UnsafePointer<AVCodec>? {
        guard let mode = av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0),
              String(cString: mode.pointee.value) == "1" else { return nil }
        switch stream.pointee.codecpar.pointee.codec_id {
        case AV_CODEC_ID_VP9: return avcodec_find_decoder_by_name("libvpx-vp9")
        case AV_CODEC_ID_VP8: return avcodec_find_decoder_by_name("libvpx")
        default: return nil
        }
    }

    /// The next frame in presentation order; nil after the last.
    /// - Throws: `MediaError.cannotDecode` for a damaged or truncated stream.
    public func next() throws -> TimedFrame? {
        while true {
            let received = avcodec_receive_frame(decoder, frame)
            if received == 0 {
                defer { av_frame_unref(frame) }
                return try converted()
            }
            if received == reel_averror_eof() { return nil }
            guard received == reel_averror(EAGAIN), !flushed else { throw failure("decoding", received) }
            try sendNextPacket()
        }
    }

    /// Feeds the decoder the stream's next packet, or the end of the stream.
    private func sendNextPacket() throws {
        while true {
            let read = av_read_frame(context, packet)
            if read == reel_averror_eof() {
                flushed = true
                try check(avcodec_send_packet(decoder, nil), "flushing the decoder")
                return
            }
            guard read >= 0 else { throw failure("reading the file", read) }
            defer { av_packet_unref(packet) }
            guard packet!.pointee.stream_index == streamIndex else { continue }
            try check(avcodec_send_packet(decoder, packet), "decoding")
            return
        }
    }

    /// The decoded frame as a premultiplied bitmap and its time.
    private func converted() throws -> TimedFrame {
        let f = frame!.pointee
        let (w, h) = (Int(f.width), Int(f.height))
        guard w > 0, h > 0 else { throw MediaError.cannotDecode(path: path, reason: "frame \(framesRead) has no pixels") }
        try prepareScaler(format: f.format, width: f.width, height: f.height, colorspace: f.colorspace, range: f.color_range)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let rows = pixels.withUnsafeMutableBufferPointer { reel_sws_scale_from_frame(scaler, frame, $0.baseAddress, Int32(w * 4)) }
        guard rows > 0 else { throw failure("converting frame \(framesRead) to RGBA", rows) }
        pixels.withUnsafeMutableBufferPointer { StraightAlpha.premultiply($0.baseAddress!, count: w * h) }
        let stamp = f.best_effort_timestamp != reel_nopts_value() ? f.best_effort_timestamp : f.pts
        var time: Double
        if stamp != reel_nopts_value() {
            if start == nil { start = stamp }
            time = Double(stamp - start!) * av_q2d(timeBase)
        } else {
            time = lastTime.map { $0 + 1 / (frameRate ?? 25) } ?? 0
        }
        // A repeated or reordered stamp keeps frames in the order decoded.
        if let lastTime, time <= lastTime { time = lastTime + 1e-6 }
        lastTime = time
        framesRead += 1
        return TimedFrame(time: time, bitmap: Bitmap(width: w, height: h, pixels: pixels))
    }

    /// A scaler from the decoder's pixel format to RGBA, made again when the
    /// format or size changes mid-stream.
    private func prepareScaler(format: Int32, width: Int32, height: Int32,
                               colorspace: AVColorSpace, range: AVColorRange) throws {
        if let input = scalerInput, input == (format, width, height) { return }
        sws_freeContext(scaler)
        let source = AVPixelFormat(format)
        scaler = sws_getContext(width, height, source, width, height, AV_PIX_FMT_RGBA,
                                SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil)
        guard scaler != nil, let description = av_pix_fmt_desc_get(source) else {
            throw MediaError.cannotDecode(path: path, reason: "no conversion from \(String(cString: av_get_pix_fmt_name(source))) to RGBA")
        }
        scalerInput = (format, width, height)
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
        try check(sws_setColorspaceDetails(scaler, coefficients, full, coefficients, 1, 0, 1 << 16, 1 << 16),
                  "setting the colour matrix")
    }

    private func check(_ code: Int32, _ step: String) throws {
        if code < 0 { throw failure(step, code) }
    }

    private func failure(_ step: String, _ code: Int32) -> MediaError {
        .cannotDecode(path: path, reason: "\(step) failed after \(framesRead) frames: \(ffmpegErrorText(code))")
    }

    private func close() {
        sws_freeContext(scaler)
        scaler = nil
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&decoder)
        avformat_close_input(&context)
    }
}
