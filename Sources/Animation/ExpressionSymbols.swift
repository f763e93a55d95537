/// A variable's position in the timeline (and in an expression context):
/// resolved from its name once at load, so evaluation never hashes strings.
public struct VariableIndex: Sendable, Hashable {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }
}

/// The names an expression may use besides the built-ins: the scene's
/// variables, each with its index and type, and names fixed while a part of
/// the scene is decoded (a `forEach`'s `index` and `item`), compiled in as
/// constants.
public struct ExpressionSymbols: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let index: VariableIndex
        public let type: ValueType
    }

    /// Declaration order, for deterministic "did you mean" suggestions.
    public private(set) var names: [String]
    private let entries: [String: Entry]
    private var constants: [String: ExpressionValue] = [:]

    /// Variable i of the list gets `VariableIndex(i)`; the first of a
    /// duplicated name wins.
    public init(_ variables: [(name: String, type: ValueType)]) {
        var entries: [String: Entry] = [:]
        for (i, v) in variables.enumerated() where entries[v.name] == nil {
            entries[v.name] = Entry(index: VariableIndex(i), type: v.type)
        }
        self.entries = entries
        names = variables.map(\.name)
    }

    public func lookup(_ name: String) -> Entry? { entries[name] }

    public func constant(_ name: String) -> ExpressionValue? { constants[name] }

    /// The dotted constants under `name` (`item.label`, `item.value`), in
    /// declaration order: a record's fields.
    public func fields(of name: String) -> [String] {
        let prefix = name + "."
        return names.filter { $0.hasPrefix(prefix) && constants[$0] != nil }
    }

    /// These symbols and `values` as constants, which hide variables of the
    /// same names.
    public func adding(constants values: [(name: String, value: ExpressionValue)]) -> ExpressionSymbols {
        var s = self
        for (name, value) in values {
            if s.constants[name] == nil && entries[name] == nil { s.names.append(name) }
            s.constants[name] = value
        }
        return s
    }

    /// Names the language defines itself; a variable cannot take them.
    public static let builtinNames = ["t", "frame", "pi", "true", "false"]
}
