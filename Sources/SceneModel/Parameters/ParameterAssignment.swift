import Geometry

/// A value given for a parameter from outside the scene file: `--set
/// NAME=VALUE`, a `--vars` file, a batch row. It is parsed by the
/// parameter's type when the scene is loaded (see `Parameters.apply`).
public struct ParameterAssignment: Sendable, Equatable {
    public var name: String
    public var value: ParameterInput
    /// Folder that a relative image path is relative to (the working
    /// directory for `--set`, the data file's folder for a batch); nil =
    /// the scene file's folder, as if the value were written in the scene.
    public var baseDirectory: String?

    public init(name: String, value: ParameterInput, baseDirectory: String? = nil) {
        self.name = name
        self.value = value
        self.baseDirectory = baseDirectory
    }
}

/// A value as it was found: text (the command line, a CSV field) is parsed
/// by the parameter's type; a JSON number or boolean must match it, a JSON
/// array or object is a list's, a colour (a component's `with` computed by
/// an expression) a colour's.
public enum ParameterInput: Sendable, Equatable, CustomStringConvertible {
    case text(String)
    case number(Double)
    case bool(Bool)
    case color(Color)
    case json(JSONValue)

    /// As it was given, unquoted: `blu`, `7`, `true`, `#34C759FF`, `[1,2]`
    /// (for file names and records of what was rendered).
    public var plainText: String {
        switch self {
        case .text(let s): return s
        case .number(let n): return JSONValue.format(n)
        case .bool(let b): return b ? "true" : "false"
        case .color(let c): return ParameterValue.color(c).text
        case .json(let v): return v.compact
        }
    }

    /// As messages quote it: `"blu"`, `7`, `true`.
    public var description: String {
        switch self {
        case .text(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .number(let n): return JSONValue.format(n)
        case .bool(let b): return b ? "true" : "false"
        case .color(let c): return ParameterValue.color(c).text
        case .json(let v): let json = v.compact; return json.count > 40 ? String(json.prefix(40)) + "…" : json
        }
    }
}

/// Why an assignment was refused, as data: each caller words where it came
/// from (`--set accent=…`, `cities.csv:7: column "accent"`) before `message`.
public struct ParameterIssue: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name as given.
    public var name: String
    public var problem: Problem

    public enum Problem: Error, Sendable, Equatable {
        /// The scene declares no such parameter.
        case unknown(suggestion: String?)
        /// `found` is not a value of `expected`; `suggestion` is a close
        /// spelling of one (a colour name).
        case wrongType(expected: ParameterKind, found: ParameterInput, suggestion: String?)
        /// A variable declared as keyframes has no single value to replace.
        case keyframed
        /// Given twice in one assignment list (`--set a=1 --set a=2`).
        case duplicate
        /// A list parameter's value that is not a usable list: the message says why.
        case badList(String)
    }

    public init(name: String, problem: Problem) {
        self.name = name
        self.problem = problem
    }

    /// The problem, without where the value came from:
    /// `expected a colour, found "blu" (did you mean "blue"?)`.
    public var message: String {
        func didYouMean(_ s: String?) -> String { s.map { " (did you mean \"\($0)\"?)" } ?? "" }
        switch problem {
        case .unknown(let suggestion):
            return "the scene has no parameter \"\(name)\"" + didYouMean(suggestion)
        case let .wrongType(expected, found, suggestion):
            return "expected \(expected), found \(found)" + didYouMean(suggestion)
        case .keyframed:
            return "\"\(name)\" is declared as keyframes and cannot be set"
        case .duplicate:
            return "\"\(name)\" is given more than once"
        case .badList(let message):
            return message
        }
    }

    public var description: String { message }
}
