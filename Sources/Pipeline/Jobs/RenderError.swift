import Media
import SceneModel

/// Why a render, a batch or a load failed, as data. `description` is the
/// library's wording, which names no command-line flag: the command line
/// words the cases a flag asked for (and chooses exit statuses) itself.
public enum RenderError: Error, CustomStringConvertible {
    case cannotReadScene(path: String, reason: String)
    case invalidScene(SceneLoadError)
    /// Values given for parameters that the scene refuses; the caller words
    /// them with where each value was given.
    case parameters([ParameterIssue], scene: String)
    /// A batch's data file cannot be read.
    case cannotReadData(path: String)
    /// Problems of a batch's data file or rows, each already `file:line[:column]: …`.
    case invalidRows([String])
    /// Rows of a batch that failed while rendering (the others were written).
    case failedRows([String])
    /// A batch's output template that does not fit its data.
    case template(OutputTemplateError)
    /// The scene's canvas with `overrides` applied cannot be made.
    case canvas(CanvasError, scene: String, overrides: CanvasOverrides)
    /// The request does not fit its scene.
    case plan(PlanError, scene: String)
    case output(MediaError)
    /// Chunks that cannot be joined.
    case chunks(ChunkError)
    /// A golden manifest or an input of a comparison that cannot be used.
    case verify(VerifyError)
    /// Stopped by SIGINT or SIGTERM; outputs were abandoned.
    case interrupted(signal: Int32)
    /// Problems of several inputs (e.g. several scenes validated at once).
    indirect case several([RenderError])

    public var description: String {
        switch self {
        case let .cannotReadScene(path, reason): return "cannot read scene \(path): \(reason)"
        case .invalidScene(let e): return e.description
        case let .parameters(issues, scene):
            return issues.map { "\(scene): parameter \"\($0.name)\": \($0.message)" }.joined(separator: "\n")
        case .cannotReadData(let path): return "\(path): cannot read the file"
        case .invalidRows(let lines), .failedRows(let lines): return lines.joined(separator: "\n")
        case .template(let e): return e.description
        case let .canvas(e, scene, overrides):
            return e.problems.map { $0.words(scene: scene, naming: .plain(overrides)) }.joined(separator: "\n")
        case let .plan(e, scene): return e.words(scene: scene)
        case .output(let e): return e.description
        case .chunks(let e): return e.description
        case .verify(let e): return e.description
        case .interrupted(let signal): return "interrupted (\(signal == 15 ? "SIGTERM" : "SIGINT")); nothing was written"
        case .several(let errors): return errors.map(\.description).joined(separator: "\n")
        }
    }
}
