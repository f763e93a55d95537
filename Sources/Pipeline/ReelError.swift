import Media
import SceneModel

/// Why a command failed, as data; the wording lives in `description` and the
/// process exit status in `exitCode`, so both are pinned by tests.
public enum ReelError: Error, CustomStringConvertible {
    case usage(String)
    case cannotReadScene(path: String, reason: String)
    case invalidScene(SceneLoadError)
    /// Values given for parameters (`--set`, `--vars`) that the scene refuses;
    /// the command line words them with the flags that gave them.
    case parameters([ParameterIssue], scene: String)
    /// Problems of a batch's data file or rows, each already `file:line[:column]: …`.
    case invalidRows([String])
    /// Rows of a batch that failed while rendering (the others were written).
    case failedRows([String])
    /// The scene's canvas with `overrides` applied cannot be made.
    case canvas(CanvasError, scene: String, overrides: CanvasOverrides)
    /// The request does not fit its scene.
    case plan(PlanError, scene: String)
    case output(MediaError)
    /// Chunks that cannot be joined (`reel concat`).
    case chunks(ChunkError)
    /// A golden manifest or an input of a comparison that cannot be used (`reel verify`, `reel diff`).
    case verify(VerifyError)
    /// Frames changed beyond their tolerance (`reel verify`, `reel diff`):
    /// exit status 1, as diff(1)'s "different". The report said which.
    case framesChanged(String)
    /// A failure of `reel verify` or `reel diff`, whose exit statuses follow
    /// diff(1) and CI custom: a usage mistake is 2 there, not 64.
    indirect case comparison(ReelError)
    /// Stopped by SIGINT or SIGTERM; outputs were abandoned.
    case interrupted(signal: Int32)
    /// Problems of several inputs (e.g. `reel validate a.json b.json`).
    indirect case several([ReelError])

    public var description: String {
        switch self {
        case .usage(let message): return message
        case let .cannotReadScene(path, reason): return "cannot read scene \(path): \(reason)"
        case .invalidScene(let e): return e.description
        case let .parameters(issues, scene):
            return issues.map { "\(scene): parameter \"\($0.name)\": \($0.message)" }.joined(separator: "\n")
        case .invalidRows(let lines), .failedRows(let lines): return lines.joined(separator: "\n")
        case let .canvas(e, scene, _): return e.problems.map { $0.words(scene: scene) }.joined(separator: "\n")
        case let .plan(e, scene): return e.words(scene: scene)
        case .output(let e): return e.description
        case .chunks(let e): return e.description
        case .verify(let e): return e.description
        case .framesChanged(let text): return text
        case .comparison(let e): return e.description
        case .interrupted(let signal): return "interrupted (\(signal == 15 ? "SIGTERM" : "SIGINT")); nothing was written"
        case .several(let errors): return errors.map(\.description).joined(separator: "\n")
        }
    }

    /// The text for standard error: scene problems already start with
    /// file:line:column, compiler style; everything else is prefixed "reel: ".
    public var message: String {
        switch self {
        case .invalidScene, .invalidRows, .failedRows: return description
        case .several(let errors): return errors.map(\.message).joined(separator: "\n")
        case .comparison(let e): return e.message
        default: return "reel: " + description
        }
    }

    /// sysexits(3) codes: scripts can tell a bad invocation from a bad scene
    /// from a failing disk.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 64           // EX_USAGE
        case .invalidScene, .invalidRows: return 65 // EX_DATAERR
        case .parameters: return 64      // the invocation gave them
        case .failedRows: return 74      // EX_IOERR
        case .cannotReadScene: return 66 // EX_NOINPUT
        case .canvas, .plan: return 64   // the invocation asked for it
        // Settings the invocation chose (an unknown extension, a crf, a GIF
        // frame rate) are a usage mistake, not a failing disk.
        case .output(.invalidSettings): return 64
        case .output: return 74          // EX_IOERR
        case .chunks: return 65          // EX_DATAERR
        case .verify(let e): return e.exitCode
        case .framesChanged: return 1
        case .comparison(let e): return e.exitCode == 64 ? 2 : e.exitCode
        case .interrupted(let signal): return 128 + signal // 130 for SIGINT, 143 for SIGTERM
        case .several(let errors): return errors.map(\.exitCode).max() ?? 65
        }
    }
}
