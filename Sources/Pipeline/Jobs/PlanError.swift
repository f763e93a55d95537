import SceneModel

/// Why a request does not fit its scene, as data: the command line words
/// these with its own flag names.
public enum PlanError: Error, Sendable, Equatable {
    /// Frames asked for beyond the scene's `frameCount`.
    case framesOutOfRange(ClosedRange<Int>, frameCount: Int)
    /// A single frame beyond the scene's `frameCount`.
    case frameOutOfRange(Int, frameCount: Int)
    /// A moment outside 0…duration seconds.
    case timeOutOfRange(Double, duration: Double)
    /// The request names no output.
    case nothingToWrite
    /// More chunks asked for than the video has GOPs (a chunk starts on one).
    case tooManyShards(shards: Int, frames: Int, gop: Int)
    /// More shards asked of a batch than it has rows (a shard renders whole rows).
    case tooManyRowShards(shards: Int, rows: Int)
    /// A shard asked for a poster or a contact sheet, which need every frame.
    case shardNeedsWholeRender
    /// A split of a video format that cannot be joined (GIF).
    case notChunkable(format: String)
    /// Chunks split a video; the request writes none.
    case chunksNeedVideo
    /// Chunks split a video; a contact sheet needs one render of its frames.
    case chunksNeedOneRender

    /// The library's wording, without flag names.
    public func words(scene: String) -> String {
        switch self {
        case let .framesOutOfRange(range, count):
            return "frames \(range.lowerBound)-\(range.upperBound): " + Self.frames(count, scene: scene)
        case let .frameOutOfRange(frame, count):
            return "frame \(frame): " + Self.frames(count, scene: scene)
        case let .timeOutOfRange(time, duration):
            return "time \(time) s: \(scene) lasts \(JSONValue.format(duration)) s"
        case .nothingToWrite:
            return "nothing to write: the request names no output"
        case let .tooManyShards(shards, frames, gop):
            return "\(scene) cannot be split into \(shards) chunks: " + Self.groups(frames: frames, gop: gop)
        case let .tooManyRowShards(shards, rows):
            return "\(scene) cannot be split into \(shards) shards: " + Self.rows(rows)
        case .shardNeedsWholeRender:
            return "a shard renders a chunk of the video or PNG frames; a poster or contact sheet needs the whole render"
        case .notChunkable(let format):
            return "\(format) is not supported for chunks; use mp4, mov, webm or png"
        case .chunksNeedVideo:
            return "chunks split a video; give an mp4, mov or webm output"
        case .chunksNeedOneRender:
            return "chunks split a video; a contact sheet needs one render"
        }
    }

    /// "s.json has 30 frames (0-29)".
    public static func frames(_ count: Int, scene: String) -> String {
        "\(scene) has \(count) frames (0-\(count - 1))"
    }

    /// How many GOPs `frames` make: the most chunks a split can have.
    public static func groupCount(frames: Int, gop: Int) -> Int { (frames + gop - 1) / gop }

    /// "it has 6 rows, and a shard renders whole rows".
    public static func rows(_ rows: Int) -> String {
        "it has \(rows) row\(rows == 1 ? "" : "s"), and a shard renders whole rows"
    }

    /// "its 180 frames make 2 GOPs of 120 frames, and a chunk starts on a GOP".
    public static func groups(frames: Int, gop: Int) -> String {
        let groups = groupCount(frames: frames, gop: gop)
        return "its \(frames) frames make \(groups) GOP\(groups == 1 ? "" : "s") of \(gop) frames, and a chunk starts on a GOP"
    }
}

extension CanvasProblem {
    /// The library's wording of a canvas that an override broke.
    public func words(scene: String) -> String {
        switch self {
        case let .outOfRange(field, value):
            return "\(scene): \(field.rawValue) \(value) is outside its range (\(field.requirement))"
        case let .pixelSize(width, height):
            return "\(scene): the canvas would be \(width)×\(height) pixels; each side must be 1…\(Canvas.maxPixelSide)"
        case let .pixelCount(width, height):
            return "\(scene): the canvas would be \(width)×\(height) pixels; the limit is \(Canvas.pixelLimit)"
        case let .noFrame(duration, fps):
            return "\(scene): \(duration) s at \(fps) fps gives no frame"
        }
    }
}
