import CFFmpeg

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libavcodec encoder feeding the video stream of one libavformat
/// container file, with the sound stream beside it when there is sound
/// (`SoundEncoder`): the part every video writer shares (MP4, MOV, WebM, GIF).
///
/// **Timing.** The encoder's time base is 1/`frameRate` (`av_d2q` of the fps,
/// so 29.97 becomes 30000/1001); frame *n* gets pts *n* and every packet lasts
/// one frame. Packets are rescaled to the stream time base the muxer chose in
/// `avformat_write_header` (MP4 replaces 1/fps by 1/15360, WebM uses 1/1000,
/// GIF 1/100), so rounding never accumulates: frame *n* starts at the nearest
/// tick to *n* ÷ fps.
/// **Reproducibility.** Format and codec contexts are bit-exact (no encoder
/// version, creation time or random UIDs in the file), the encoder runs a
/// fixed thread count, and every option must be consumed by the library
/// (`withFFmpegOptions`), so the same frames give the same bytes with the
/// same library versions.
///
/// Owns every FFmpeg object it allocates and frees them in `release()`
/// (also on `deinit`), whatever the path that led there.
final class VideoEncoder {
    /// What to encode and how; the writers fill this in.
    struct Settings {
        /// libavformat muxer name ("mp4", "mov", "webm", "gif") and how error
        /// messages name the container ("MP4").
        var container: String
        var containerLabel: String
        /// libavcodec encoder name ("libx264") and how messages name it ("H.264").
        var codec: String
        var codecLabel: String
        /// The size stored in the file, in pixels.
        var width: Int
        var height: Int
        var pixelFormat: AVPixelFormat
        /// Frames per second, more than 0.
        var fps: Double
        /// Encoder threads; fixed so the bytes do not depend on the machine.
        var threads: Int
        /// Tag (and, for codecs that store it, encode) BT.709 limited range.
        var tagsBT709 = true
        /// 1:1 for square pixels; 0:1 leaves the aspect unset (GIF).
        var sampleAspectRatio = AVRational(num: 1, den: 1)
        /// Encoder private options, e.g. ("crf", "20"); all must be known.
        var codecOptions: [(String, String)] = []
        /// Muxer options, e.g. ("movflags", "+faststart"); all must be known.
        var muxerOptions: [(String, String)] = []
        /// Frames from one keyframe to the next, fixed (see `KeyframeInterval`);
        /// nil leaves the codec's choice (all-intra ProRes, GIF).
        var keyframeInterval: Int?
        /// Container metadata tags written into the header, in this order
        /// (e.g. a chunk's `ChunkTag`).
        var tags: [(String, String)] = []
        /// How the container stores sound; nil for formats without (GIF).
        var sound: SoundEncoder.Settings?
    }

    /// The final file, named in every error.
    let path: String
    let settings: Settings
    /// Frames sent so far; the next frame's pts.
    private(set) var frameCount: Int64 = 0
    /// Called with each packet before it is written (pts already in the
    /// stream's time base), to adjust codec-specific bytes.
    var rewritePacket: ((UnsafeMutablePointer<AVPacket>) throws -> Void)?

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// The sound stream's encoder, when the file has sound.
    private var soundEncoder: SoundEncoder?
    /// The muxer's time base, known only after `avformat_write_header`.
    private var streamTimeBase = AVRational(num: 0, den: 1)

    /// Opens the encoder and writes the container header into the file at
    /// `temporaryPath` (the writer's `AtomicOutput`); `sound`, the video's
    /// whole sound track from its first frame, becomes a second stream (the
    /// format must store sound). On a throw everything is freed.
    init(path: String, temporaryPath: String, settings: Settings, sound: SoundSamples? = nil) throws {
        self.path = path
        self.settings = settings
        quietFFmpegLogging()
        do {
            try open(temporaryPath: temporaryPath, sound: sound)
        } catch {
            release()
            throw error
        }
    }

