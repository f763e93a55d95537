import Foundation
import Media
import SceneModel

/// The chunk table of a render split N ways, as `reel plan` prints it: what
/// each `--shard K/N` renders, so a job spec can be checked before it runs.
public struct SplitPlan: Sendable, Encodable {
    public struct Chunk: Sendable, Encodable, Equatable {
        /// K of `--shard K/N`.
        public var shard: Int
        /// Frames of the joined video (from 0), inclusive, and how many.
        public var first: Int
        public var last: Int
        public var frames: Int
        /// The scene frames rendered: the first and the last.
        public var sceneFirst: Int
        public var sceneLast: Int
        /// Where the chunk starts and how long it lasts in the joined video, seconds.
        public var start: Double
        public var duration: Double
        /// The part file `--shard` writes (video outputs), else nil.
        public var file: String?
    }

    public var scene: String
    public var shards: Int
    /// Frames of the whole video, frames per second and GOP length.
    public var frames: Int
    public var fps: Double
    public var gop: Int
    public var chunks: [Chunk]

    /// The split of `request` (its frames, `--every`, canvas overrides and
    /// GOP) into `shards` chunks.
    public init(_ request: RenderRequest, shards: Int) throws(RenderError) {
        let prepared = try PreparedScene.load(request.scenePath, canvas: request.canvas)
        let selected = try RenderPlan.selection(request, prepared.scene.canvas)
        var probe = request
        probe.shard = Shard(index: 0, of: max(1, shards))
        let selection = try ChunkSelection(probe, prepared, selected: selected)
        let table = selection.table!
        let canvas = prepared.scene.canvas
        let format = request.videoOutputFormat
        let name = ((request.scenePath as NSString).lastPathComponent as NSString).deletingPathExtension
        scene = request.scenePath
        self.shards = shards
        frames = selected.count
        fps = canvas.videoFPS(every: request.every)
        gop = table.gop
        chunks = table.chunks.map { chunk in
            Chunk(shard: chunk.index, first: chunk.frames.lowerBound, last: chunk.frames.upperBound - 1,
                  frames: chunk.frames.count, sceneFirst: selected[chunk.frames.lowerBound],
                  sceneLast: selected[chunk.frames.upperBound - 1],
                  start: canvas.videoTime(ofFrame: chunk.frames.lowerBound, every: request.every),
                  duration: canvas.videoTime(ofFrame: chunk.frames.count, every: request.every),
                  file: format.map { ChunkJoin.fileName(name: name, part: chunk.index, of: shards, format: $0) })
        }
    }
}
