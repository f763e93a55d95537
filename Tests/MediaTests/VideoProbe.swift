import CFFmpeg

/// Reads a video back with libavformat/libavcodec, independently of the
/// writer, and decodes every frame to RGB24, or RGBA with `keepAlpha`
/// (limited-range BT.709 → full-range RGB, as a player would; alpha as
/// stored, i.e. straight).
struct VideoProbe {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let codecName: String
    /// The codec profile number (e.g. 4 for ProRes 4444) and the container's
    /// four-character code for the codec ("ap4h"), "" when there is none.
    let profile: Int
    let codecTag: String
    let pixelFormat: String
    let width: Int
    let height: Int
    /// Stream duration in seconds.
    let duration: Double
    /// Average frame rate, frames per second.
    let frameRate: Double
    let primaries: AVColorPrimaries
    let transfer: AVColorTransferCharacteristic
    let matrix: AVColorSpace
    let range: AVColorRange
    /// The stream's metadata tags (e.g. WebM's `alpha_mode`).
    let metadata: [String: String]
    /// The name of the decoder used, and the pixel format it produced.
    let decoderName: String
    let decodedPixelFormat: String
    /// 3 (RGB24) or 4 (RGBA, with `keepAlpha`).
    let channels: Int
    /// Every decoded frame, `width * height * channels` bytes, in display order.
    let frames: [[UInt8]]

    var frameCount: Int { frames.count }

    /// The RGB of pixel (x, y) in frame `index`.
    func rgb(frame index: Int, x: Int, y: Int) -> [UInt8] {
        let i = (y * width + x) * channels
        return Array(frames[index][i..<i + 3])
    }

    /// The straight RGBA of pixel (x, y) in frame `index` (needs `keepAlpha`).
    func rgba(frame index: Int, x: Int, y: Int) -> [UInt8] {
        precondition(channels == 4, "decoded without alpha")
        let i = (y * width + x) * 4
        return Array(frames[index][i..<i + 4])
    }

    /// - Parameters:
    ///   - decoder: a decoder to use by name (e.g. "libvpx-vp9", which
    ///     applies VP9's alpha; FFmpeg's native vp9 drops it); by default
    ///     libavformat's choice.
    ///   - keepAlpha: decode to RGBA rather than RGB24.
    init(path: String, decoder: String? = nil, keepAlpha: Bool = false) throws {
        func check(_ code: Int32, _ step: String) throws {
            if code < 0 { throw Failure(description: "\(step) failed for \(path): \(code)") }
        }
        var format: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_open_input(&format, path, nil, nil), "avformat_open_input")
        defer { avformat_close_input(&format) }
        try check(avformat_find_stream_info(format, nil), "avformat_find_stream_info")
        var decoderCodec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoderCodec, 0)
        try check(index, "av_find_best_stream")
        if let decoder {
            decoderCodec = avcodec_find_decoder_by_name(decoder)
            if decoderCodec == nil { throw Failure(description: "no decoder named \(decoder)") }
        }
        decoderName = String(cString: decoderCodec!.pointee.name)
        let stream = format!.pointee.streams[Int(index)]!
        let parameters = stream.pointee.codecpar!.pointee
        var tags: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(stream.pointee.metadata, "", entry, AV_DICT_IGNORE_SUFFIX) {
            tags[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
            entry = next
        }
        metadata = tags
        let channels = keepAlpha ? 4 : 3
        self.channels = channels

        codecName = String(cString: avcodec_get_name(parameters.codec_id))
        profile = Int(parameters.profile)
        let tag = parameters.codec_tag
        let tagBytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> ($0 * 8)) }
        codecTag = tag == 0 ? "" : String(decoding: tagBytes, as: UTF8.self)
        pixelFormat = String(cString: av_get_pix_fmt_name(AVPixelFormat(parameters.format)))
        width = Int(parameters.width)
        height = Int(parameters.height)
        primaries = parameters.color_primaries
        transfer = parameters.color_trc
        matrix = parameters.color_space
        range = parameters.color_range
        let timeBase = stream.pointee.time_base
        duration = stream.pointee.duration == reel_nopts_value()
            ? Double(format!.pointee.duration) / Double(AV_TIME_BASE)
            : Double(stream.pointee.duration) * av_q2d(timeBase)
        frameRate = av_q2d(stream.pointee.avg_frame_rate)

        var decoder = avcodec_alloc_context3(decoderCodec)
        defer { avcodec_free_context(&decoder) }
        try check(avcodec_parameters_to_context(decoder, stream.pointee.codecpar), "avcodec_parameters_to_context")
        decoder!.pointee.thread_count = 1
        try check(avcodec_open2(decoder, decoderCodec, nil), "avcodec_open2")

        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }
        var decoded: [[UInt8]] = []
        var decodedFormat = "none"
        let (w, h) = (width, height)

        func receiveFrames() throws {
            while true {
                let received = avcodec_receive_frame(decoder, frame)
                if received == reel_averror(EAGAIN) || received == reel_averror_eof() { return }
                try check(received, "avcodec_receive_frame")
                if scaler == nil {
                    let source = AVPixelFormat(frame!.pointee.format)
                    decodedFormat = String(cString: av_get_pix_fmt_name(source))
                    scaler = sws_getContext(Int32(w), Int32(h), source,
                                            Int32(w), Int32(h), keepAlpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24,
                                            SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil)
                    // Matrix and range apply to YUV sources only (GIF decodes to RGB).
                    let flags = av_pix_fmt_desc_get(source)!.pointee.flags
                    if flags & UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL) == 0 {
                        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
                        try check(sws_setColorspaceDetails(scaler, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16),
                                  "sws_setColorspaceDetails")
                    }
                }
                var rgb = [UInt8](repeating: 0, count: w * h * channels)
                let rows = rgb.withUnsafeMutableBufferPointer {
                    reel_sws_scale_from_frame(scaler, frame, $0.baseAddress, Int32(w * channels))
                }
                try check(rows > 0 ? 0 : -1, "sws_scale")
                decoded.append(rgb)
                av_frame_unref(frame)
            }
        }

        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet!.pointee.stream_index == index else { continue }
            try check(avcodec_send_packet(decoder, packet), "avcodec_send_packet")
            try receiveFrames()
        }
        try check(avcodec_send_packet(decoder, nil), "flushing the decoder")
        try receiveFrames()
        frames = decoded
        decodedPixelFormat = decodedFormat
    }

    /// The four-character types of the file's top-level boxes, in order.
    static func topLevelBoxes(_ bytes: [UInt8]) -> [String] {
        func integer(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 << 8 | Int($1) } }
        var types: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = integer(offset..<offset + 4)
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            if size == 1 { size = integer(offset + 8..<offset + 16) }   // 64-bit size follows
            if size == 0 { break }                                     // box runs to the end
            guard size >= 8 else { break }
            offset += size
        }
        return types
    }
}
