import CFFmpeg

/// One chunk file opened for reading by libavformat: its `ChunkTag`, its
/// video stream, its sound stream if it has one (chunk 0 of a render with
/// sound), and their packets, for `ChunkJoin`.
///
/// Owns the demuxer context and closes it on `deinit`.
final class ChunkPart {
    let path: String
    let tag: ChunkTag
    let format: OutputFormat
    /// The container's stream and the time base its packets use.
    let stream: UnsafeMutablePointer<AVStream>
    var timeBase: AVRational { stream.pointee.time_base }
    /// One frame's duration as a rational, 1/fps.
    let frameTimeBase: AVRational
    /// The sound stream, if any.
    let soundStream: UnsafeMutablePointer<AVStream>?
    private var context: UnsafeMutablePointer<AVFormatContext>?

    /// Opens `path` and reads its header and tag (no packets yet).
    init(path: String) throws {
        self.path = path
        quietFFmpegLogging()
        guard let format = OutputFormat(path: path) else { throw ChunkError.notAChunk(path: path) }
        guard format != .gif else { throw ChunkError.formatNotSupported(path: path, format: "GIF") }
        self.format = format
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, "file:" + path, nil, nil)
        guard opened >= 0, let context else {
            // A file cut inside its index fails here.
            guard FileSystem.exists(path) else { throw MediaError.cannotRead(path: path, reason: FileSystem.errorText(ENOENT)) }
            throw ChunkError.unreadableIndex(path: path, reason: ffmpegErrorText(opened))
        }
        self.context = context
        guard let entry = av_dict_get(context.pointee.metadata, ChunkTag.key, nil, 0),
              let tag = ChunkTag(value: String(cString: entry.pointee.value)) else {
            avformat_close_input(&self.context)
            throw ChunkError.notAChunk(path: path)
        }
        self.tag = tag
        let videos = (0..<Int(context.pointee.nb_streams)).compactMap { i -> UnsafeMutablePointer<AVStream>? in
            let stream = context.pointee.streams[i]!
            return stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO ? stream : nil
        }
        guard videos.count == 1, videos[0].pointee.avg_frame_rate.num > 0 else {
            avformat_close_input(&self.context)
            throw ChunkError.notAChunk(path: path)
        }
        stream = videos[0]
        soundStream = (0..<Int(context.pointee.nb_streams)).lazy.map { context.pointee.streams[$0]! }
            .first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
        let rate = stream.pointee.avg_frame_rate
        frameTimeBase = AVRational(num: rate.den, den: rate.num)
    }

    deinit {
        avformat_close_input(&context)
    }

    /// Codec parameters equal in what decoding depends on: codec, size,
    /// pixel format and the decoder configuration (H.264's SPS and PPS).
    func sameStream(as other: ChunkPart) -> Bool {
        let a = stream.pointee.codecpar.pointee, b = other.stream.pointee.codecpar.pointee
        guard a.codec_id == b.codec_id, a.width == b.width, a.height == b.height, a.format == b.format,
              a.extradata_size == b.extradata_size else { return false }
        guard a.extradata_size > 0 else { return true }
        return memcmp(a.extradata, b.extradata, Int(a.extradata_size)) == 0
    }

    /// Calls `body` with every packet of the video stream, its timestamps
    /// moved `tag.first` frames later into `outputTimeBase`, and `sound`
    /// with every packet of the sound stream as read (in its stream's time
    /// base), in the order of the file. Throws `truncated` when the file
    /// ends before `tag.count` frames or a packet is incomplete, and
    /// `noKeyframeAtStart` unless the first is a keyframe.
    func copyPackets(into outputTimeBase: AVRational,
                     sound: ((UnsafeMutablePointer<AVPacket>) throws -> Void)? = nil,
                     _ body: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let packet else {
            throw MediaError.encodingFailed(path: path, step: "allocating a packet", reason: "out of memory")
        }
        var frames = 0
        while true {
            let read = av_read_frame(context, packet)
            if read == reel_averror_eof() { break }
            if read < 0 { throw ChunkError.truncated(path: path, frames: frames, expected: tag.count) }
            defer { av_packet_unref(packet) }
            if let soundStream, let sound, packet.pointee.stream_index == soundStream.pointee.index {
                if packet.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
                    throw ChunkError.truncated(path: path, frames: frames, expected: tag.count)
                }
                try sound(packet)
                continue
            }
            guard packet.pointee.stream_index == stream.pointee.index else { continue }
            if packet.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
                throw ChunkError.truncated(path: path, frames: frames, expected: tag.count)
            }
            if frames == 0 && packet.pointee.flags & AV_PKT_FLAG_KEY == 0 {
                throw ChunkError.noKeyframeAtStart(path: path)
            }
            frames += 1
            guard frames <= tag.count else { break }
            packet.pointee.pts = shifted(packet.pointee.pts, into: outputTimeBase)
            packet.pointee.dts = shifted(packet.pointee.dts, into: outputTimeBase)
            packet.pointee.duration = av_rescale_q(1, frameTimeBase, outputTimeBase)
            packet.pointee.pos = -1
            try body(packet)
        }
        guard frames == tag.count else { throw ChunkError.truncated(path: path, frames: frames, expected: tag.count) }
    }

    /// A timestamp of this part as a whole frame count (exact: the writer
    /// rounded a frame count into the container's ticks), moved by
    /// `tag.first` frames and put in `outputTimeBase` the way the writer
    /// rounds, so the joined video's frame *n* has the tick a 1-process
    /// render gives it.
    private func shifted(_ timestamp: Int64, into outputTimeBase: AVRational) -> Int64 {
        guard timestamp != reel_nopts_value() else { return timestamp }
        let frame = av_rescale_q(timestamp, timeBase, frameTimeBase)
        return av_rescale_q(frame + Int64(tag.first), frameTimeBase, outputTimeBase)
    }
}
