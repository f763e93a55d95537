import Animation
import Geometry

/// Readers for `components` and `use`. A component is kept as JSON and
/// decoded anew for each `use`, with the use's values in place of its
/// variables' defaults: an instance is exactly the copy a user would have
/// written out, so it costs what that copy costs and no more, and every
/// problem inside it is found with the values it really gets.
extension SceneDecoder {
    struct ComponentSource {
        let value: JSONValue
        let path: JSONPath
    }

    static let useKeys = ["component", "with", "begin", "duration", "speed", "loop", "hold", "time"]

    /// `components`: name → component, read before the layers that use them.
    mutating func readComponents(_ v: JSONValue, _ path: JSONPath) {
        guard case .object(let members) = v.kind else { expected("an object of name: component", v, path); return }
        for m in members {
            let p = path.key(m.key)
            guard componentSources[m.key] == nil else { report(m.keyLocation, p, "duplicate key \"\(m.key)\""); continue }
            guard object(m.value, p) != nil else { continue }
            componentSources[m.key] = ComponentSource(value: m.value, path: p)
            componentNames.append(m.key)
        }
    }

    /// Decodes each component no `use` reached, with its defaults, so its
    /// problems are found too; the result is dropped.
    mutating func validateUnusedComponents() {
        for name in componentNames where !usedComponents.contains(name) {
            _ = instance(of: name, assignments: [])
        }
    }

    /// A `use` node's content: its component with the `with` values, on the
    /// clock its keys describe.
    mutating func use(_ fields: inout Fields) -> TimedContent? {
        let f = fields.object, path = fields.path
        let name = required(f, "component", path) { d, v, p in d.componentName(v, p) }
        var clock = LocalClock()
        clock.begin = fields.read(&self, "begin") { d, v, p in d.number(v, p) } ?? 0
        clock.duration = fields.read(&self, "duration") { d, v, p in d.number(v, p, greaterThan: 0) }
        clock.speed = fields.read(&self, "speed") { d, v, p in d.number(v, p, greaterThan: 0) } ?? 1
        clock.remap = fields.read(&self, "time") { d, v, p in d.animatedNumber(v, p) }
        let loop = fields.read(&self, "loop") { d, v, p in d.bool(v, p) } ?? false
        let hold = fields.read(&self, "hold") { d, v, p in d.bool(v, p) } ?? false
        if loop && hold {
            report(f.value.location, path, "a use takes \"loop\" or \"hold\", not both")
            fields.ok = false
        }
        clock.ending = loop ? .loop : hold ? .hold : .run
        let with = fields.read(&self, "with") { d, v, p in d.withValues(v, p) } ?? []
        guard let name, fields.ok else { fields.ok = false; return nil }

        let here = "in component \"\(name)\" used at \(f.value.location) \(path)"
        guard var content = instance(of: name, assignments: with.map(\.assignment), reachedBy: here) else {
            fields.ok = false
            return nil
        }
        for issue in content.issues {
            let given = with.first { $0.assignment.name == issue.name }
            var message = issue.message
            if case .unknown(let suggestion) = issue.problem {
                message = "the component \"\(name)\" has no parameter \"\(issue.name)\""
                if let suggestion { message += "; did you mean \"\(suggestion)\"?" }
            }
            report(given?.location, path.key("with").key(issue.name), message)
        }
        guard content.issues.isEmpty else { fields.ok = false; return nil }
        clock.length = content.length
        content.timed.clock = clock
        return content.timed
    }

    /// The name of a declared component, not one being decoded (a cycle).
    private mutating func componentName(_ v: JSONValue, _ path: JSONPath) -> String? {
        guard let name = string(v, path) else { return nil }
        guard componentSources[name] != nil else {
            var message = "unknown component \"\(name)\""
            if let s = NameSuggestion.closest(to: name, in: componentNames) { message += "; did you mean \"\(s)\"?" }
            else if componentNames.isEmpty { message += "; the scene declares no \"components\"" }
            report(v.location, path, message)
            return nil
        }
        if scope.components.contains(name) {
            let cycle = scope.components.drop { $0 != name } + [name]
            report(v.location, path, "component \"\(name)\" uses itself: \(cycle.joined(separator: " → "))")
            return nil
        }
        return name
    }

