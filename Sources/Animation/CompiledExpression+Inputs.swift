/// What an expression reads, so a caller can tell whether its value is fixed
/// for a whole render (a text placeholder is then written once, at load).
extension CompiledExpression {
    /// Whether it reads `t` or `frame`.
    public var readsClock: Bool {
        code.contains { $0 == .time || $0 == .frame }
    }

    /// The variables it reads, in order of first use.
    public var variablesRead: [VariableIndex] {
        var result: [VariableIndex] = []
        for case .variable(let i) in code where !result.contains(i) { result.append(i) }
        return result
    }

    /// True when its value is the same at every instant of `timeline`: no
    /// clock, and every variable it reads keeps its initial value.
    public func isFixed(in timeline: Timeline) -> Bool {
        !readsClock && variablesRead.allSatisfy(timeline.isFixed)
    }
}

extension Timeline {
    /// True when the variable never changes: no event sets it and it has no
    /// keyframes. False for a variable this timeline does not hold (one whose
    /// definition failed to decode: the scene is refused anyway).
    public func isFixed(_ variable: VariableIndex) -> Bool {
        guard tracks.indices.contains(variable.rawValue) else { return false }
        if case .animated(_, _, _, let motions, _) = tracks[variable.rawValue] { return motions.isEmpty }
        return false
    }
}
