import Animation
import Geometry

/// Readers for `variables`, `timeline` and `loop`: decoded here, checked and
/// precomputed by `Timeline`, whose issues come back with their positions.
extension SceneDecoder {
    /// The timeline of the scene or a component `f` (at `base`, the JSON
    /// value `root`), its variables given `assignments`; sets `symbols` for
    /// the expressions of its layers and returns the refused assignments.
    /// `horizon`: how far a loop's passes are worked out (the scene's duration).
    mutating func timeline(_ f: ObjectFields, at base: JSONPath, root: JSONValue, horizon: Double?,
                           assignments: [ParameterAssignment]) -> (Timeline?, [ParameterIssue]) {
        let (variables, issues) = self.variables(f["variables"], at: base.key("variables"), assignments: assignments)
        var events: [TimelineEvent] = []
        var ok = true
        if let t = f["timeline"] {
            let path = base.key("timeline")
            if case .array(let items) = t.kind {
                for (i, item) in items.enumerated() {
                    if let e = event(item, path.index(i)) { events.append(e) } else { ok = false }
                }
            } else {
                expected("an array of events", t, path)
                ok = false
            }
        }
        var loop: Double?, resets: [String]?
        if let l = f["loop"] {
            (loop, resets) = self.loop(l, base.key("loop"))
            if loop == nil { ok = false }
        }
        symbols = ExpressionSymbols(variables.map { ($0.name, $0.type) })
        do {
            let timeline = try Timeline(variables: variables, events: events, loop: loop, resets: resets, horizon: horizon)
            return (ok ? timeline : nil, issues)
        } catch {
            for issue in error.issues {
                let (location, path) = locate(issue.path, in: root, at: base)
                report(location, path, issue.message)
            }
            return (nil, issues)
        }
    }

    /// `loop`: seconds (every variable restarts), or `{"every": seconds,
    /// "resets": [names]}` (only the named ones restart; the others carry
    /// over, as SwiftUI state a restart does not set). Nil seconds when unusable.
    private mutating func loop(_ v: JSONValue, _ path: JSONPath) -> (every: Double?, resets: [String]?) {
        guard case .object = v.kind, let f = object(v, path) else {
            return (number(v, path, greaterThan: 0), nil)
        }
        f.checkKeys(.loop, into: &self)
        let every = required(f, "every", path) { d, v, p in d.number(v, p, greaterThan: 0) }
        var fields = Fields(f, path)
        let resets = fields.read(&self, "resets") { d, v, p -> [String]? in
            guard case .array(let items) = v.kind else { d.expected("an array of variable names", v, p); return nil }
            let names = items.enumerated().map { d.string($1, p.index($0)) }
            return names.contains { $0 == nil } ? nil : names.map { $0! }
        }
        return (fields.ok ? every : nil, resets ?? [])
    }

    /// The position and JSON path of a timeline issue's value, `root` being
    /// the object at `base` that holds the timeline.
    private func locate(_ components: [TimelineIssue.PathComponent], in root: JSONValue,
                        at base: JSONPath) -> (SourceLocation, JSONPath) {
        var value = root, path = base, location = root.location
        for c in components {
            switch (c, value.kind) {
            case let (.key(k), .object(members)):
                path = path.key(k)
                guard let m = members.last(where: { $0.key == k }) else { return (location, path) }
                location = m.keyLocation
                value = m.value
            case let (.index(i), .array(items)) where i < items.count:
                path = path.index(i)
                value = items[i]
                location = value.location
            case (.key(let k), _): path = path.key(k)
            case (.index(let i), _): path = path.index(i)
            }
        }
        return (location, path)
    }

