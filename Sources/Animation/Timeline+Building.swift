/// Building a timeline from decoded `variables`, `timeline` and `loop`:
/// validation, then the replay of events into per-variable movements.
extension Timeline {
    /// Checks everything, reporting every issue at once, then precomputes the
    /// movements. Semantics (the format's, SwiftUI's `withAnimation`):
    /// - at `at + delay` each variable an event sets starts moving from the
    ///   value and velocity it has at that instant to its new value; without
    ///   an animation it jumps at `at`; booleans jump at `at + delay`;
    /// - a new movement interrupts a running one; a spring keeps the
    ///   interrupted velocity, a timing curve starts at rest;
    /// - movements that start at the same instant apply in event order, the
    ///   last winning;
    /// - with `loop` L the events run again every L seconds; movements
    ///   starting at or after L never happen. A variable the loop resets (all
    ///   of them when `resets` is nil) restarts from its initial value, so
    ///   value(t) = value(t mod L); one it does not reset carries its value and
    ///   motion into the next pass, as SwiftUI state does when a restart sets
    ///   only some of it (see `replayCarried`). `horizon` (the scene's
    ///   duration) bounds how many passes are worked out.
    public init(variables: [TimelineVariable], events: [TimelineEvent], loop: Double? = nil,
                resets: [String]? = nil, horizon: Double? = nil) throws(TimelineError) {
        var issues: [TimelineIssue] = []
        let symbols = ExpressionSymbols(variables.map { ($0.name, $0.type) })
        if let loop, !(loop > 0 && loop.isFinite) {
            issues.append(TimelineIssue(path: [.key("loop")], problem: .outOfRange(expected: "a number > 0", found: loop)))
        }
        var carried = [Bool](repeating: resets != nil, count: variables.count)
        for (i, name) in (resets ?? []).enumerated() {
            if let entry = symbols.lookup(name) {
                carried[entry.index.rawValue] = false
            } else {
                let suggestion = NameSuggestion.closest(to: name, in: symbols.names)
                issues.append(TimelineIssue(path: [.key("loop"), .key("resets"), .index(i)],
                                            problem: .unknownVariable(name, suggestion: suggestion)))
            }
        }
        var seen = Set<String>()
        for v in variables {
            let path: [TimelineIssue.PathComponent] = [.key("variables"), .key(v.name)]
            if ExpressionSymbols.builtinNames.contains(v.name) {
                issues.append(TimelineIssue(path: path, problem: .reservedName(v.name)))
            }
            if !seen.insert(v.name).inserted {
                issues.append(TimelineIssue(path: path, problem: .duplicateVariable(v.name)))
            }
        }

        // Each variable's changes: (start, event order, animation, target).
        var changes = [[Change]](repeating: [], count: variables.count)
        for (e, event) in events.enumerated() {
            let eventIssues = Self.check(event, at: e)
            issues += eventIssues
            for (s, assignment) in event.set.enumerated() {
                let path: [TimelineIssue.PathComponent] = [.key("timeline"), .index(e), .key("set"), .key(assignment.variable)]
                guard let entry = symbols.lookup(assignment.variable) else {
                    let suggestion = NameSuggestion.closest(to: assignment.variable, in: symbols.names)
                    issues.append(TimelineIssue(path: path, problem: .unknownVariable(assignment.variable, suggestion: suggestion)))
                    continue
                }
                let variable = variables[entry.index.rawValue]
                guard case .value = variable.definition else {
                    issues.append(TimelineIssue(path: path, problem: .setsKeyframedVariable(variable.name)))
                    continue
                }
                guard assignment.value.type == entry.type else {
                    issues.append(TimelineIssue(path: path, problem: .wrongType(
                        variable: variable.name, expected: entry.type, found: assignment.value.type)))
                    continue
                }
                guard eventIssues.isEmpty else { continue }
                let animation = entry.type == .bool ? nil : event.animation
                let start = event.at + (event.animation?.delay ?? 0)
                if let loop, start >= loop { continue }
                changes[entry.index.rawValue].append(Change(start: start, order: (e, s), animation: animation,
                                                            target: Self.lanes(assignment.value)))
            }
        }
        guard issues.isEmpty else { throw TimelineError(issues: issues) }

        let tracks = variables.indices.map { i -> Track in
            switch variables[i].definition {
            case .value(let initial):
                if let loop, carried[i] {
                    return Self.replayCarried(changes[i], type: initial.type, from: Self.lanes(initial),
                                              loop: loop, horizon: horizon)
                }
                return Self.replay(changes[i], type: initial.type, from: Self.lanes(initial), loop: loop)
            case .numberKeyframes(let k):
                return .numberKeyframes(k)
            case .colorKeyframes(let k):
                return .colorKeyframes(k)
            case .pointKeyframes(let k):
                return .pointKeyframes(k)
            }
        }
        self.init(variables: variables, loop: loop, symbols: symbols, tracks: tracks)
    }


    /// The event's own numbers: times finite and ≥ 0, repeat counts ≥ 1,
    /// springs with positive stiffness and mass.
    private static func check(_ event: TimelineEvent, at e: Int) -> [TimelineIssue] {
        var issues: [TimelineIssue] = []
        let path: [TimelineIssue.PathComponent] = [.key("timeline"), .index(e)]
        func requireNonNegative(_ v: Double, _ keys: [String]) {
            if !(v >= 0 && v.isFinite) {
                issues.append(TimelineIssue(path: path + keys.map { .key($0) },
                                            problem: .outOfRange(expected: "a number ≥ 0", found: v)))
            }
        }
        requireNonNegative(event.at, ["at"])
        guard let animation = event.animation else { return issues }
        requireNonNegative(animation.duration, ["animation", "duration"])
        requireNonNegative(animation.delay, ["animation", "delay"])
        if case .times(let n)? = animation.repeats?.count, n < 1 {
            issues.append(TimelineIssue(path: path + [.key("animation"), .key("repeat"), .key("count")],
                                        problem: .outOfRange(expected: "a count ≥ 1", found: Double(n))))
        }
        if case .spring(let s) = animation.curve,
           !(s.stiffness > 0 && s.mass > 0 && s.damping >= 0 && s.stiffness.isFinite && s.mass.isFinite && s.damping.isFinite) {
            issues.append(TimelineIssue(path: path + [.key("animation"), .key("curve")], problem: .invalidSpring))
        }
        return issues
    }
}
