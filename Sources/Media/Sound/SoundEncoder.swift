import CFFmpeg

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sound stream of a video file: a libavcodec audio encoder fed from one
/// `SoundSamples` track, its packets written into the container beside the
/// video's (the container interleaves them by time).
///
/// **Codecs.** AAC-LC (FFmpeg's native `aac`) for MP4 and QuickTime, Opus
/// (`libopus`) for WebM, both stereo at 48 kHz, at fixed bit rates.
/// **Timing.** The encoder's time base is 1/48,000; sample *n* of the track
/// is at *n* / 48,000 s of the video, so the sound starts where the video
/// does. The codecs' priming samples (1,024 for AAC, 312 for Opus) are
/// recorded so that players and decoders skip them, and the last packet's
/// duration ends the sound at the track's length. MP4 and QuickTime take
/// the priming as packets before 0 and write an edit list. WebM records it
/// as `CodecDelay` and counts block times from the first priming sample
/// (FFmpeg's reader subtracts the delay again): the packets are moved
/// later by the priming here, because FFmpeg 5.1's WebM writer would
/// otherwise move every stream, the video too, 7 ms later to make the
/// first packet's time non-negative.
/// **Reproducibility.** One thread, bit-exact flags, options checked as
/// the video's are: the same track gives the same packets.
///
/// Owns its codec context, frame and packet; the stream belongs to the
/// container.
final class SoundEncoder {
    struct Settings: Equatable {
        /// libavcodec encoder name, and how messages name it.
        var codec: String
        var codecLabel: String
        /// Bits per second for both channels.
        var bitRate: Int
        /// Whether packet times count from the first priming sample (WebM)
        /// rather than from the first sample of sound (MP4, QuickTime).
        var primingInTimestamps = false

        /// AAC-LC at 192 kbit/s: transparent for most material with FFmpeg's
        /// encoder, which needs more bits than the best AAC encoders.
        static let aac = Settings(codec: "aac", codecLabel: "AAC", bitRate: 192_000)
        /// Opus at 128 kbit/s, transparent stereo music by the codec's own
        /// guidance, in WebM.
        static let opus = Settings(codec: "libopus", codecLabel: "Opus", bitRate: 128_000, primingInTimestamps: true)
    }

    let path: String
    let settings: Settings
    private let samples: SoundSamples
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let stream: UnsafeMutablePointer<AVStream>
    /// The muxer's time base for the stream, known after the header.
    private var streamTimeBase = AVRational(num: 0, den: 1)
    /// Frames of `samples` sent to the encoder so far.
    private var sent = 0
    private var flushed = false