    deinit {
        release()
    }

    /// The encoder's time base, 1/fps as a rational.
    var timeBase: AVRational { encoder?.pointee.time_base ?? AVRational(num: 0, den: 1) }

    /// Sends one frame (in `settings.pixelFormat` and size) with the next pts
    /// and writes whatever packets are ready.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        if let interval = settings.keyframeInterval, frameCount > 0, frameCount % Int64(interval) == 0 {
            try restartCodec()
        }
        frame.pointee.pts = frameCount
        try check(avcodec_send_frame(encoder, frame), "sending a frame to the encoder")
        frameCount += 1
        try writePackets()
        // The sound as far as the video has got: the muxer interleaves the two.
        try soundEncoder?.encode(upTo: Double(frameCount) * av_q2d(timeBase)) { try writeSound($0) }
    }

    /// Flushes the encoder, writes the trailer (index) and closes the file.
    /// Frees nothing; call `release()` afterwards.
    func finish() throws {
        try check(avcodec_send_frame(encoder, nil), "flushing the encoder")
        try writePackets()
        try soundEncoder?.finish { try writeSound($0) }
        try check(av_write_trailer(format), "writing the \(settings.containerLabel) trailer")
        try check(avio_closep(&format!.pointee.pb), "closing the file")
    }

    /// Frees every FFmpeg object; safe to call repeatedly.
    func release() {
        soundEncoder?.release()
        soundEncoder = nil
        av_packet_free(&packet)
        avcodec_free_context(&encoder)
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
        format = nil
        stream = nil
    }

    // MARK: - Setup

    private func open(temporaryPath: String, sound: SoundSamples?) throws {
        guard let codec = avcodec_find_encoder_by_name(settings.codec) else {
            throw MediaError.encodingFailed(path: path, step: "finding the \(settings.codec) encoder",
                                            reason: "this FFmpeg build has no \(settings.codec)")
        }
        // "file:" so a path containing ':' is never taken for a protocol; the
        // format is named because the temporary's name has no extension.
        let url = "file:" + temporaryPath
        try check(avformat_alloc_output_context2(&format, nil, settings.container, url),
                  "creating the \(settings.containerLabel) muxer")
        let format = format!
        format.pointee.flags |= AVFMT_FLAG_BITEXACT
        guard let stream = avformat_new_stream(format, nil) else {
            throw MediaError.encodingFailed(path: path, step: "creating the video stream", reason: "out of memory")
        }
        self.stream = stream
        let encoder = try openCodec(codec, globalHeader: format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0)
        self.encoder = encoder
        let rate = encoder.pointee.framerate

        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder), "configuring the video stream")
        stream.pointee.time_base = encoder.pointee.time_base
        stream.pointee.avg_frame_rate = rate
        stream.pointee.sample_aspect_ratio = encoder.pointee.sample_aspect_ratio
        if let sound {
            guard let soundSettings = settings.sound else {
                throw MediaError.invalidSettings(path: path, reason: "\(settings.containerLabel) stores no sound")
            }
            soundEncoder = try SoundEncoder(path: path, format: format, settings: soundSettings, samples: sound)
        }

        for (key, value) in settings.tags { av_dict_set(&format.pointee.metadata, key, value, 0) }
        try check(avio_open(&format.pointee.pb, url, AVIO_FLAG_WRITE), "opening the file")
        try withFFmpegOptions(settings.muxerOptions, path: path,
                              step: "writing the \(settings.containerLabel) header") {
            avformat_write_header(format, &$0)
        }
        streamTimeBase = stream.pointee.time_base
        soundEncoder?.headerWritten()

        guard let packet = av_packet_alloc() else {
            throw MediaError.encodingFailed(path: path, step: "allocating a packet", reason: "out of memory")
        }
        self.packet = packet
    }

    /// A codec context with every setting, opened; freed again on a throw.
    private func openCodec(_ codec: UnsafePointer<AVCodec>, globalHeader: Bool) throws -> UnsafeMutablePointer<AVCodecContext> {
        guard let encoder = avcodec_alloc_context3(codec) else {
            throw MediaError.encodingFailed(path: path, step: "creating the encoder", reason: "out of memory")
        }
        var owned: UnsafeMutablePointer<AVCodecContext>? = encoder
        var opened = false
        defer { if !opened { avcodec_free_context(&owned) } }
        let rate = av_d2q(settings.fps, 1_001_000)
        encoder.pointee.width = Int32(settings.width)
        encoder.pointee.height = Int32(settings.height)
        encoder.pointee.pix_fmt = settings.pixelFormat
        encoder.pointee.framerate = rate
        encoder.pointee.time_base = AVRational(num: rate.den, den: rate.num)
        encoder.pointee.sample_aspect_ratio = settings.sampleAspectRatio
        if settings.tagsBT709 {
            encoder.pointee.color_primaries = AVCOL_PRI_BT709
            encoder.pointee.color_trc = AVCOL_TRC_BT709
            encoder.pointee.colorspace = AVCOL_SPC_BT709
            encoder.pointee.color_range = AVCOL_RANGE_MPEG
        }
        if let interval = settings.keyframeInterval {
            encoder.pointee.gop_size = Int32(interval)
            encoder.pointee.keyint_min = Int32(interval)
        }
        encoder.pointee.thread_count = Int32(settings.threads)
        encoder.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        if globalHeader {
            encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        try withFFmpegOptions(settings.codecOptions, path: path,
                              step: "opening the \(settings.codecLabel) encoder") {
            avcodec_open2(encoder, codec, &$0)
        }
        opened = true
        return encoder
    }

    /// Starts a fresh encoder at a keyframe: the previous one is flushed
    /// (its last packets written) and freed. Every GOP is then encoded by an
    /// encoder that knows nothing of the frames before it, so a chunk
    /// rendered in another process (`--shard`) gets exactly the bytes the
    /// same GOPs have in a 1-process render: x264's rate control otherwise
    /// carries history (complexity, the last qp) across keyframes.
    private func restartCodec() throws {
        try check(avcodec_send_frame(encoder, nil), "flushing the encoder")
        try writePackets()
        let codec = encoder!.pointee.codec!
        avcodec_free_context(&encoder)
        encoder = try openCodec(codec, globalHeader: format!.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0)
        let old = stream!.pointee.codecpar.pointee, new = encoder!.pointee
        guard old.extradata_size == new.extradata_size,
              old.extradata_size == 0 || memcmp(old.extradata, new.extradata, Int(old.extradata_size)) == 0 else {
            throw MediaError.encodingFailed(path: path, step: "restarting the encoder at a keyframe",
                                            reason: "the stream's configuration changed")
        }
    }

    // MARK: - Packets

    /// Moves every packet the encoder has ready into the file.
    private func writePackets() throws {
        while true {
            let received = avcodec_receive_packet(encoder, packet)
            if received == reel_averror(EAGAIN) || received == reel_averror_eof() { return }
            try check(received, "encoding")
            let packet = packet!
            // libx264 in FFmpeg 5.1 leaves the duration 0; one frame is 1 in
            // the encoder's time base.
            if packet.pointee.duration <= 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, encoder!.pointee.time_base, streamTimeBase)
            packet.pointee.stream_index = stream!.pointee.index
            do {
                try rewritePacket?(packet)
            } catch {
                av_packet_unref(packet)
                throw error
            }
            // Takes the packet's data, leaving it blank for the next receive.
            try check(av_interleaved_write_frame(format, packet), "writing a packet")
        }
    }

    /// Writes one sound packet (already in its stream's time base).
    private func writeSound(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        try check(av_interleaved_write_frame(format, packet), "writing a sound packet")
    }

    private func check(_ code: Int32, _ step: String) throws {
        try checkFFmpeg(code, path: path, step: step)
    }
}
