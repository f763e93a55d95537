import CFFmpeg

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A libavfilter graph built filter by filter, fed through `buffer` sources
/// and drained through a `buffersink`, one frame at a time (so memory does
/// not grow with the clip). Used by `GIFWriter` for palettegen/paletteuse.
///
/// Runs on one thread (`nb_threads = 1`): the filters used here do not
/// slice-thread anyway, and a fixed count keeps results reproducible.
/// Owns the graph (which owns its filters) and frees it in `release()`
/// (also on `deinit`).
final class FilterGraph {
    typealias Filter = UnsafeMutablePointer<AVFilterContext>

    /// The output file the graph serves; errors name it.
    let path: String
    private var graph: UnsafeMutablePointer<AVFilterGraph>?

    init(path: String) throws {
        self.path = path
        quietFFmpegLogging()
        guard let graph = avfilter_graph_alloc() else {
            throw MediaError.encodingFailed(path: path, step: "creating a filter graph", reason: "out of memory")
        }
        graph.pointee.nb_threads = 1
        self.graph = graph
    }

    deinit {
        release()
    }

    /// True when this FFmpeg has the filter `name`.
    static func exists(_ name: String) -> Bool {
        avfilter_get_by_name(name) != nil
    }

    /// Adds filter `name` ("palettegen") configured by `arguments`
    /// ("stats_mode=full"), under the unique `label`.
    @discardableResult
    func add(_ name: String, label: String, arguments: String? = nil) throws -> Filter {
        guard let filter = avfilter_get_by_name(name) else {
            throw MediaError.encodingFailed(path: path, step: "finding the \(name) filter",
                                            reason: "this FFmpeg build has no \(name) filter")
        }
        var context: Filter?
        try checkFFmpeg(avfilter_graph_create_filter(&context, filter, label, arguments, nil, graph),
                        path: path, step: "creating the \(name) filter")
        return context!
    }

    /// A `buffer` source taking frames of `width` × `height` in `format`.
    func addSource(label: String, width: Int, height: Int, format: AVPixelFormat,
                   timeBase: AVRational) throws -> Filter {
        try add("buffer", label: label, arguments: "video_size=\(width)x\(height):pix_fmt=\(format.rawValue)"
                + ":time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=1/1")
    }

    /// Connects output pad `outputPad` of `from` to input pad `inputPad` of `to`.
    func link(_ from: Filter, _ outputPad: Int = 0, to: Filter, _ inputPad: Int = 0) throws {
        try checkFFmpeg(avfilter_link(from, UInt32(outputPad), to, UInt32(inputPad)),
                        path: path, step: "linking filters")
    }

    /// Checks the links and negotiates formats; call once, after all links.
    func configure() throws {
        try checkFFmpeg(avfilter_graph_config(graph, nil), path: path, step: "configuring the filter graph")
    }

    /// Hands `frame`'s reference to `source` (leaving `frame` blank), or with
    /// `nil` marks the end of that source's input. The graph runs on it at
    /// once (`AV_BUFFERSRC_FLAG_PUSH`): without that the frame would wait in
    /// the source's queue until the sink is next read, and a filter that
    /// only consumes (palettegen before its end) would let the whole clip
    /// pile up in memory.
    func push(_ frame: UnsafeMutablePointer<AVFrame>?, into source: Filter) throws {
        try checkFFmpeg(av_buffersrc_add_frame_flags(source, frame, Int32(AV_BUFFERSRC_FLAG_PUSH)),
                        path: path, step: "filtering a frame")
    }

    /// Moves the next finished frame from `sink` into `frame`; false when
    /// none is ready yet or the output has ended.
    func pull(from sink: Filter, into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
        let got = av_buffersink_get_frame(sink, frame)
        if got == reel_averror(EAGAIN) || got == reel_averror_eof() { return false }
        try checkFFmpeg(got, path: path, step: "filtering a frame")
        return true
    }

    /// Frees the graph and all its filters; safe to call repeatedly.
    func release() {
        avfilter_graph_free(&graph)
    }
}
