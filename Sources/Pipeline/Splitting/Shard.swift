/// Chunk K of a render split N ways (`reel render --shard K/N`), K from 0.
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int

    /// `index` in 0..<`count`; nil otherwise.
    public init?(index: Int, of count: Int) {
        guard count >= 1, (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }
}

/// How many chunks `reel render --chunks` encodes at once in one process.
public enum ChunkCount: Sendable, Equatable {
    /// One encoder per `coresPerEncoder` cores, at least one: x264 runs a
    /// fixed `MP4Writer.encoderThreads` threads, and one output's frames
    /// pass one conversion and one x264 at a time, which the encoder model
    /// measured to keep 3.5 cores busy with snow's drawing beside it and
    /// 2.2 with calendar's (docs/BENCHMARKS.md, "The encoder model"). An
    /// MP4 render without `--chunks` uses it (`RenderRequest.encoders`).
    case auto
    case count(Int)

    public static let coresPerEncoder = 2

    /// The number of chunks for `cores` cores.
    public func resolved(cores: Int) -> Int {
        switch self {
        case .auto: max(1, cores / Self.coresPerEncoder)
        case .count(let n): n
        }
    }
}