    /// Adds the sound stream to `format` (before its header is written) and
    /// opens the encoder.
    init(path: String, format: UnsafeMutablePointer<AVFormatContext>, settings: Settings, samples: SoundSamples) throws {
        self.path = path
        self.settings = settings
        self.samples = samples
        guard let codec = avcodec_find_encoder_by_name(settings.codec) else {
            throw MediaError.encodingFailed(path: path, step: "finding the \(settings.codec) encoder",
                                            reason: "this FFmpeg build has no \(settings.codec)")
        }
        guard let stream = avformat_new_stream(format, nil) else {
            throw MediaError.encodingFailed(path: path, step: "creating the sound stream", reason: "out of memory")
        }
        self.stream = stream
        guard let encoder = avcodec_alloc_context3(codec), let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw MediaError.encodingFailed(path: path, step: "creating the \(settings.codecLabel) encoder", reason: "out of memory")
        }
        (self.encoder, self.frame, self.packet) = (encoder, frame, packet)
        // AAC takes planar float only; libopus interleaved float.
        encoder.pointee.sample_fmt = settings.codec == "aac" ? AV_SAMPLE_FMT_FLTP : AV_SAMPLE_FMT_FLT
        encoder.pointee.sample_rate = Int32(SoundSamples.sampleRate)
        av_channel_layout_default(&encoder.pointee.ch_layout, Int32(SoundSamples.channels))
        encoder.pointee.bit_rate = Int64(settings.bitRate)
        encoder.pointee.time_base = AVRational(num: 1, den: Int32(SoundSamples.sampleRate))
        encoder.pointee.thread_count = 1
        encoder.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        try withFFmpegOptions([], path: path, step: "opening the \(settings.codecLabel) encoder") {
            avcodec_open2(encoder, codec, &$0)
        }
        try checkFFmpeg(avcodec_parameters_from_context(stream.pointee.codecpar, encoder), path: path,
                        step: "configuring the sound stream")
        // The MP4 muxer would write the target as the peak bit rate, which a
        // join (which knows only the measured rate) could not repeat; without
        // it, both write what they measure, and the bytes agree.
        stream.pointee.codecpar.pointee.bit_rate = 0
        stream.pointee.time_base = encoder.pointee.time_base
    }

    deinit {
        release()
    }

    /// Call once the container's header is written: the muxer may have
    /// changed the stream's time base (WebM counts milliseconds).
    func headerWritten() {
        streamTimeBase = stream.pointee.time_base
    }

    /// Encodes the track up to `seconds` of the video (whole encoder frames,
    /// so a little further) and hands each packet to `write`.
    func encode(upTo seconds: Double, _ write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let until = min(samples.frameCount, Int((seconds * Double(SoundSamples.sampleRate)).rounded(.up)))
        while sent < until { try sendFrame(write) }
    }

    /// Encodes the rest of the track, flushes the encoder and hands every
    /// remaining packet to `write`.
    func finish(_ write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        while sent < samples.frameCount { try sendFrame(write) }
        guard !flushed else { return }
        flushed = true
        try checkFFmpeg(avcodec_send_frame(encoder, nil), path: path, step: "flushing the \(settings.codecLabel) encoder")
        try receivePackets(write)
    }

    /// Frees the codec context, frame and packet; safe to call repeatedly.
    func release() {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&encoder)
    }

    /// Sends the next encoder frame of samples (the last may be shorter).
    private func sendFrame(_ write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let encoder = encoder!, frame = frame!
        let size = Int(encoder.pointee.frame_size > 0 ? encoder.pointee.frame_size : 1024)
        let count = min(size, samples.frameCount - sent)
        av_frame_unref(frame)
        frame.pointee.nb_samples = Int32(count)
        frame.pointee.format = encoder.pointee.sample_fmt.rawValue
        frame.pointee.sample_rate = encoder.pointee.sample_rate
        try checkFFmpeg(av_channel_layout_copy(&frame.pointee.ch_layout, &encoder.pointee.ch_layout), path: path,
                        step: "setting up a sound frame")
        try checkFFmpeg(av_frame_get_buffer(frame, 0), path: path, step: "allocating a sound frame")
        samples.interleaved.withUnsafeBufferPointer { all in
            let source = all.baseAddress! + 2 * sent
            if encoder.pointee.sample_fmt == AV_SAMPLE_FMT_FLTP {
                let left = reel_frame_channel(frame, 0)!.withMemoryRebound(to: Float.self, capacity: count) { $0 }
                let right = reel_frame_channel(frame, 1)!.withMemoryRebound(to: Float.self, capacity: count) { $0 }
                for i in 0..<count {
                    left[i] = source[2 * i]
                    right[i] = source[2 * i + 1]
                }
            } else {
                memcpy(reel_frame_channel(frame, 0), source, 2 * count * MemoryLayout<Float>.size)
            }
        }
        frame.pointee.pts = Int64(sent)
        sent += count
        try checkFFmpeg(avcodec_send_frame(encoder, frame), path: path, step: "sending sound to the \(settings.codecLabel) encoder")
        try receivePackets(write)
    }

    /// Moves every packet the encoder has ready to `write`, in the stream's time base.
    private func receivePackets(_ write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let packet = packet!
        while true {
            let received = avcodec_receive_packet(encoder, packet)
            if received == reel_averror(EAGAIN) || received == reel_averror_eof() { return }
            try checkFFmpeg(received, path: path, step: "encoding the sound")
            if settings.primingInTimestamps {
                let priming = Int64(encoder!.pointee.initial_padding)
                packet.pointee.pts += priming
                packet.pointee.dts += priming
            }
            av_packet_rescale_ts(packet, encoder!.pointee.time_base, streamTimeBase)
            packet.pointee.stream_index = stream.pointee.index
            do {
                try write(packet)
            } catch {
                av_packet_unref(packet)
                throw error
            }
            av_packet_unref(packet)
        }
    }
}
