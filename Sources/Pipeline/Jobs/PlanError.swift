import SceneModel

/// Why a request does not fit its scene, as data: the command line words
/// these with its own flag names.
public enum PlanError: Error, Sendable, Equatable {
    /// Frames asked for beyond the scene's `frameCount`.
    case framesOutOfRange(ClosedRange<Int>, frameCount: Int)
    /// A single frame beyond the scene's `frameCount`.
    case frameOutOfRange(Int, frameCount: Int)
    /// A moment outside the scene's start…end seconds.
    case timeOutOfRange(Double, start: Double, end: Double)
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

    /// The sentence, worded once; `naming` says how the parts of the request
    /// that asked for it are called (the library's plain names, or the
    /// command line's flags).
    public func words(scene: String, naming n: PlanNaming = .plain) -> String {
        switch self {
        case let .framesOutOfRange(range, count):
            return "\(n.frames(range)): " + Self.frames(count, scene: scene)
        case let .frameOutOfRange(frame, count):
            return "\(n.frame(frame)): " + Self.frames(count, scene: scene)
        case let .timeOutOfRange(time, start, end):
            return "\(n.time(time)): \(scene) " + Canvas.span(start: start, end: end)
        case .nothingToWrite:
            return "nothing to write: give \(n.output)"
        case let .tooManyShards(shards, frames, gop):
            return "\(scene) cannot be split into \(shards) chunks: \(Self.groups(frames: frames, gop: gop)) "
                + "(split it into at most \(Self.groupCount(frames: frames, gop: gop)), or give a shorter \(n.gop))"
        case let .tooManyRowShards(shards, rows):
            return "\(scene) cannot be split into \(shards) shards: \(Self.rows(rows)) (split it into at most \(rows))"
        case .shardNeedsWholeRender:
            return "\(n.shard) renders a chunk of the video or PNG frames; \(n.wholeRenderOutputs) need the whole render"
        case .notChunkable(let format):
            return "\(n.split): \(format) is not supported for chunks; use mp4, mov, webm or png"
        case .chunksNeedVideo:
            return "\(n.chunks) splits a video; give an mp4, mov or webm output"
        case .chunksNeedOneRender:
            return "\(n.chunks) splits a video; \(n.contactSheet) needs one render"
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

/// How a plan error names the parts of the request that asked for it: the
/// library's plain names (`.plain`), or a caller's own (the command line's flags).
public struct PlanNaming: Sendable {
    public var frames: @Sendable (ClosedRange<Int>) -> String
    public var frame: @Sendable (Int) -> String
    public var time: @Sendable (Double) -> String
    public var output, gop, shard, split, chunks, contactSheet, wholeRenderOutputs: String

    public init(frames: @escaping @Sendable (ClosedRange<Int>) -> String, frame: @escaping @Sendable (Int) -> String,
                time: @escaping @Sendable (Double) -> String, output: String, gop: String, shard: String, split: String,
                chunks: String, contactSheet: String, wholeRenderOutputs: String) {
        (self.frames, self.frame, self.time) = (frames, frame, time)
        (self.output, self.gop, self.shard, self.split) = (output, gop, shard, split)
        (self.chunks, self.contactSheet, self.wholeRenderOutputs) = (chunks, contactSheet, wholeRenderOutputs)
    }

    public static let plain = PlanNaming(
        frames: { "frames \($0.lowerBound)-\($0.upperBound)" }, frame: { "frame \($0)" }, time: { "time \(JSONValue.format($0)) s" },
        output: "an output", gop: "GOP", shard: "a shard", split: "splitting", chunks: "chunking",
        contactSheet: "a contact sheet", wholeRenderOutputs: "a poster and a contact sheet")
}

/// How a canvas error names the overrides that broke the canvas.
public struct CanvasNaming: Sendable {
    public var scale: String
    public var fps: String

    public init(scale: String, fps: String) {
        (self.scale, self.fps) = (scale, fps)
    }

    /// "scale 2", "fps 30".
    public static func plain(_ overrides: CanvasOverrides) -> CanvasNaming {
        CanvasNaming(scale: overrides.scale.map { "scale \(JSONValue.format($0))" } ?? "the scale",
                     fps: overrides.fps.map { "fps \(JSONValue.format($0))" } ?? "the frame rate")
    }
}

extension CanvasProblem {
    /// The sentence, worded once; `naming` says how the overrides are called.
    public func words(scene: String, naming n: CanvasNaming) -> String {
        switch self {
        case let .outOfRange(field, value):
            return "\(field == .fps ? n.fps : n.scale): \(field.rawValue) \(JSONValue.format(value)) is outside \(field.requirement)"
        case let .pixelSize(width, height):
            return "\(n.scale): \(scene) would be \(width)×\(height) pixels (width × scale, height × scale); each side must be 1…\(Canvas.maxPixelSide)"
        case let .pixelCount(width, height):
            return "\(n.scale): \(scene) would be \(width)×\(height) pixels; the limit is \(Canvas.pixelLimit) (see docs/LIMITS.md)"
        case let .noFrame(duration, fps):
            return "\(n.fps): \(scene) lasts \(JSONValue.format(duration)) s, which gives no frame at \(JSONValue.format(fps)) fps"
        }
    }
}
