import Foundation
import Media
import SceneModel

/// Which frames of a request's selection one shard renders, and what its
/// part file says about itself: the part of `RenderPlan` that `reel plan`
/// shares.
struct ChunkSelection: Sendable {
    /// The frames the request selects (`--frames`, `--every`), in order.
    let selected: [Int]
    /// Frames between keyframes of the video.
    let gop: Int
    /// The split, when the request is a shard.
    let table: ShardTable?
    /// This shard's frames (scene frame numbers) and the file number its first
    /// PNG gets: its position in the 1-process sequence's numbering.
    let frames: [Int]
    let firstFileNumber: Int
    /// The tag its video carries.
    let tag: ChunkTag?

    init(_ request: RenderRequest, _ prepared: PreparedScene, selected: [Int]) throws(RenderError) {
        let videoFPS = prepared.scene.canvas.videoFPS(every: request.every)
        // A PNG sequence has no keyframes and ProRes only keyframes: any
        // frame can start a chunk.
        let format = request.videoOutputFormat
        gop = request.gop ?? (format == nil || format == .mov ? 1 : KeyframeInterval.standard(fps: videoFPS))
        self.selected = selected
        guard let shard = request.shard else {
            (table, frames, firstFileNumber, tag) = (nil, selected, selected.first ?? 0, nil)
            return
        }
        if format == .gif { throw .plan(.notChunkable(format: "GIF"), scene: request.scenePath) }
        guard let table = ShardTable(frameCount: selected.count, gop: gop, shards: shard.count) else {
            throw .plan(.tooManyShards(shards: shard.count, frames: selected.count, gop: gop), scene: request.scenePath)
        }
        self.table = table
        let chunk = table.chunks[shard.index].frames
        frames = Array(selected[chunk])
        firstFileNumber = selected[0] + chunk.lowerBound
        let canvas = prepared.scene.canvas
        let settings = [format?.rawValue ?? "png", "\(canvas.pixelWidth)x\(canvas.pixelHeight)", "fps \(videoFPS)",
                        "crf \(request.crf)", request.preset, "gop \(gop)"].joined(separator: " ")
        // The sound's length is known without decoding it: chunks other
        // than 0 carry none, but all say how long chunk 0's is.
        let hasSound = format?.carriesSound == true && !prepared.scene.audio.isEmpty
        tag = ChunkTag(part: shard.index, parts: shard.count, first: chunk.lowerBound, count: chunk.count,
                       total: selected.count, scene: Self.digest(prepared),
                       parameters: "frames \(selected[0])-\(selected.last!) every \(request.every)", settings: settings,
                       sound: hasSound ? SoundMix.range(canvas, frames: selected, every: request.every).count : 0)
    }

    /// SHA-256 over the scene file's bytes, its images' pixels in name
    /// order and its video clips' digests: what the frames are drawn from.
    static func digest(_ prepared: PreparedScene) -> String {
        let digest = ContentDigest()
        digest.update(Array(FileManager.default.contents(atPath: prepared.scene.file) ?? Data()))
        for name in prepared.images.bitmaps.keys.sorted() {
            let image = prepared.images.bitmaps[name]!
            digest.update("\(name) \(image.width)x\(image.height)")
            digest.update(image.pixels)
        }
        for (path, timeline) in prepared.videos.timelines.sorted(by: { $0.key < $1.key }) {
            digest.update("\(path) \(timeline.digest)")
        }
        return digest.finish()
    }
}

extension RenderRequest {
    /// The video's format, nil without a video.
    var videoOutputFormat: OutputFormat? {
        videoPath.flatMap { format ?? OutputFormat(path: $0) }
    }

    /// How many chunks the video is encoded in at once: as asked
    /// (`chunks`), else `auto` for an MP4 that can be split — one x264's
    /// fixed threads cap a render on many cores (docs/SCALE-OUT.md) — and
    /// nil (one encoder) for anything else.
    public var encoders: ChunkCount? {
        if let chunks { return chunks }
        guard shard == nil, contactSheetPath == nil, videoOutputFormat == .mp4 else { return nil }
        return .auto
    }

    /// Whether the render writes the scene's sound: into a video whose format
    /// stores sound, and of a split render only in chunk 0, which carries the
    /// whole render's sound for the join (docs/MEDIA.md, "Sound").
    var writesSound: Bool {
        (videoOutputFormat?.carriesSound ?? false) && (shard?.index ?? 0) == 0
    }
}
