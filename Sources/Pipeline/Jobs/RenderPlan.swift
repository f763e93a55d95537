import Media
import SceneModel

/// A request checked against its scene: which frames to render, in order.
struct RenderPlan: Sendable {
    let request: RenderRequest
    let prepared: PreparedScene
    let frames: [Int]
    /// The frames the contact sheet shows.
    let sheetFrames: Set<Int>
    /// The poster's moment (the scene's `poster` time, else its middle), and
    /// the frame that is exactly that moment, if any: then the rendered frame
    /// is the poster; otherwise the poster is drawn at its own time, as `still` draws it.
    let posterTime: Double
    let posterFrame: Int?
    let cache: FrameCache?
    /// The shard's frames, GOP and chunk tag (all frames when not a shard).
    let chunk: ChunkSelection
    /// The cache serves other jobs too (a batch's rows): it is trimmed once, by its owner.
    let sharesCache: Bool

    /// `sharedCache`, when given, replaces a cache of the request's own.
    /// `inspected`: the frames are wanted for themselves (`reel verify`),
    /// so a request without outputs has something to do.
    init(_ request: RenderRequest, _ prepared: PreparedScene, sharedCache: FrameCache? = nil, inspected: Bool = false) throws(RenderError) {
        let canvas = prepared.scene.canvas
        let selected = try Self.selection(request, canvas)
        guard inspected || request.videoPath != nil || request.pngDirectory != nil || request.posterPath != nil
                || request.contactSheetPath != nil else {
            throw .plan(.nothingToWrite, scene: request.scenePath)
        }
        // Output folders are made before anything is drawn, so a path that
        // cannot be written fails now.
        for path in [request.videoPath, request.posterPath, request.contactSheetPath].compactMap({ $0 }) {
            do { try OutputFile.makeFolder(for: path) } catch { throw .output(error as? MediaError ?? .cannotWrite(path: path, reason: "\(error)")) }
        }
        self.request = request
        self.prepared = prepared
        chunk = try ChunkSelection(request, prepared, selected: selected)
        if request.shard != nil, request.posterPath != nil || request.contactSheetPath != nil {
            throw .plan(.shardNeedsWholeRender, scene: request.scenePath)
        }
        let sample = ContactSheet.sampleFrames(count: request.contactSheetFrames, frameCount: selected.count).map { selected[$0] }
        sheetFrames = request.contactSheetPath == nil ? [] : Set(sample)
        let sheetOnly = !inspected && request.videoPath == nil && request.pngDirectory == nil && request.posterPath == nil
        frames = sheetOnly ? sample : chunk.frames
        posterTime = prepared.scene.posterTime
        posterFrame = canvas.frameExactly(at: posterTime)
        cache = sharedCache ?? request.cacheFolder.map { FrameCache(folder: $0, images: prepared.images.bitmaps,
                                                                    fonts: prepared.evaluator.texts.library.files) }
        sharesCache = sharedCache != nil
    }

    /// The frames `--frames` and `--every` select, in order.
    static func selection(_ request: RenderRequest, _ canvas: Canvas) throws(RenderError) -> [Int] {
        let count = canvas.frameCount
        let range = request.frames ?? 0...(count - 1)
        guard range.lowerBound >= 0, range.upperBound < count else {
            throw .plan(.framesOutOfRange(range, frameCount: count), scene: request.scenePath)
        }
        return Array(stride(from: range.lowerBound, through: range.upperBound, by: request.every))
    }

    /// Frames per second of the written video.
    var videoFPS: Double { prepared.scene.canvas.videoFPS(every: request.every) }

    /// The scene samples (48 kHz) of the video's sound, when it has sound:
    /// every selected frame's time, the whole render's even for chunk 0 of
    /// a split, which carries the sound of the joined video.
    var soundRange: Range<Int>? {
        guard request.writesSound, !prepared.sound.isEmpty else { return nil }
        return SoundMix.range(prepared.scene.canvas, frames: chunk.selected, every: request.every)
    }

    /// Why the scene's sound is written nowhere ("a GIF stores no sound"),
    /// for a note; nil when it is written, or the scene has none, or only
    /// stills are drawn.
    var soundLeftOut: String? {
        guard !prepared.scene.audio.isEmpty else { return nil }
        if let format = request.videoOutputFormat { return format.carriesSound ? nil : "a GIF stores no sound" }
        return request.pngDirectory == nil ? nil : "PNG frames store no sound"
    }
}
