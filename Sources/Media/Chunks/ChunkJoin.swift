import CFFmpeg

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Joins the chunks of a split render into one video by stream copy: the
/// packets are moved, never decoded or re-encoded, so the join costs about
/// what copying the bytes does and changes no pixel.
///
/// Before anything is written every part is checked against the first: the
/// same scene, frame selection, encoding settings and split (their
/// `ChunkTag`s), the same decoder configuration, every chunk 0…N-1 present
/// exactly once, their frame ranges end to end, each part complete and
/// starting on a keyframe. Frame *n* of the joined video gets the
/// timestamp a 1-process render gives it (see `ChunkPart.copyPackets`).
/// **Sound.** A render with sound keeps all of it in chunk 0 (the mix is
/// made and encoded once, whole, so no codec priming or frame boundary
/// falls at a cut); its packets are copied as they are, interleaved with
/// the video by time, so the joined file decodes to the same samples as a
/// 1-process render.
/// The output is written like every Reel output (`AtomicOutput`), with
/// `+faststart` for MP4 and QuickTime, and without the chunk tags.
public enum ChunkJoin {
    /// What a join produced.
    public struct Summary: Sendable, Equatable {
        public var frames: Int
        public var parts: Int
        /// Bytes of the parts read.
        public var bytes: Int
    }

    /// The file name chunk `part` of `parts` of the render `name` gets, e.g.
    /// `splash.part-2-of-4.mp4`.
    public static func fileName(name: String, part: Int, of parts: Int, format: OutputFormat) -> String {
        "\(name).part-\(part)-of-\(parts).\(format.rawValue)"
    }

