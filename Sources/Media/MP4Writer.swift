import CFFmpeg
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// the stream lasts frame count ÷ fps seconds.
/// **Reproducibility.** x264 runs `encoderThreads` threads whatever the core
/// count (its output depends on the thread count), swscale and both contexts
/// are bit-exact, and no encoder version or creation time goes into the
/// container: the same frames and settings give the same bytes on this
/// machine's library versions.
/// **Layout.** `movflags=+faststart`: the index (`moov`) precedes the media
/// data (`mdat`), so playback can start while downloading.
///
/// The file is written to a hidden temporary next to `path` and renamed into
/// place by `finish()`; on any error or `cancel()` the temporary is removed.
public final class MP4Writer: FrameSink {
    /// x264 threads. Fixed, not the core count, so output bytes do not depend
    /// on the machine; 4 keeps 2–4 cores busy with frame threading.
    public static let encoderThreads = 4
    /// The x264 presets, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast",
                                 "medium", "slow", "slower", "veryslow", "placebo"]

    /// The final file.
    public let path: String
    /// The size every frame must have, in pixels.
    public let width: Int
    public let height: Int
    /// The size stored in the file: `width` and `height` rounded up to even.
    public let encodedWidth: Int
    public let encodedHeight: Int
    /// Frames per second, as given.
    public let fps: Double

    private let output: AtomicOutput
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var scaler: OpaquePointer?
    private var yuvFrame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// The muxer's time base, known only after `avformat_write_header`
    /// (the MP4 muxer replaces the one we ask for).
    private var streamTimeBase = AVRational(num: 0, den: 1)
    /// The RGBA frame padded to even size; empty when the size is even.
    private var padded: [UInt8] = []
    private var frameCount: Int64 = 0
    private var isOpen = false

    /// Opens the output: the temporary file is created and the MP4 header
    /// written here, so a bad path or setting fails before any rendering.
    /// - Parameters:
    ///   - fps: frames per second, more than 0 and at most 1000.
    ///   - crf: x264 constant rate factor, 0 (lossless) … 51; lower is better.
    ///   - preset: one of `presets`; slower presets give smaller files.
    public init(path: String, width: Int, height: Int, fps: Double,
                crf: Int = 20, preset: String = "veryfast") throws {
        func invalid(_ reason: String) -> MediaError { .invalidSettings(path: path, reason: reason) }
        guard width > 0, height > 0 else { throw invalid("size must be positive, not \(width)×\(height)") }
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw invalid("fps must be more than 0 and at most 1000, not \(fps)") }
        guard (0...51).contains(crf) else { throw invalid("crf must be 0…51, not \(crf)") }
        guard Self.presets.contains(preset) else {
            throw invalid("unknown x264 preset \"\(preset)\"; use one of \(Self.presets.joined(separator: ", "))")
        }
        self.path = path
        self.width = width
        self.height = height
        self.encodedWidth = (width + 1) & ~1
        self.encodedHeight = (height + 1) & ~1
        self.fps = fps
        // FFmpeg and x264 print banners and statistics at their default level;
        // failures reach the caller as thrown errors, so only errors are printed.
        av_log_set_level(AV_LOG_ERROR)
        self.output = try AtomicOutput(finalPath: path)
        do {
            try open(crf: crf, preset: preset)
        } catch {
            abandon()
            throw error
        }
        isOpen = true
    }

    deinit {
        cancel()
    }

    public func write(_ frame: Bitmap) throws {
        guard isOpen else { throw MediaError.outputClosed(path: path) }
        do {
            guard frame.width == width, frame.height == height else {
                throw MediaError.frameSizeMismatch(path: path, expectedWidth: width, expectedHeight: height,
                                                   width: frame.width, height: frame.height)
            }
            try check(av_frame_make_writable(yuvFrame), "av_frame_make_writable")
            let rows = padded.isEmpty ? convert(frame.pixels) : convert(pad(frame))
            guard rows > 0 else { throw failure("converting to YUV", "sws_scale returned \(rows)") }
            yuvFrame!.pointee.pts = frameCount
            try check(avcodec_send_frame(encoder, yuvFrame), "sending a frame to the encoder")
            frameCount += 1
            try writePackets()
        } catch {
            abandon()
            throw error
        }
    }

    /// Flushes the encoder, writes the index, closes the file and renames it
    /// into place.
    public func finish() throws {
        guard isOpen else { throw MediaError.outputClosed(path: path) }
        do {
            guard frameCount > 0 else { throw MediaError.noFrames(path: path) }
            try check(avcodec_send_frame(encoder, nil), "flushing the encoder")
            try writePackets()
            try check(av_write_trailer(format), "writing the MP4 index")
            try check(avio_closep(&format!.pointee.pb), "closing the file")
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

    // MARK: - Setup

    private func open(crf: Int, preset: String) throws {
        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw failure("finding the libx264 encoder", "this FFmpeg build has no libx264")
        }
        // "file:" so a path containing ':' is never taken for a protocol; the
        // format is named because the temporary's name does not end in .mp4.
        let url = "file:" + output.temporaryPath
        try check(avformat_alloc_output_context2(&format, nil, "mp4", url), "creating the MP4 muxer")
        let format = format!
        format.pointee.flags |= AVFMT_FLAG_BITEXACT
        guard let stream = avformat_new_stream(format, nil) else {
            throw failure("creating the video stream", "out of memory")
        }
        self.stream = stream
        guard let encoder = avcodec_alloc_context3(codec) else {
            throw failure("creating the encoder", "out of memory")
        }
        self.encoder = encoder

        let rate = av_d2q(fps, 1_001_000)
        encoder.pointee.width = Int32(encodedWidth)
        encoder.pointee.height = Int32(encodedHeight)
        encoder.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        encoder.pointee.framerate = rate
        encoder.pointee.time_base = AVRational(num: rate.den, den: rate.num)
        encoder.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        encoder.pointee.color_primaries = AVCOL_PRI_BT709
        encoder.pointee.color_trc = AVCOL_TRC_BT709
        encoder.pointee.colorspace = AVCOL_SPC_BT709
        encoder.pointee.color_range = AVCOL_RANGE_MPEG
        encoder.pointee.thread_count = Int32(Self.encoderThreads)
        encoder.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        var codecOptions: OpaquePointer?
        av_dict_set(&codecOptions, "preset", preset, 0)
        av_dict_set(&codecOptions, "crf", String(crf), 0)
        let opened = avcodec_open2(encoder, codec, &codecOptions)
        av_dict_free(&codecOptions)
        try check(opened, "opening the H.264 encoder")

        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder), "configuring the video stream")
        stream.pointee.time_base = encoder.pointee.time_base
        stream.pointee.avg_frame_rate = rate
        stream.pointee.sample_aspect_ratio = encoder.pointee.sample_aspect_ratio

        try check(avio_open(&format.pointee.pb, url, AVIO_FLAG_WRITE), "opening the file")
        var muxerOptions: OpaquePointer?
        av_dict_set(&muxerOptions, "movflags", "+faststart", 0)
        let header = avformat_write_header(format, &muxerOptions)
        av_dict_free(&muxerOptions)
        try check(header, "writing the MP4 header")
        streamTimeBase = stream.pointee.time_base

        scaler = sws_getContext(Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_RGBA,
                                Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_YUV420P,
                                SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil)
        guard let scaler else { throw failure("creating the RGBA → YUV converter", "unsupported") }
        // RGB → limited-range BT.709 YUV (swscale's default is BT.601).
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        guard sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) >= 0 else {
            throw failure("selecting BT.709 conversion", "unsupported by swscale")
        }

        guard let yuvFrame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw failure("allocating frame buffers", "out of memory")
        }
        self.yuvFrame = yuvFrame
        self.packet = packet
        yuvFrame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        yuvFrame.pointee.width = Int32(encodedWidth)
        yuvFrame.pointee.height = Int32(encodedHeight)
        try check(av_frame_get_buffer(yuvFrame, 0), "allocating frame buffers")
        if encodedWidth != width || encodedHeight != height {
            padded = [UInt8](repeating: 0, count: encodedWidth * encodedHeight * 4)
        }
    }

    // MARK: - Frames

    /// Converts RGBA of the encoded size into the YUV frame; returns rows written.
    private func convert(_ rgba: [UInt8]) -> Int32 {
        rgba.withUnsafeBufferPointer {
            reel_sws_scale_to_frame(scaler, $0.baseAddress, Int32(encodedWidth * 4), Int32(encodedHeight), yuvFrame)
        }
    }

    /// Copies `frame` into `padded`, repeating its last column and row.
    private func pad(_ frame: Bitmap) -> [UInt8] {
        let source = width * 4
        let target = encodedWidth * 4
        padded.withUnsafeMutableBytes { out in
            frame.pixels.withUnsafeBytes { pixels in
                for y in 0..<encodedHeight {
                    let row = pixels.baseAddress! + min(y, height - 1) * source
                    let destination = out.baseAddress! + y * target
                    destination.copyMemory(from: row, byteCount: source)
                    if target > source {
                        (destination + source).copyMemory(from: row + source - 4, byteCount: 4)
                    }
                }
            }
        }
        return padded
    }

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
            // Takes the packet's data, leaving it blank for the next receive.
            try check(av_interleaved_write_frame(format, packet), "writing a packet")
        }
    }

    // MARK: - Errors and cleanup

    private func failure(_ step: String, _ reason: String) -> MediaError {
        .encodingFailed(path: path, step: step, reason: reason)
    }

    /// Throws for a negative FFmpeg return code, with FFmpeg's text for it.
    @discardableResult
    private func check(_ code: Int32, _ step: String) throws -> Int32 {
        guard code < 0 else { return code }
        var buffer = [CChar](repeating: 0, count: 128)
        let reason = buffer.withUnsafeMutableBufferPointer {
            String(cString: reel_av_strerror(code, $0.baseAddress, $0.count))
        }
        throw failure(step, reason)
    }

    /// Frees every FFmpeg object; safe to call repeatedly.
    private func release() {
        sws_freeContext(scaler)
        scaler = nil
        av_frame_free(&yuvFrame)
        av_packet_free(&packet)
        avcodec_free_context(&encoder)
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
        format = nil
        stream = nil
    }

    /// Frees everything and removes the temporary file.
    private func abandon() {
        release()
        output.discard()
        isOpen = false
    }
}
