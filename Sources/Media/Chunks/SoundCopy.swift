import CFFmpeg

/// The sound stream of a join: chunk 0's sound packets, kept as they are
/// read (a chunk's file holds them interleaved with its video) and written
/// between the joined video's packets by time, as the writer of a
/// 1-process render interleaves them.
///
/// Timestamps are copied as read, except in WebM: FFmpeg's reader takes the
/// Opus priming (`CodecDelay`) off the packets' times, and it is added back
/// so the stream starts where the chunk's did (see `SoundEncoder`).
///
/// Owns the packets it keeps and frees those not yet written on `deinit`.
final class SoundCopy {
    private let source: UnsafeMutablePointer<AVStream>
    private let stream: UnsafeMutablePointer<AVStream>
    private let path: String
    /// Ticks (of the source's time base) added to every packet's times.
    private let shift: Int64
    private var kept: [UnsafeMutablePointer<AVPacket>?] = []
    private var next = 0
    /// The output stream's time base, known after the header.
    private var timeBase = AVRational(num: 0, den: 1)

    /// Adds a sound stream to `context` like `part`'s (chunk 0's).
    init(from part: ChunkPart, into context: UnsafeMutablePointer<AVFormatContext>, path: String) throws {
        guard let source = part.soundStream else { throw ChunkError.missingSound(path: part.path) }
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaError.encodingFailed(path: path, step: "creating the sound stream", reason: "out of memory")
        }
        self.source = source
        self.stream = stream
        self.path = path
        try checkFFmpeg(avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar), path: path,
                        step: "copying the sound stream's parameters")
        // As the writer leaves it (see `SoundEncoder`): the muxer measures it.
        stream.pointee.codecpar.pointee.bit_rate = 0
        // An AAC-LC frame is 1,024 samples. The QuickTime writer records it
        // (samples per packet), but the reader does not pass it on.
        if stream.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_AAC && stream.pointee.codecpar.pointee.frame_size == 0 {
            stream.pointee.codecpar.pointee.frame_size = 1024
        }
        stream.pointee.time_base = source.pointee.time_base
        let parameters = source.pointee.codecpar.pointee
        shift = part.format == .webm && parameters.sample_rate > 0
            ? av_rescale_q(Int64(parameters.initial_padding), AVRational(num: 1, den: parameters.sample_rate), source.pointee.time_base)
            : 0
    }

    deinit {
        for i in next..<kept.count { av_packet_free(&kept[i]) }
    }

    func headerWritten() {
        timeBase = stream.pointee.time_base
    }

    /// Keeps a copy of one packet of the source stream.
    func keep(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        guard let copy = av_packet_clone(packet) else {
            throw MediaError.encodingFailed(path: path, step: "keeping a sound packet", reason: "out of memory")
        }
        if copy.pointee.pts != reel_nopts_value() { copy.pointee.pts += shift }
        if copy.pointee.dts != reel_nopts_value() { copy.pointee.dts += shift }
        copy.pointee.pos = -1
        kept.append(copy)
    }

    /// Writes, through `write`, the kept packets that come before `dts` (in
    /// `videoTimeBase`; a tie goes to the video, the first stream), or all
    /// of them for nil.
    func write(upTo dts: Int64?, in videoTimeBase: AVRational,
               _ write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        while next < kept.count, let packet = kept[next] {
            if let dts, dts != reel_nopts_value(),
               av_compare_ts(packet.pointee.dts, source.pointee.time_base, dts, videoTimeBase) >= 0 { return }
            av_packet_rescale_ts(packet, source.pointee.time_base, timeBase)
            packet.pointee.stream_index = stream.pointee.index
            try write(packet)
            av_packet_free(&kept[next])
            next += 1
        }
    }
}
