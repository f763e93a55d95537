import CFFmpeg
import CFFmpegLog

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a sound file (WAV, AIFF, FLAC, MP3, AAC/M4A, Opus or Vorbis in Ogg —
/// whatever libavformat and libavcodec read) into `SoundSamples`: decoded,
/// then converted to 48 kHz stereo float by libswresample.
///
/// **Start.** Sample 0 is the first sample the decoder presents: encoder
/// delay that the container records (an MP3's LAME header, an M4A's edit
/// list, Opus pre-skip) is already removed by libavformat and libavcodec.
/// **Channels.** Mono is played on both sides at its own level (libswresample
/// would lower it by 3 dB on each); more than two channels are mixed down by
/// libswresample's standard matrix.
/// **Reproducibility.** One decoder thread, bit-exact flags, and the
/// resampler's defaults: the same file gives the same samples on every run.
/// **Problems.** Every failure is thrown as data naming the file: the file
/// itself (`MediaError`: missing, not a file, too large), or its contents
/// (`SoundError`: not media, no sound, an unknown codec, an impossible
/// header, damage, or fewer samples than the header promises).
public enum SoundDecoder {
    /// Largest sound file read, in bytes: 1 GiB, over 90 minutes of 16-bit
    /// 48 kHz stereo WAV.
    public static let maxFileBytes = 1 << 30

    /// The file's sound from its start, at most `maxFrames` frames (48 kHz):
    /// decoding stops once it has them, so a clip that uses a file's first
    /// seconds does not decode all of it.
    public static func decode(contentsOf path: String, maxFrames: Int = .max) throws -> SoundSamples {
        var info = stat()
        guard stat(path, &info) == 0 else { throw MediaError.cannotRead(path: path, reason: FileSystem.errorText(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw MediaError.cannotRead(path: path, reason: (info.st_mode & S_IFMT) == S_IFDIR ? "it is a folder" : "not a file")
        }
        guard Int(info.st_size) <= maxFileBytes else {
            throw MediaError.fileTooLarge(path: path, bytes: Int(info.st_size), limit: maxFileBytes)
        }
        // FFmpeg's own messages are collected, not printed: the reason for
        // a refusal goes into the error.
        reel_av_log_capture_begin()
        defer { reel_av_log_capture_end() }
        let reader = try SoundFileReader(path: path)
        return try reader.read(maxFrames: maxFrames)
    }
}

/// One open sound file: its demuxer, decoder and resampler, and the frame
/// and packet they pass along. Frees them all on `deinit`.
private final class SoundFileReader {
    let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let streamIndex: Int32
    private let stream: UnsafeMutablePointer<AVStream>
    /// The input the resampler was set up for: channels, sample format, rate.
    private var resamplerInput: (channels: Int32, format: Int32, rate: Int32)?
    /// 1 for mono sources (copied to both sides afterwards), else 2.
    private var resampledChannels = 2
    /// Decoded samples per channel at the source's rate, for the truncation check.
    private var sourceFrames = 0
    private var output: [Float] = []

    init(path: String) throws {
        self.path = path
        quietFFmpegLogging()
        let opened = avformat_open_input(&format, "file:" + path, nil, nil)
        guard opened >= 0, let format else {
            // A reader that recognised the file says what is wrong with it.
            let said = String(cString: reel_av_log_captured())
            if said.isEmpty { throw SoundError.notSound(path: path, reason: ffmpegErrorText(opened)) }
            throw SoundError.invalidHeader(path: path, reason: said.prefix(1).lowercased() + said.dropFirst())
        }
        let found = avformat_find_stream_info(format, nil)
        guard found >= 0 else { throw SoundError.notSound(path: path, reason: ffmpegErrorText(found)) }
        let index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0 else { throw SoundError.noSoundStream(path: path) }
        streamIndex = index
        stream = format.pointee.streams[Int(index)]!
        let parameters = stream.pointee.codecpar.pointee
        guard parameters.sample_rate > 0 else {
            throw SoundError.invalidHeader(path: path, reason: "invalid sample rate: \(parameters.sample_rate)")
        }
        guard parameters.ch_layout.nb_channels > 0 else { throw SoundError.invalidHeader(path: path, reason: "no channels") }
        guard let codec = avcodec_find_decoder(parameters.codec_id) else {
            throw SoundError.unsupportedCodec(path: path, codec: Self.codecName(parameters))
        }
        guard let decoder = avcodec_alloc_context3(codec), let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw MediaError.cannotRead(path: path, reason: "out of memory")
        }
        (self.decoder, self.frame, self.packet) = (decoder, frame, packet)
        let copied = avcodec_parameters_to_context(decoder, stream.pointee.codecpar)
        guard copied >= 0 else { throw SoundError.notSound(path: path, reason: ffmpegErrorText(copied)) }
        decoder.pointee.pkt_timebase = stream.pointee.time_base
        decoder.pointee.thread_count = 1
        decoder.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        let codecOpened = avcodec_open2(decoder, codec, nil)
        guard codecOpened >= 0 else {
            throw SoundError.unsupportedCodec(path: path, codec: Self.codecName(parameters))
        }
    }

    /// The codec's name ("mp3"), or for one FFmpeg does not know, the tag
    /// the file gives it ("unknown, tag 0x9999").
    private static func codecName(_ parameters: AVCodecParameters) -> String {
        guard parameters.codec_id == AV_CODEC_ID_NONE else { return String(cString: avcodec_get_name(parameters.codec_id)) }
        let hex = String(parameters.codec_tag, radix: 16)
        return "unknown, tag 0x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    deinit {
        swr_free(&resampler)
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&decoder)
        avformat_close_input(&format)
    }

    /// Decodes from the start until the file ends or `maxFrames` are had.
    func read(maxFrames: Int) throws -> SoundSamples {
        var complete = true
        while true {
            let read = av_read_frame(format, packet)
            if read == reel_averror_eof() { break }
            if read < 0 { throw damage(read) }
            defer { av_packet_unref(packet) }
            guard packet!.pointee.stream_index == streamIndex else { continue }
            // A reader marks a packet cut short by the end of the file (a
            // WAV whose data is shorter than its header says).
            if packet!.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
                throw damage(nil, reason: "the file ends inside a packet")
            }
            let sent = avcodec_send_packet(decoder, packet)
            if sent < 0 && sent != reel_averror(EAGAIN) { throw damage(sent) }
            try receiveFrames()
            if output.count / SoundSamples.channels >= maxFrames {
                complete = false
                break
            }
        }
        if complete {
            let flushed = avcodec_send_packet(decoder, nil)
            if flushed < 0 && flushed != reel_averror_eof() { throw damage(flushed) }
            try receiveFrames()
            if resampler != nil { while try resample(nil) > 0 {} }
            try checkLength()
        }
        let frames = min(output.count / SoundSamples.channels, maxFrames)
        output.removeSubrange((frames * SoundSamples.channels)...)
        return SoundSamples(interleaved: output)
    }

    private func receiveFrames() throws {
        while true {
            let received = avcodec_receive_frame(decoder, frame)
            if received == reel_averror(EAGAIN) || received == reel_averror_eof() { return }
            if received < 0 { throw damage(received) }
            defer { av_frame_unref(frame) }
            sourceFrames += Int(frame!.pointee.nb_samples)
            _ = try resample(frame)
        }
    }

    /// Converts `frame` (nil: what the resampler still holds) and appends
    /// it to `output`; returns the frames appended.
    private func resample(_ frame: UnsafeMutablePointer<AVFrame>?) throws -> Int {
        if let frame { try prepareResampler(for: frame) }
        let capacity = Int(swr_get_out_samples(resampler, frame.map { $0.pointee.nb_samples } ?? 0))
        guard capacity > 0 else { return 0 }
        var buffer = [Float](repeating: 0, count: capacity * resampledChannels)
        let converted = buffer.withUnsafeMutableBytes { raw in
            reel_swr_convert_frame_to_packed(resampler, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(capacity), frame)
        }
        if converted < 0 { throw damage(converted) }
        let count = Int(converted)
        if resampledChannels == 1 {
            for value in buffer[0..<count] { output.append(value); output.append(value) }
        } else {
            output.append(contentsOf: buffer[0..<(2 * count)])
        }
        return count
    }

    /// Sets the resampler up for the first frame's layout, format and rate;
    /// a later frame that differs is refused (a stream that changes format
    /// midway is not one sound).
    private func prepareResampler(for frame: UnsafeMutablePointer<AVFrame>) throws {
        let f = frame.pointee
        let input = (channels: f.ch_layout.nb_channels, format: f.format, rate: f.sample_rate)
        if let current = resamplerInput {
            guard current == input else { throw damage(nil, reason: "the sound's format changes midway") }
            return
        }
        guard input.rate > 0 else { throw SoundError.invalidHeader(path: path, reason: "invalid sample rate: \(input.rate)") }
        resamplerInput = input
        resampledChannels = input.channels == 1 ? 1 : 2
        var inLayout = AVChannelLayout(), outLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&inLayout); av_channel_layout_uninit(&outLayout) }
        if f.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&inLayout, input.channels)
        } else {
            var source = f.ch_layout
            guard av_channel_layout_copy(&inLayout, &source) >= 0 else { throw damage(nil, reason: "its channel layout cannot be read") }
        }
        av_channel_layout_default(&outLayout, Int32(resampledChannels))
        let set = swr_alloc_set_opts2(&resampler, &outLayout, AV_SAMPLE_FMT_FLT, Int32(SoundSamples.sampleRate),
                                      &inLayout, AVSampleFormat(rawValue: input.format), input.rate, 0, nil)
        if set < 0 { throw damage(set) }
        let initialised = swr_init(resampler)
        if initialised < 0 { throw damage(initialised) }
    }

    /// A file whose header gives its length (and not as an estimate from its
    /// bit rate) must hold that much sound, within 50 ms or 1 %.
    private func checkLength() throws {
        let s = stream.pointee
        guard s.duration != reel_nopts_value(), s.duration > 0,
              format!.pointee.duration_estimation_method != AVFMT_DURATION_FROM_BITRATE,
              let rate = resamplerInput?.rate ?? Optional(stream.pointee.codecpar.pointee.sample_rate), rate > 0 else { return }
        let expected = Double(s.duration) * av_q2d(s.time_base)
        let decoded = Double(sourceFrames) / Double(rate)
        if decoded + max(0.05, expected * 0.01) < expected {
            throw SoundError.truncated(path: path, seconds: decoded, expected: expected)
        }
    }

    /// `.damaged` at the sound decoded so far.
    private func damage(_ code: Int32?, reason: String? = nil) -> SoundError {
        let rate = Double(resamplerInput?.rate ?? stream.pointee.codecpar.pointee.sample_rate)
        let said = String(cString: reel_av_log_captured())
        return .damaged(path: path, seconds: Double(sourceFrames) / max(rate, 1),
                        reason: reason ?? (said.isEmpty ? nil : said) ?? code.map(ffmpegErrorText) ?? "unknown error")
    }
}