    /// A `with` value given to a component's parameter, and where.
    struct GivenValue {
        let assignment: ParameterAssignment
        let location: SourceLocation
    }

    /// `with`: parameter name → a value as `variables` spells it, or an
    /// expression (or placeholder text) fixed for the render, evaluated
    /// where the `use` stands — so a `forEach` item reaches a component.
    private mutating func withValues(_ v: JSONValue, _ path: JSONPath) -> [GivenValue]? {
        guard case .object(let members) = v.kind else { expected("an object of parameter: value", v, path); return nil }
        var given: [GivenValue] = [], ok = true
        for m in members {
            let p = path.key(m.key)
            let input: ParameterInput?
            switch m.value.kind {
            case .number(let n): input = .number(n)
            case .bool(let b): input = .bool(b)
            case .string(let s): input = placeholders(s, m.value, p, fixedOnly: true).flatMap { text in
                if case .constant(let fixed) = text { return .text(fixed) }
                return nil
            }
            case .array: input = .json(m.value)
            case .object where m.value["expr"] != nil: input = fixedExpression(m.value, p)
            case .object where m.value["list"] != nil: input = m.value["list"].map { .json($0) }
            default:
                expected("a number, a colour, true/false, a string, a list, or an expression fixed for the render", m.value, p)
                input = nil
            }
            if let input { given.append(GivenValue(assignment: ParameterAssignment(name: m.key, value: input), location: m.value.location)) }
            else { ok = false }
        }
        return ok ? given : nil
    }

    /// `{"expr": …}` evaluated now; refused when it changes over time.
    private mutating func fixedExpression(_ v: JSONValue, _ path: JSONPath) -> ParameterInput? {
        guard let e = expression(v, path, type: nil) else { return nil }
        guard e.isFixed(in: timelineInForce) else {
            report(v.location, path, "a component's parameter takes a value fixed for the render; this expression changes over time (animate inside the component, or remap its time with \"time\")")
            return nil
        }
        switch e.evaluate(in: TimelineContext(timeline: timelineInForce, time: 0, frame: 0, seed: seed)) {
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .color(let c): return .color(c)
        case .point(let p): return .text(JSONValue.format(p.x) + "," + JSONValue.format(p.y))
        }
    }

    /// What one instance of a component decodes to.
    struct Instance {
        var timed: TimedContent
        var length: Double?
        /// Values the component refused (unknown names, wrong types).
        var issues: [ParameterIssue]
    }

    /// Decodes component `name` with `assignments` in place of its
    /// defaults, in a scope of its own; `reachedBy` names the `use` in
    /// messages about its contents. Nil after reporting.
    mutating func instance(of name: String, assignments: [ParameterAssignment], reachedBy: String? = nil) -> Instance? {
        guard let source = componentSources[name], let f = object(source.value, source.path) else { return nil }
        usedComponents.insert(name)
        let saved = saveScope()
        defer { restore(saved) }
        if let reachedBy { scope.trail.append(reachedBy) }
        scope.components.append(name)
        parameters = []
        itemStrings = [:]
        f.checkKeys(.component, into: &self)
        var fields = Fields(f, source.path)
        let length = fields.read(&self, "duration") { d, v, p in d.number(v, p, greaterThan: 0) }
        let (timeline, issues) = self.timeline(f, at: source.path, root: source.value,
                                               horizon: length ?? sceneEnd, assignments: assignments)
        timelineInForce = timeline ?? .empty
        let size = fields.read(&self, "size") { d, v, p in d.animatedPair(v, p, atLeast: 0) }
        let layers = required(f, "layers", source.path) { d, v, p in d.nodes(v, p) }
        guard fields.ok, let timeline, let layers else { return issues.isEmpty ? nil : Instance.refused(issues) }
        let timed = TimedContent(component: name, timeline: timeline, children: layers, size: size, clock: LocalClock())
        return Instance(timed: timed, length: length, issues: issues)
    }
}

private extension SceneDecoder.Instance {
    /// An instance whose values were refused: only its issues matter.
    static func refused(_ issues: [ParameterIssue]) -> Self {
        Self(timed: TimedContent(children: [], clock: LocalClock()), length: nil, issues: issues)
    }
}
