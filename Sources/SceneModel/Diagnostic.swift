/// One problem found in a scene file, with everything a user needs to find it.
///
/// Printed as `file:line:column: $.layers[2].size: expected …, found …`, the
/// form compilers use, so editors and terminals can jump to it.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation?
    /// JSON path of the value, `$` for the document.
    public var path: String
    public var message: String

    public init(file: String, location: SourceLocation?, path: String, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    public var description: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): \(path): \(message)"
    }
}

/// Every problem of a scene that cannot be rendered, reported together so a
/// user fixes them in one pass.
public struct SceneLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// Values given from outside the file that were refused; their caller
    /// says where each came from (a flag, a data file's row).
    public var parameterIssues: [ParameterIssue]

    public init(diagnostics: [Diagnostic], parameterIssues: [ParameterIssue] = []) {
        self.diagnostics = diagnostics
        self.parameterIssues = parameterIssues
    }

    public var description: String {
        (diagnostics.map(\.description) + parameterIssues.map { "parameter \"\($0.name)\": \($0.message)" })
            .joined(separator: "\n")
    }
}
