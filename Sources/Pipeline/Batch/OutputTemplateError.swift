/// Why a batch's output template does not fit its data, as data: the
/// command line says which flag gave the template.
public enum OutputTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    case unclosedPlaceholder(template: String)
    /// `{name}` names no column; `suggestion` is a close column name.
    case unknownColumn(template: String, name: String, suggestion: String?, columns: [String])
    /// The template's extension names no video format.
    case unknownFormat(template: String, known: [String])

    public var template: String {
        switch self {
        case .unclosedPlaceholder(let t), .unknownColumn(let t, _, _, _), .unknownFormat(let t, _): return t
        }
    }

    /// The problem, without the template.
    public var problem: String {
        switch self {
        case .unclosedPlaceholder: return "unclosed placeholder '{'"
        case let .unknownColumn(_, name, suggestion, columns):
            let hint = suggestion.map { " (did you mean \"{\($0)}\"?)" } ?? ""
            return "no column \"\(name)\" in the data\(hint); columns: \(columns.joined(separator: ", "))"
        case .unknownFormat(_, let known): return "unknown video format; use \(known.joined(separator: ", "))"
        }
    }

    public var description: String { "output template \(template): \(problem)" }
}
