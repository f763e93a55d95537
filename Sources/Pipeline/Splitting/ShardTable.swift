/// A render split into N contiguous chunks of its frames, for `reel plan`,
/// `reel render --shard K/N` and `--chunks N`.
///
/// Chunks are cut only at multiples of the GOP length counted from the first
/// frame of the video, where the encoder places a keyframe
/// (`KeyframeInterval`), so each chunk can be encoded on its own and joined
/// by stream copy. The cuts are the GOP boundaries nearest to an even split
/// of the frames, moved apart where rounding would leave a chunk empty: every
/// chunk holds at least one GOP (the last may be shorter, as the video's
/// last GOP is).
public struct ShardTable: Sendable, Equatable {
    /// One chunk: positions in the video (0 = its first frame), not scene frame numbers.
    public struct Chunk: Sendable, Equatable {
        public var index: Int
        public var frames: Range<Int>
    }

    public let chunks: [Chunk]
    /// Frames of the whole video, and of one GOP.
    public let frameCount: Int
    public let gop: Int

    /// Splits `frameCount` frames into `shards` chunks on GOP boundaries;
    /// nil when there are fewer GOPs than shards (`PlanError.tooManyShards`).
    public init?(frameCount: Int, gop: Int, shards: Int) {
        let groups = gop > 0 ? PlanError.groupCount(frames: frameCount, gop: gop) : 0
        guard shards >= 1, frameCount > 0, shards <= groups else { return nil }
        // starts[i]: the GOP chunk i starts at, the nearest to i/shards of
        // the frames, at least one after the previous and leaving one for
        // every later chunk.
        var starts = [0]
        for i in 1..<shards {
            let nearest = (2 * i * frameCount + shards * gop) / (2 * shards * gop)
            starts.append(min(max(nearest, starts[i - 1] + 1), groups - shards + i))
        }
        let bounds = starts.map { $0 * gop } + [frameCount]
        chunks = (0..<shards).map { Chunk(index: $0, frames: bounds[$0]..<bounds[$0 + 1]) }
        self.frameCount = frameCount
        self.gop = gop
    }
}
