import CFFmpeg

/// The two passes of `GIFWriter` over its spooled frames, each a small
/// libavfilter graph: `make` builds the clip's palette (`palettegen`),
/// `apply` maps every frame to it (`paletteuse`) and encodes the result.
///
/// Spooled frames are 0xAARRGGBB words in host byte order — FFmpeg's `RGB32`,
/// the format both filters take — with alpha 0 (transparent) or 255.
enum GIFPalette {
    /// `paletteuse` settings; see `GIFWriter` for why.
    static let mapping = "dither=sierra2_4a:diff_mode=rectangle:alpha_threshold=\(GIFWriter.alphaThreshold)"
    /// Opaque pixels are fed to `palettegen` packed into rows this long.
    static let sampleWidth = 16384

    /// FFmpeg's `RGB32`: one native-endian 0xAARRGGBB word per pixel
    /// (`AV_PIX_FMT_RGB32` is a macro Swift cannot import).
    static let rgb32 = 1.littleEndian == 1 ? AV_PIX_FMT_BGRA : AV_PIX_FMT_ARGB

    /// Builds one palette of at most 256 colours (255 and a transparent entry
    /// with `reserveTransparent`) from the opaque pixels of every spooled
    /// frame. Returns palettegen's 16 × 16 `RGB32` palette frame; the caller
    /// frees it.
    ///
    /// Transparent pixels must not pull the palette towards their meaningless
    /// colour, and palettegen counts every pixel of the frames it is given, so
    /// it is given only the opaque pixels, packed into `sampleWidth` × 1
    /// sample frames. The last sample is completed by repeating its own
    /// pixels, which scales their counts uniformly rather than adding a
    /// colour (and a clip without opaque pixels gets a black one).
    static func make(from spool: FrameSpool, reserveTransparent: Bool,
                     path: String) throws -> UnsafeMutablePointer<AVFrame>? {
        let graph = try FilterGraph(path: path)
        defer { graph.release() }
        let source = try graph.addSource(label: "samples", width: sampleWidth, height: 1, format: rgb32,
                                         timeBase: AVRational(num: 1, den: 1))
        let palettegen = try graph.add("palettegen", label: "palettegen",
                                       arguments: "max_colors=256:reserve_transparent=\(reserveTransparent ? 1 : 0)"
                                           + ":stats_mode=full")
        let sink = try graph.add("buffersink", label: "palette")
        try graph.link(source, to: palettegen)
        try graph.link(palettegen, to: sink)
        try graph.configure()

        var frame = av_frame_alloc()
        var palette = av_frame_alloc()
        defer { av_frame_free(&frame) }
        do {
            guard let frame, let palette else {
                throw MediaError.encodingFailed(path: path, step: "allocating frame buffers", reason: "out of memory")
            }
            var sample = [UInt32](repeating: 0, count: sampleWidth)
            var filled = 0
            var pushed: Int64 = 0
            func pushSample() throws {
                try fill(frame, width: sampleWidth, height: 1, pts: pushed, from: sample, path: path)
                try graph.push(frame, into: source)
                pushed += 1
                filled = 0
            }
            var words = [UInt32](repeating: 0, count: spool.frameBytes / 4)
            for index in 0..<spool.count {
                try words.withUnsafeMutableBytes { try spool.read(index, into: $0) }
                for word in words where word >> 24 != 0 {
                    sample[filled] = word
                    filled += 1
                    if filled == sampleWidth { try pushSample() }
                }
            }
            if filled > 0 || pushed == 0 {
                if filled == 0 { sample[0] = 0xFF00_0000; filled = 1 }
                for i in filled..<sampleWidth { sample[i] = sample[i % filled] }
                try pushSample()
            }
            try graph.push(nil, into: source)
            guard try graph.pull(from: sink, into: palette) else {
                throw MediaError.encodingFailed(path: path, step: "building the palette",
                                                reason: "palettegen gave no palette")
            }
            return palette
        } catch {
            av_frame_free(&palette)
            throw error
        }
    }

    /// The index of the palette's transparent entry (alpha below
    /// `GIFWriter.alphaThreshold`), as the GIF encoder will find it.
    static func transparentIndex(of palette: UnsafeMutablePointer<AVFrame>) -> UInt8? {
        let width = Int(palette.pointee.width)
        let stride = Int(palette.pointee.linesize.0)
        let base = UnsafeRawPointer(palette.pointee.data.0!)
        for index in 0..<min(256, width * Int(palette.pointee.height)) {
            let word = base.loadUnaligned(fromByteOffset: index / width * stride + index % width * 4, as: UInt32.self)
            if word >> 24 < GIFWriter.alphaThreshold { return UInt8(index) }
        }
        return nil
    }

    /// Maps every spooled frame to `palette` (consumed) with dithering and
    /// sends the paletted frames to `encoder`, one at a time.
    static func apply(_ palette: UnsafeMutablePointer<AVFrame>, to spool: FrameSpool,
                      width: Int, height: Int, into encoder: VideoEncoder) throws {
        let path = encoder.path
        let graph = try FilterGraph(path: path)
        defer { graph.release() }
        let timeBase = encoder.timeBase
        let frames = try graph.addSource(label: "frames", width: width, height: height, format: rgb32,
                                         timeBase: timeBase)
        let colours = try graph.addSource(label: "colours", width: Int(palette.pointee.width),
                                          height: Int(palette.pointee.height),
                                          format: AVPixelFormat(palette.pointee.format), timeBase: timeBase)
        let paletteuse = try graph.add("paletteuse", label: "paletteuse", arguments: mapping)
        let sink = try graph.add("buffersink", label: "paletted")
        try graph.link(frames, to: paletteuse, 0)
        try graph.link(colours, to: paletteuse, 1)
        try graph.link(paletteuse, to: sink)
        try graph.configure()

        // One palette for the whole clip: it lasts past its end of input.
        palette.pointee.pts = 0
        try graph.push(palette, into: colours)
        try graph.push(nil, into: colours)

        var input = av_frame_alloc()
        var output = av_frame_alloc()
        defer { av_frame_free(&input); av_frame_free(&output) }
        guard let input, let output else {
            throw MediaError.encodingFailed(path: path, step: "allocating frame buffers", reason: "out of memory")
        }
        func drain() throws {
            while try graph.pull(from: sink, into: output) {
                defer { av_frame_unref(output) }
                try encoder.encode(output)
            }
        }
        var words = [UInt32](repeating: 0, count: width * height)
        for index in 0..<spool.count {
            try words.withUnsafeMutableBytes { try spool.read(index, into: $0) }
            try fill(input, width: width, height: height, pts: Int64(index), from: words, path: path)
            try graph.push(input, into: frames)
            try drain()
        }
        try graph.push(nil, into: frames)
        try drain()
    }

    /// Gives `frame` a fresh `RGB32` buffer of `width` × `height` holding
    /// `words` (rows packed), stamped `pts`.
    private static func fill(_ frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, pts: Int64,
                             from words: [UInt32], path: String) throws {
        av_frame_unref(frame)
        frame.pointee.format = rgb32.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        frame.pointee.pts = pts
        try checkFFmpeg(av_frame_get_buffer(frame, 0), path: path, step: "allocating frame buffers")
        let stride = Int(frame.pointee.linesize.0)
        let base = frame.pointee.data.0!
        words.withUnsafeBytes { source in
            for y in 0..<height {
                UnsafeMutableRawPointer(base + y * stride).copyMemory(from: source.baseAddress! + y * width * 4,
                                                                      byteCount: width * 4)
            }
        }
    }
}