    private mutating func event(_ v: JSONValue, _ path: JSONPath) -> TimelineEvent? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.event, into: &self)
        var fields = Fields(f, path)
        let at = required(f, "at", path) { d, v, p in d.number(v, p, atLeast: 0) }
        let animation = fields.read(&self, "animation") { d, v, p in d.animation(v, p) }
        let set = required(f, "set", path) { d, v, p in d.assignments(v, p) }
        guard fields.ok, let at, let set else { return nil }
        return TimelineEvent(at: at, animation: animation, set: set)
    }

    private mutating func assignments(_ v: JSONValue, _ path: JSONPath) -> [TimelineEvent.Assignment]? {
        guard case .object(let members) = v.kind else { expected("an object of variable: new value", v, path); return nil }
        var result: [TimelineEvent.Assignment] = []
        var ok = true
        for m in members {
            switch m.value.kind {
            case .number(let n): result.append(.init(variable: m.key, value: .number(n)))
            case .bool(let b): result.append(.init(variable: m.key, value: .bool(b)))
            case .string:
                if let c = color(m.value, path.key(m.key)) { result.append(.init(variable: m.key, value: .color(c))) } else { ok = false }
            case .array:
                if let p = point(m.value, path.key(m.key)) { result.append(.init(variable: m.key, value: .point(p))) } else { ok = false }
            default:
                expected("a number, a colour, true/false or [x, y]", m.value, path.key(m.key))
                ok = false
            }
        }
        return ok ? result : nil
    }

    /// `{"curve", "duration", "delay", "repeat": {"count", "autoreverses"}}`.
    private mutating func animation(_ v: JSONValue, _ path: JSONPath) -> AnimationSpec? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.animation, into: &self)
        var fields = Fields(f, path)
        var spec = AnimationSpec()
        spec.curve = fields.read(&self, "curve") { d, v, p in d.animationCurve(v, p) } ?? .default
        spec.duration = fields.read(&self, "duration") { d, v, p in d.number(v, p, greaterThan: 0) } ?? 0.35
        spec.delay = fields.read(&self, "delay") { d, v, p in d.number(v, p, atLeast: 0) } ?? 0
        spec.repeats = fields.read(&self, "repeat") { d, v, p in d.animationRepeat(v, p) }
        return fields.ok ? spec : nil
    }

    private mutating func animationRepeat(_ v: JSONValue, _ path: JSONPath) -> AnimationRepeat? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.animationRepeat, into: &self)
        var fields = Fields(f, path)
        let count = required(f, "count", path) { d, v, p -> AnimationRepeat.Count? in
            if case .string("forever") = v.kind { return .forever }
            guard case .number(let n) = v.kind, n == n.rounded(), n >= 1, n <= 1_000_000 else {
                d.expected("a whole number ≥ 1 or \"forever\"", v, p)
                return nil
            }
            return .times(Int(n))
        }
        let autoreverses = fields.read(&self, "autoreverses") { d, v, p in d.bool(v, p) } ?? true
        guard fields.ok, let count else { return nil }
        return AnimationRepeat(count: count, autoreverses: autoreverses)
    }

    /// A curve by name (`AnimationCurve.named`: the timing curves, `spring`
    /// and SwiftUI's presets), `{"cubicBezier": …}`, `{"spring": {…}}`,
    /// `{"interpolatingSpring": {…}}`, or a preset with a duration and extra
    /// bounce, `{"bouncy": {…}}`.
    private mutating func animationCurve(_ v: JSONValue, _ path: JSONPath) -> AnimationCurve? {
        if case .string(let name) = v.kind, let named = AnimationCurve.named.first(where: { $0.name == name }) {
            return named.curve
        }
        let presets = Spring.presets.map(\.name)
        if case .object(let members) = v.kind, let m = members.first, members.count == 1,
           m.key == "spring" || m.key == "interpolatingSpring" || presets.contains(m.key) {
            let p = path.key(m.key)
            guard let f = object(m.value, p) else { return nil }
            var fields = Fields(f, p)
            if m.key == "spring" { return spring(f, &fields).map { .spring($0) } }
            if presets.contains(m.key) {
                f.checkKeys(.springPreset, into: &self)
                let duration = fields.read(&self, "duration") { d, v, p in d.number(v, p, greaterThan: 0) } ?? 0.5
                let extra = fields.read(&self, "extraBounce") { d, v, p in d.number(v, p) } ?? 0
                let base = Spring.presets.first { $0.name == m.key }!.bounce
                if let e = f["extraBounce"], fields.ok, !(base + extra > -1 && base + extra <= 1) {
                    report(e.location, p.key("extraBounce"), "\(m.key)'s bounce \(JSONValue.format(base)) plus this must lie above -1 and at most 1, found \(JSONValue.format(extra))")
                    return nil
                }
                return fields.ok ? Spring.preset(m.key, duration: duration, extraBounce: extra).map { .spring($0) } : nil
            }
            f.checkKeys(.interpolatingSpring, into: &self)
            let stiffness = required(f, "stiffness", p) { d, v, p in d.number(v, p, greaterThan: 0) }
            let damping = required(f, "damping", p) { d, v, p in d.number(v, p, atLeast: 0) }
            let mass = fields.read(&self, "mass") { d, v, p in d.number(v, p, greaterThan: 0) } ?? 1
            guard fields.ok, let stiffness, let damping else { return nil }
            return .spring(Spring(stiffness: stiffness, damping: damping, mass: mass))
        }
        return curve(v, path, springs: true).map { .timing($0) }
    }

    /// `{"response", "dampingFraction"}` (SwiftUI's `spring(response:dampingFraction:)`,
    /// defaults 0.55 and 0.825) or `{"duration", "bounce"}` (its
    /// `spring(duration:bounce:)`, defaults 0.5 and 0), not a mix.
    private mutating func spring(_ f: ObjectFields, _ fields: inout Fields) -> Spring? {
        f.checkKeys(.spring, into: &self)
        if (f.has("response") || f.has("dampingFraction")) && (f.has("duration") || f.has("bounce")) {
            report(f.value.location, fields.path, "a spring takes \"response\" and \"dampingFraction\", or \"duration\" and \"bounce\", not both kinds")
            return nil
        }
        if f.has("duration") || f.has("bounce") {
            let duration = fields.read(&self, "duration") { d, v, p in d.number(v, p, greaterThan: 0) } ?? 0.5
            let bounce = fields.read(&self, "bounce") { d, v, p in d.number(v, p, greaterThan: -1, atMost: 1) } ?? 0
            return fields.ok ? Spring(duration: duration, bounce: bounce) : nil
        }
        let response = fields.read(&self, "response") { d, v, p in d.number(v, p, greaterThan: 0) } ?? 0.55
        let fraction = fields.read(&self, "dampingFraction") { d, v, p in d.number(v, p, atLeast: 0) } ?? 0.825
        return fields.ok ? Spring(response: response, dampingFraction: fraction) : nil
    }
}
