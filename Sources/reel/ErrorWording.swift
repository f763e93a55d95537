import Pipeline
import SceneModel

/// The command line's wording of errors: where the library reports a plan or
/// a canvas that does not fit the scene, the command line names the flag
/// that asked for it.
extension ReelError {
    var commandLineMessage: String {
        switch self {
        case let .plan(error, scene): return "reel: " + Self.words(error, scene: scene)
        case let .canvas(error, scene, overrides):
            return error.problems.map { "reel: " + Self.words($0, scene: scene, overrides: overrides) }.joined(separator: "\n")
        case .several(let errors): return errors.map(\.commandLineMessage).joined(separator: "\n")
        case .comparison(let e): return e.commandLineMessage
        case .verify(let e): return "reel: " + Self.words(e)
        default: return message
        }
    }

    private static func words(_ error: PlanError, scene: String) -> String {
        switch error {
        case let .framesOutOfRange(range, count):
            return "--frames \(range.lowerBound)-\(range.upperBound): " + PlanError.frames(count, scene: scene)
        case let .timeOutOfRange(time, duration):
            return "--time \(format(time)): \(scene) lasts \(format(duration)) s"
        case .nothingToWrite:
            return "nothing to write: give an output file or a PNG folder"
        case let .tooManyShards(shards, frames, gop):
            return "\(scene) cannot be split into \(shards) chunks: \(PlanError.groups(frames: frames, gop: gop)) "
                + "(split it into at most \(PlanError.groupCount(frames: frames, gop: gop)), or give a shorter --gop)"
        case let .tooManyRowShards(shards, rows):
            return "\(scene) cannot be split into \(shards) shards: \(PlanError.rows(rows)) (split it into at most \(rows))"
        case .shardNeedsWholeRender:
            return "--shard renders a chunk of the video or PNG frames; --poster and --format contact need the whole render"
        case .notChunkable(let format):
            return "--shard, --chunks: \(format) is not supported for chunks; use mp4, mov, webm or png"
        }
    }

    private static func words(_ problem: CanvasProblem, scene: String, overrides: CanvasOverrides) -> String {
        // Without the flag, the change came from a preview's limits.
        let scaleFlag = overrides.scale.map { "--scale \(format($0))" } ?? "the preview's size"
        let fpsFlag = overrides.fps.map { "--fps \(format($0))" } ?? "the preview's frame rate"
        switch problem {
        case let .outOfRange(field, value):
            return "\(field == .fps ? fpsFlag : scaleFlag): \(field.rawValue) \(format(value)) is outside \(field.requirement)"
        case let .pixelSize(width, height):
            return "\(scaleFlag): \(scene) would be \(width)×\(height) pixels (width × scale, height × scale); each side must be 1…\(Canvas.maxPixelSide)"
        case let .pixelCount(width, height):
            return "\(scaleFlag): \(scene) would be \(width)×\(height) pixels; the limit is \(Canvas.pixelLimit) (see docs/LIMITS.md)"
        case let .noFrame(duration, fps):
            return "\(fpsFlag): \(scene) lasts \(format(duration)) s, which gives no frame at \(format(fps)) fps"
        }
    }

    /// A manifest problem with what to do about it.
    private static func words(_ error: VerifyError) -> String {
        switch error {
        case .manifestMissing:
            return error.description + "; record it with 'reel verify SCENE --record'"
        case .settingsDiffer(_, let differences):
            let renderer = differences.allSatisfy { $0.setting == "renderer version" }
            return error.description + (renderer ? "; record it again with --update"
                                        : "; give the settings it was recorded with, or record it again with --update")
        case .framesNotRecorded:
            return error.description + "; verify the shard it was recorded for (--shard K/N), or merge the shards' manifests with --merge"
        default:
            return error.description
        }
    }

    private static func format(_ v: Double) -> String { JSONValue.format(v) }
}
