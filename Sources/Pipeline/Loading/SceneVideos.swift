import DisplayList
import Media
import Pixels
import Raster
import SceneModel

/// The video clips of a scene's video layers, opened and checked once
/// before rendering (see `VideoClip`) and shared read-only by every worker;
/// each worker's rasterizer reads their frames through its own
/// `VideoFrames`.
public struct SceneVideos: Sendable {
    /// The clips by the SHA-256 their frames are named with.
    let clips: [String: VideoClip]
    /// When each clip's frames show, by file path as the layers name it.
    public let timelines: [String: VideoTimeline]

    static let none = SceneVideos(clips: [:], timelines: [:])

    /// Opens the file of every video layer of `scene` (paths relative to the
    /// scene file), or takes it from `shared`; all failures are reported
    /// together, each where a layer names the file.
    static func load(for scene: Scene, shared: SharedAssets? = nil) throws(RenderError) -> SceneVideos {
        var clips: [String: VideoClip] = [:], timelines: [String: VideoTimeline] = [:]
        var problems: [Diagnostic] = []
        for video in scene.videoLayers where timelines[video.file.path] == nil {
            let path = video.file.resolved(from: scene.file)
            do {
                let clip = try shared?.videos[path] ?? VideoClip(path: path)
                shared?.videos[path] = clip
                clips[clip.digest] = clip
                timelines[video.file.path] = VideoTimeline(digest: clip.digest, width: clip.width, height: clip.height,
                                                           times: clip.times, end: clip.end)
            } catch {
                let reason = (error as? MediaError).map(\.description) ?? "\(error)"
                problems.append(Diagnostic(file: scene.file, location: video.file.location, path: video.file.jsonPath,
                                           message: reason))
            }
        }
        guard problems.isEmpty else { throw .invalidScene(SceneLoadError(diagnostics: problems)) }
        return SceneVideos(clips: clips, timelines: timelines)
    }

    /// A frame source for one rasterizer; nil when the scene shows no video.
    func makeFrameSource() -> VideoFrames? {
        clips.isEmpty ? nil : VideoFrames(clips: clips)
    }
}

/// One worker's reader of video frames: a cursor per clip, made on first use.
final class VideoFrames: VideoFrameSource {
    private let clips: [String: VideoClip]
    private var cursors: [String: VideoCursor] = [:]

    init(clips: [String: VideoClip]) {
        self.clips = clips
    }

    func bitmap(for frame: VideoFrameRef) -> Bitmap? {
        guard let clip = clips[frame.clip] else { return nil }
        let cursor = cursors[frame.clip] ?? VideoCursor(clip: clip)
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
