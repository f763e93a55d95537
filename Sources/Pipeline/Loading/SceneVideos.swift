import DisplayList
import Foundation
import Media
import Pixels
import Raster
import SceneModel

/// The video clips of a scene's video layers, opened and checked once
/// before rendering (see `VideoClip`), each with one decoder shared by
/// every worker (`SharedVideoDecoder`); each worker's rasterizer converts
/// the frames it shows through its own `VideoFrames`.
public struct SceneVideos: Sendable {
    /// The clips' decoders by the SHA-256 their frames are named with.
    let decoders: [String: SharedVideoDecoder]
    /// When each clip's frames show, by file path as the layers name it.
    public let timelines: [String: VideoTimeline]

    static let none = SceneVideos(decoders: [:], timelines: [:])

    /// libavcodec threads per clip's decoder: the decoding is shared, so it
    /// may use a few cores, bounded (the workers need the rest).
    static let decoderThreads = min(ProcessInfo.processInfo.activeProcessorCount, 4)

    /// Opens the file of every video layer of `scene` (paths relative to the
    /// scene file), or takes it from `shared`; all failures are reported
    /// together, each where a layer names the file.
    static func load(for scene: Scene, shared: SharedAssets? = nil) throws(RenderError) -> SceneVideos {
        var decoders: [String: SharedVideoDecoder] = [:], timelines: [String: VideoTimeline] = [:]
        var problems: [Diagnostic] = []
        for video in scene.videoLayers where timelines[video.file.path] == nil {
            let path = video.file.resolved(from: scene.file)
            do {
                let clip = try shared?.videos[path] ?? VideoClip(path: path)
                shared?.videos[path] = clip
                decoders[clip.digest] = decoders[clip.digest] ?? SharedVideoDecoder(clip: clip, threads: decoderThreads)
                timelines[video.file.path] = VideoTimeline(digest: clip.digest, width: clip.width, height: clip.height,
                                                           times: clip.times, end: clip.end)
            } catch {
                let reason = (error as? MediaError).map(\.description) ?? "\(error)"
                problems.append(Diagnostic(file: scene.file, location: video.file.location, path: video.file.jsonPath,
                                           message: reason))
            }
        }
        guard problems.isEmpty else { throw .invalidScene(SceneLoadError(diagnostics: problems)) }
        return SceneVideos(decoders: decoders, timelines: timelines)
    }

    /// Frames decoded so far for every clip (once each in a render from
    /// start to end, however many workers show them).
    public var framesDecoded: Int { decoders.values.reduce(0) { $0 + $1.framesDecoded } }

    /// Decoded frames kept for the workers, every clip.
    public var framesKept: Int { decoders.values.reduce(0) { $0 + $1.framesKept } }

    /// A frame source for one rasterizer; nil when the scene shows no video.
    func makeFrameSource() -> VideoFrames? {
        decoders.isEmpty ? nil : VideoFrames(decoders: decoders)
    }
}

/// One worker's reader of video frames: a cursor per clip, made on first use.
final class VideoFrames: VideoFrameSource {
    private let decoders: [String: SharedVideoDecoder]
    private var cursors: [String: VideoCursor] = [:]

    init(decoders: [String: SharedVideoDecoder]) {
        self.decoders = decoders
    }

    func bitmap(for frame: VideoFrameRef) -> Bitmap? {
        guard let decoder = decoders[frame.clip] else { return nil }
        let cursor = cursors[frame.clip] ?? VideoCursor(decoder: decoder)
        cursors[frame.clip] = cursor
        // Checked when the scene was prepared: a file changed or damaged
        // since draws nothing, as a missing image does.
        return try? cursor.bitmap(at: frame.index)
    }
}

extension Scene {
    /// Every video layer, masks and mattes included, in tree order.
    var videoLayers: [VideoNode] {
        var found: [VideoNode] = []
        func walk(_ nodes: [Node]) {
            for node in nodes {
                if case .video(let video) = node.kind { found.append(video) }
                walk(node.subnodes)
            }
        }
        walk(layers)
        return found
    }
}