    /// The chunk files of `folder` (names `….part-K-of-N.EXT`, not hidden),
    /// in name order, as paths.
    public static func parts(inFolder folder: String) throws -> [String] {
        guard let stream = opendir(folder) else {
            throw MediaError.cannotRead(path: folder, reason: FileSystem.errorText(errno))
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix("."), isChunkName(name) { names.append(name) }
        }
        guard !names.isEmpty else { throw ChunkError.noParts(folder: folder) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted().map { prefix + $0 }
    }

    /// Whether `name` has the shape `fileName` gives.
    static func isChunkName(_ name: String) -> Bool {
        let pieces = name.split(separator: ".")
        guard pieces.count >= 3 else { return false }
        let part = pieces[pieces.count - 2]
        guard part.hasPrefix("part-") else { return false }
        let numbers = part.dropFirst(5).split(separator: "-", omittingEmptySubsequences: false)
        return numbers.count == 3 && numbers[1] == "of" && Int(numbers[0]) != nil && Int(numbers[2]) != nil
    }

    /// Checks `paths` (see the type's comment) and writes their join to
    /// `output`. Nothing appears under `output` unless the whole join
    /// succeeds.
    /// - Throws: `ChunkError` for parts that do not belong together,
    ///   `MediaError` for files that cannot be read or written.
    @discardableResult
    public static func join(_ paths: [String], to output: String) throws -> Summary {
        let parts = try paths.map { try ChunkPart(path: $0) }
        try check(parts)
        let first = parts[0]
        if let wanted = OutputFormat(path: output), wanted != first.format {
            throw ChunkError.outputFormatMismatch(output: output, parts: first.format.rawValue)
        }
        let destination = try AtomicOutput(finalPath: output)
        do {
            try write(parts, to: output, temporaryPath: destination.temporaryPath)
            try destination.commit()
        } catch {
            destination.discard()
            throw error
        }
        let bytes = paths.reduce(0) { $0 + FileSystem.size($1) }
        return Summary(frames: first.tag.total, parts: parts.count, bytes: bytes)
    }

    /// The checks on tags and streams, in the order the messages are most
    /// useful: which render a part is from, then which parts are there.
    private static func check(_ given: [ChunkPart]) throws {
        guard let reference = given.first else { throw ChunkError.missing(chunks: [], parts: 0) }
        let tag = reference.tag
        for part in given.dropFirst() {
            if part.tag.scene != tag.scene { throw ChunkError.otherScene(path: part.path, reference: reference.path) }
            if part.tag.parameters != tag.parameters {
                throw ChunkError.otherParameters(path: part.path, reference: reference.path,
                                                 parameters: part.tag.parameters, expected: tag.parameters)
            }
            if part.tag.settings != tag.settings || part.format != reference.format || !part.sameStream(as: reference) {
                throw ChunkError.otherSettings(path: part.path, reference: reference.path,
                                               settings: part.tag.settings, expected: tag.settings)
            }
            if part.tag.parts != tag.parts || part.tag.total != tag.total {
                throw ChunkError.otherSplit(path: part.path, reference: reference.path,
                                            parts: part.tag.parts, expected: tag.parts)
            }
            if part.tag.sound != tag.sound {
                throw ChunkError.otherSound(path: part.path, reference: reference.path, samples: part.tag.sound, expected: tag.sound)
            }
        }
        let byChunk = Dictionary(grouping: given, by: \.tag.part)
        if let duplicate = byChunk.keys.sorted().first(where: { byChunk[$0]!.count > 1 }) {
            throw ChunkError.duplicated(chunk: duplicate, paths: byChunk[duplicate]!.map(\.path))
        }
        let missing = (0..<tag.parts).filter { byChunk[$0] == nil }
        if !missing.isEmpty || given.count != tag.parts { throw ChunkError.missing(chunks: missing, parts: tag.parts) }
        let ordered = (0..<tag.parts).map { byChunk[$0]![0] }
        for (previous, part) in zip(ordered, ordered.dropFirst()) {
            let (a, b) = (previous.tag.frames, part.tag.frames)
            if b.lowerBound < a.upperBound {
                throw ChunkError.overlapping(path: part.path, frames: b, previous: previous.path, previousFrames: a)
            }
            if b.lowerBound > a.upperBound {
                throw ChunkError.gap(path: part.path, frames: b, previous: previous.path, previousFrames: a)
            }
        }
        if ordered[0].tag.first != 0 {
            throw ChunkError.gap(path: ordered[0].path, frames: ordered[0].tag.frames, previous: "the start", previousFrames: 0..<0)
        }
        if let last = ordered.last, last.tag.frames.upperBound != tag.total {
            throw ChunkError.incomplete(path: last.path, frames: last.tag.frames, total: tag.total)
        }
        if tag.sound > 0, ordered[0].soundStream == nil { throw ChunkError.missingSound(path: ordered[0].path) }
    }

    /// Copies every part's packets, in chunk order, into one new file; the
    /// sound of chunk 0, if any, into a second stream, interleaved by time.
    private static func write(_ given: [ChunkPart], to output: String, temporaryPath: String) throws {
        let parts = given.sorted { $0.tag.part < $1.tag.part }
        let first = parts[0]
        func check(_ code: Int32, _ step: String) throws { try checkFFmpeg(code, path: output, step: step) }
        var context: UnsafeMutablePointer<AVFormatContext>?
        let url = "file:" + temporaryPath
        try check(avformat_alloc_output_context2(&context, nil, first.format.rawValue, url), "creating the muxer")
        defer {
            if let context {
                if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
                avformat_free_context(context)
            }
        }
        context!.pointee.flags |= AVFMT_FLAG_BITEXACT
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaError.encodingFailed(path: output, step: "creating the video stream", reason: "out of memory")
        }
        try check(avcodec_parameters_copy(stream.pointee.codecpar, first.stream.pointee.codecpar), "copying the stream's parameters")
        // The demuxer sets the first part's average bit rate on its
        // parameters; the MP4 muxer would write it into `btrt` as the peak,
        // so the join's bytes would depend on the first chunk. Reel's writers
        // give none (CRF), and the muxer computes the average itself.
        stream.pointee.codecpar.pointee.bit_rate = 0
        stream.pointee.time_base = first.timeBase
        stream.pointee.avg_frame_rate = first.stream.pointee.avg_frame_rate
        // The demuxer puts the aspect ratio (MP4's `pasp`) on the stream; the
        // muxer writes it from the parameters.
        stream.pointee.sample_aspect_ratio = first.stream.pointee.sample_aspect_ratio
        stream.pointee.codecpar.pointee.sample_aspect_ratio = first.stream.pointee.sample_aspect_ratio
        if let alpha = av_dict_get(first.stream.pointee.metadata, "alpha_mode", nil, 0) {
            av_dict_set(&stream.pointee.metadata, "alpha_mode", alpha.pointee.value, 0)
        }
        let sound = try first.tag.sound > 0 ? SoundCopy(from: first, into: context!, path: output) : nil
        try check(avio_open(&context!.pointee.pb, url, AVIO_FLAG_WRITE), "opening the file")
        let options: [(String, String)] = first.format == .webm ? [] : [("movflags", "+faststart")]
        try withFFmpegOptions(options, path: output, step: "writing the header") { avformat_write_header(context, &$0) }
        sound?.headerWritten()
        let timeBase = stream.pointee.time_base
        for part in parts {
            try part.copyPackets(into: timeBase, sound: part === first ? sound.map { copy in { try copy.keep($0) } } : nil) { packet in
                // The sound up to this frame first, so the two interleave.
                try sound?.write(upTo: packet.pointee.dts, in: timeBase) { try check(av_write_frame(context, $0), "writing a sound packet") }
                packet.pointee.stream_index = stream.pointee.index
                try check(av_write_frame(context, packet), "writing a packet")
            }
        }
        try sound?.write(upTo: nil, in: timeBase) { try check(av_write_frame(context, $0), "writing a sound packet") }
        try check(av_write_trailer(context), "writing the trailer")
        try check(avio_closep(&context!.pointee.pb), "closing the file")
    }
}
