import Pipeline
import SceneModel
import Studio

/// The command line's wording of errors: where the library reports a plan,
/// a canvas, a template or a data file that does not fit, the command line
/// names the flag that asked for it. Scene and row problems already start
/// with file:line:column, compiler style; everything else is prefixed "reel: ".
extension ReelError {
    var message: String {
        switch self {
        case .usage(let text): return "reel: " + text
        case .studio(let error): return "reel: " + Self.words(error)
        case .several(let errors): return errors.map(\.message).joined(separator: "\n")
        case .render(let error): return Self.message(error)
        }
    }

    private static func message(_ error: RenderError) -> String {
        switch error {
        case .invalidScene, .invalidRows, .failedRows: return error.description
        case .several(let errors): return errors.map(message).joined(separator: "\n")
        case let .plan(plan, scene): return "reel: " + words(plan, scene: scene)
        case let .canvas(canvas, scene, overrides):
            return canvas.problems.map { "reel: " + words($0, scene: scene, overrides: overrides) }.joined(separator: "\n")
        case .template(let template): return "reel: -o \(template.template): \(template.problem)"
        case .cannotReadData(let path): return "reel: --data \(path): cannot read the file"
        default: return "reel: " + error.description
        }
    }

    private static func words(_ error: StudioError) -> String {
        switch error {
        case .badPort(let port): return "--port expects 0…65535 (0 picks a free port), found \(port)"
        case .badHost(let host): return "--host expects an IP address such as 127.0.0.1 or ::1, found '\(host)'"
        case .cannotListen: return error.description
        }
    }

    private static func words(_ error: PlanError, scene: String) -> String {
        switch error {
        case let .framesOutOfRange(range, count):
            return "--frames \(range.lowerBound)-\(range.upperBound): " + PlanError.frames(count, scene: scene)
        case let .frameOutOfRange(frame, count):
            return "--frame \(frame): " + PlanError.frames(count, scene: scene)
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
        case .chunksNeedVideo:
            return "--chunks splits a video; give an mp4, mov or webm output"
        case .chunksNeedOneRender:
            return "--chunks splits a video; --format contact needs one render"
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

    private static func format(_ v: Double) -> String { JSONValue.format(v) }
}
