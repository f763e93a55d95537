import Animation
import SceneModel

/// Template parameters: a text layer's text and a named colour (a fill or
/// stroke item, a solid layer) read scene variables named after them, their
/// defaults what the file has — so `--set` and `reel batch` fill one
/// Lottie file in.
extension LottieReader {
    /// Whether `name` can name a parameter: letters, digits and `_`, not
    /// starting with a digit, not a name expressions already have.
    static func isParameterName(_ name: String) -> Bool {
        name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && !ExpressionSymbols.builtinNames.contains(name)
    }

    /// Declares the parameter `name` with `value` (as scene `variables`
    /// write it) in the composition being converted; false when it cannot
    /// be one or the composition has it with another value.
    mutating func declare(_ name: String, _ value: SceneJSON) -> Bool {
        guard Self.isParameterName(name) else { return false }
        let current = parameters.count - 1
        if let existing = parameters[current].first(where: { $0.0 == name }) { return existing.1 == value }
        parameters[current].append((name, value))
        return true
    }

    /// A static colour (`c`, 0…1) named `name`, as a paint reading the
    /// parameter `name`; nil when it stays the file's colour.
    mutating func colorParameter(_ name: String?, _ color: LottieProperty) -> SceneJSON? {
        guard let name, !color.isAnimated, declare(name, LottieProperty.color(color.first)) else { return nil }
        return .object([("expr", .string(name))])
    }

    /// Scene `variables` declaring the parameters.
    static func variables(_ parameters: [(String, SceneJSON)]) -> SceneJSON { .object(parameters) }

    /// What a `use` passes a component for its parameter: the parameter of the same name here.
    static func passedOn(_ name: String, _ value: SceneJSON) -> SceneJSON {
        if case .object = value { return .string("{\(name)}") }
        return .object([("expr", .string(name))])
    }
}
