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
        case .framesChanged(let text): return "reel: " + text
        case .comparison(let error): return error.message
        case .render(let error): return Self.message(error)
        }
    }

    private static func message(_ error: RenderError) -> String {
        switch error {
        case .invalidScene, .invalidRows, .failedRows: return error.description
        case .several(let errors): return errors.map(message).joined(separator: "\n")
        case let .plan(plan, scene): return "reel: " + plan.words(scene: scene, naming: flags)
        case let .canvas(canvas, scene, overrides):
            return canvas.problems.map { "reel: " + $0.words(scene: scene, naming: flags(overrides)) }.joined(separator: "\n")
        case .template(let template): return "reel: -o \(template.template): \(template.problem)"
        case .cannotReadData(let path): return "reel: --data \(path): cannot read the file"
        case .verify(let verify): return "reel: " + words(verify)
        default: return "reel: " + error.description
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

    private static func words(_ error: StudioError) -> String {
        switch error {
        case .badPort(let port): return "--port expects 0…65535 (0 picks a free port), found \(port)"
        case .badHost(let host): return "--host expects an IP address such as 127.0.0.1 or ::1, found '\(host)'"
        case .cannotListen: return error.description
        }
    }

    /// Plan errors name the flags that asked for what does not fit.
    private static let flags = PlanNaming(
        frames: { "--frames \($0.lowerBound)-\($0.upperBound)" }, frame: { "--frame \($0)" }, time: { "--time \(format($0))" },
        output: "an output file or a PNG folder", gop: "--gop", shard: "--shard", split: "--shard, --chunks", chunks: "--chunks",
        contactSheet: "--format contact", wholeRenderOutputs: "--poster and --format contact")

    /// Canvas errors name the flag that changed the canvas; without one, the change came from a preview's limits.
    private static func flags(_ overrides: CanvasOverrides) -> CanvasNaming {
        CanvasNaming(scale: overrides.scale.map { "--scale \(format($0))" } ?? "the preview's size",
                     fps: overrides.fps.map { "--fps \(format($0))" } ?? "the preview's frame rate")
    }

    private static func format(_ v: Double) -> String { JSONValue.format(v) }
}
