import CFFmpeg
import Pixels

/// Reads the frames of a video file (MP4, MOV, WebM, GIF, or anything else
/// libavformat opens) in presentation order, decoded by libavcodec and
/// converted by swscale to premultiplied RGBA: how `reel diff` reads the
/// videos it compares, whoever wrote them.
///
/// **Colour.** As `VideoFrameConversion` converts it: the stream's matrix
/// and range, BT.709 limited when it states none; chroma interpolated
/// exactly (or, for video layers, by swscale's fast path: `exactChroma`).
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
    /// Frames decoded so far.
    public private(set) var framesRead = 0

    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let conversion: VideoFrameConversion
    private let streamIndex: Int32
    private let timeBase: AVRational
    private var start: Int64?
    private var flushed = false
    private var lastTime: Double?

    /// Opens `path` and its video stream's decoder; nothing is decoded yet.
    /// `exactChroma` false converts with swscale's fast path: what a video
    /// layer shows every frame of, where `reel diff` compares exactly.
    /// `threads` are libavcodec's own for the decoder (frames decode alike
    /// on any number).
    /// - Throws: `MediaError.cannotRead` when the file is missing or holds
    ///   no video stream, `.cannotDecode` when its decoder cannot be opened.
    public init(path: String, exactChroma: Bool = true, threads: Int = 1) throws {
        self.path = path
        conversion = VideoFrameConversion(path: path, exactChroma: exactChroma)
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
        let index = avformat_find_stream_info(context, nil) < 0 ? -1
            : av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0 else {
            avformat_close_input(&self.context)
            throw MediaError.cannotRead(path: path, reason: "no video stream")
        }
        let stream = context.pointee.streams[Int(index)]!
        let parameters = stream.pointee.codecpar!
        guard let found = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let codec = Self.codecText(parameters.pointee)
            avformat_close_input(&self.context)
            throw MediaError.cannotDecode(path: path, reason: "unsupported video codec \(codec)")
        }
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
        decoder.pointee.thread_count = Int32(threads)
        let copied = avcodec_parameters_to_context(decoder, parameters)
        let ready = copied < 0 ? copied : avcodec_open2(decoder, chosen, nil)
        guard ready >= 0 else {
            close()
            throw MediaError.cannotDecode(path: path, reason: "opening the \(codecName) decoder failed: \(ffmpegErrorText(ready))")
        }
    }

    deinit { close() }

    /// The codec's short name, or its four-character tag when FFmpeg knows no name.
    private static func codecText(_ parameters: AVCodecParameters) -> String {
        let name = String(cString: avcodec_get_name(parameters.codec_id))
        guard name == "none" || name == "unknown", parameters.codec_tag != 0 else { return name }
        let tag = (0..<4).map { UInt8(truncatingIfNeeded: parameters.codec_tag >> ($0 * 8)) }
        return "with the tag '" + String(decoding: tag, as: UTF8.self) + "'"
    }

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
        guard try advance() != nil else { return nil }
        return try converted()
    }

    /// Decodes the next frame and keeps it, unconverted, until the next
    /// call; returns its stamp (best-effort timestamp, in `timeBase`
    /// units), or nil after the last frame. Skipping frames this way costs
    /// their decoding alone.
    /// - Throws: `MediaError.cannotDecode` for a damaged or truncated stream.
    public func advance() throws -> Int64? {
        av_frame_unref(frame)
        while true {
            let received = avcodec_receive_frame(decoder, frame)
            if received == 0 {
                let f = frame!.pointee
                let stamp = f.best_effort_timestamp != reel_nopts_value() ? f.best_effort_timestamp : f.pts
                framesRead += 1
                return stamp == reel_nopts_value() ? Int64(framesRead - 1) : stamp
            }
            if received == reel_averror_eof() { return nil }
            guard received == reel_averror(EAGAIN), !flushed else { throw failure("decoding", received) }
            try sendNextPacket()
        }
    }

    /// The stream's time base: seconds per stamp unit.
    public var secondsPerStamp: Double { av_q2d(timeBase) }

    /// Moves to the last key frame at or before `stamp` (the decoder emptied),
    /// so the frames `advance` returns next start there.
    public func seek(to stamp: Int64) throws {
        try check(av_seek_frame(context, streamIndex, stamp, AVSEEK_FLAG_BACKWARD), "seeking")
        avcodec_flush_buffers(decoder)
        av_frame_unref(frame)
        flushed = false
    }

    /// The stamps of every frame the stream shows, in presentation order,
    /// read from its packets without decoding them (packets an edit list
    /// cuts are left out), and where the last one ends; the reader is
    /// rewound to the start afterwards.
    public func frameStamps() throws -> (stamps: [Int64], end: Int64) {
        var stamps: [Int64] = [], lastDuration: Int64 = 0
        while true {
            let read = av_read_frame(context, packet)
            if read == reel_averror_eof() { break }
            guard read >= 0 else { throw failure("reading the file", read) }
            defer { av_packet_unref(packet) }
            let p = packet!.pointee
            guard p.stream_index == streamIndex, p.flags & AV_PKT_FLAG_DISCARD == 0 else { continue }
            let stamp = p.pts != reel_nopts_value() ? p.pts : p.dts
            guard stamp != reel_nopts_value() else { continue }
            stamps.append(stamp)
            lastDuration = p.duration
        }
        stamps.sort()
        guard let last = stamps.last else { throw MediaError.cannotDecode(path: path, reason: "no video frames") }
        // A last packet without a duration lasts as long as the frame before it.
        let gap = stamps.count > 1 ? last - stamps[stamps.count - 2] : Int64(1 / (frameRate ?? 25) / secondsPerStamp)
        let end = last + (lastDuration > 0 ? lastDuration : max(gap, 1))
        try seek(to: stamps[0])
        return (stamps, end)
    }

    /// The seconds of `stamp` from the stream's start (`TimedFrame.time`).
    public func seconds(ofStamp stamp: Int64, first: Int64) -> Double {
        Double(stamp - (start ?? first)) * secondsPerStamp
    }

    /// The frame `advance` last returned as a premultiplied bitmap.
    public func currentBitmap() throws -> Bitmap {
        var fresh: [UInt8] = []
        return try conversion.bitmap(of: frame!, number: framesRead - 1, reusing: &fresh)
    }

    /// The frame `advance` last returned, held by reference to the
    /// decoder's buffers (no copy), to be converted later on any thread.
    func currentFrame() throws -> DecodedVideoFrame {
        guard let held = DecodedVideoFrame(referencing: frame!) else {
            throw MediaError.cannotDecode(path: path, reason: "out of memory")
        }
        return held
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
        let bitmap = try currentBitmap()
        let f = frame!.pointee
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
        return TimedFrame(time: time, bitmap: bitmap)
    }

    private func check(_ code: Int32, _ step: String) throws {
        if code < 0 { throw failure(step, code) }
    }

    private func failure(_ step: String, _ code: Int32) -> MediaError {
        .cannotDecode(path: path, reason: "\(step) failed after \(framesRead) frames: \(ffmpegErrorText(code))")
    }

    private func close() {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&decoder)
        avformat_close_input(&context)
    }
}
