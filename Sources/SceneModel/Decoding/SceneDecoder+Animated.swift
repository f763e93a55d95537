import Animation
import Geometry

/// Readers for animatable properties: a constant, or keyframes of it.
extension SceneDecoder {
    typealias Reader<T> = (inout SceneDecoder, JSONValue, JSONPath) -> T?

    /// A constant read by `constant`, `{"keyframes": …}`, `{"expr": …}` or `{"pick": …, "index": …}`.
    mutating func animated<T: ExpressionTyped>(_ v: JSONValue, _ path: JSONPath, _ constant: Reader<T>) -> Animated<T>? {
        if v["keyframes"] != nil { return keyframes(v, path, constant).map { .keyframes($0) } }
        if v["expr"] != nil, let type = T.expressionType { return expression(v, path, type: type).map { .expression($0) } }
        if v["pick"] != nil { return pick(v, path, constant) }
        return constant(&self, v, path).map { .constant($0) }
    }

    /// `{"expr": "…"}`, compiled against the scene's variables and checked to
    /// yield `type` (nil: any). Errors point into the string (columns count
    /// from its opening quote; escapes in it shift them).
    mutating func expression(_ v: JSONValue, _ path: JSONPath, type: ValueType?) -> CompiledExpression? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.expression, into: &self)
        let p = path.key("expr")
        guard let source = f["expr"], let compiled = compile(source, p) else { return nil }
        if let type, compiled.type != type {
            report(source.location, p, "expected an expression giving \(type), found one giving \(compiled.type)")
            return nil
        }
        return compiled
    }

    /// The expression the string `source` holds, compiled against the
    /// scene's variables; nil after reporting each error where it is.
    mutating func compile(_ source: JSONValue, _ path: JSONPath) -> CompiledExpression? {
        guard let text = string(source, path),
              withinLength(source, path, "an expression", limit: Self.maxExpressionLength) else { return nil }
        do {
            return try CompiledExpression(text, symbols: symbols)
        } catch {
            for e in error.errors {
                report(SourceLocation(line: source.location.line, column: source.location.column + 1 + e.offset), path, e.message)
            }
            return nil
        }
    }

    /// `{"pick": [v0, v1, …], "index": n}`: element floor(n) modulo the count.
    private mutating func pick<T: ExpressionTyped>(_ v: JSONValue, _ path: JSONPath, _ constant: Reader<T>) -> Animated<T>? {
        guard let f = object(v, path), enterNesting(v, path) else { return nil }
        defer { leaveNesting() }
        f.checkKeys(.choice, into: &self)
        let p = path.key("pick")
        guard let list = f["pick"], case .array(let items) = list.kind, !items.isEmpty else {
            if let list = f["pick"] { expected("a non-empty array of choices", list, p) }
            return nil
        }
        let choices = items.enumerated().map { animated($1, p.index($0), constant) }
        let index = required(f, "index", path) { d, v, p in d.animatedNumber(v, p) }
        guard !choices.contains(where: { $0 == nil }), let index else { return nil }
        return .pick(choices.map { $0! }, index: index)
    }

    mutating func animatedNumber(_ v: JSONValue, _ path: JSONPath, greaterThan low: Double? = nil,
                                 atLeast min: Double? = nil, atMost max: Double? = nil) -> Animated<Double>? {
        animated(v, path) { d, v, p in d.number(v, p, greaterThan: low, atLeast: min, atMost: max) }
    }

    mutating func animatedColor(_ v: JSONValue, _ path: JSONPath) -> Animated<Color>? {
        animated(v, path) { d, v, p in d.color(v, p) }
    }

    /// `[x, y]` whose components may each be animated, or keyframes of whole points.
    mutating func animatedPair(_ v: JSONValue, _ path: JSONPath, atLeast min: Double? = nil) -> AnimatedPair? {
        if case .array(let items) = v.kind {
            guard items.count == 2 else { expected("[x, y]", v, path); return nil }
            let x = animatedNumber(items[0], path.index(0), atLeast: min)
            let y = animatedNumber(items[1], path.index(1), atLeast: min)
            guard let x, let y else { return nil }
            if case .constant(let cx) = x, case .constant(let cy) = y { return .constant(cx, cy) }
            return .components(x, y)
        }
        return animated(v, path) { d, v, p in
            guard let pt = d.point(v, p) else { return nil }
            if let min, pt.x < min || pt.y < min {
                d.expected("[x, y] with components ≥ \(JSONValue.format(min))", v, p)
                return nil
            }
            return pt
        }.map { .whole($0) }
    }

    /// A number or `[sx, sy]` (a scale), as a pair: keyframes and
    /// expressions of either kind.
    mutating func animatedScale(_ v: JSONValue, _ path: JSONPath) -> AnimatedPair? {
        if case .array = v.kind { return animatedPair(v, path) }
        if case .array? = v.firstKeyframeValue?.kind { return animatedPair(v, path) }
        if case .string(let text)? = v["expr"]?.kind, (try? CompiledExpression(text, symbols: symbols))?.type == .point {
            return animatedPair(v, path)
        }
        guard let s = animatedNumber(v, path) else { return nil }
        return .components(s, s)
    }

    private mutating func keyframes<T: ExpressionTyped>(_ v: JSONValue, _ path: JSONPath, _ constant: Reader<T>) -> Keyframes<T>? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.keyframes, into: &self)
        let repeatMode = f["repeat"].map { word($0, path.key("repeat"), as: KeyframeRepeat.self) } ?? KeyframeRepeat.none
        let keysPath = path.key("keyframes")
        guard let list = f["keyframes"] else { return nil }
        guard case .array(let items) = list.kind, !items.isEmpty else {
            expected("a non-empty array of keyframes", list, keysPath)
            return nil
        }
        guard withinKeyframeLimit(list, items.count, keysPath) else { return nil }
        var keys: [Keyframe<T>] = []
        var ok = true
        var previous = -Double.infinity
        for (i, item) in items.enumerated() {
            let p = keysPath.index(i)
            guard let k = object(item, p) else { ok = false; continue }
            k.checkKeys(.keyframe, into: &self)
            let t = required(k, "t", p) { d, v, p in d.number(v, p, atLeast: 0) }
            let value = required(k, "value", p, constant)
            let curve = k["curve"].map { self.curve($0, p.key("curve"), springs: false) } ?? .linear
            guard let t, let value, let curve else { ok = false; continue }
            if t < previous {
                report(k["t"]?.location, p.key("t"), "keyframe times must not decrease; found \(JSONValue.format(t)) after \(JSONValue.format(previous))")
                ok = false
            }
            previous = t
            keys.append(Keyframe(time: t, value: value, curve: curve))
        }
        guard ok, let repeatMode else { return nil }
        return Keyframes(keys: keys, repeat: repeatMode)
    }

    /// A timing curve by name (`Curve.named`) or `{"cubicBezier": [x1, y1,
    /// x2, y2]}`; `springs` says whether the place also takes springs (for
    /// the message).
    mutating func curve(_ v: JSONValue, _ path: JSONPath, springs: Bool) -> Curve? {
        switch v.kind {
        case .string(let s):
            if let c = Curve.named.first(where: { $0.name == s }) { return c.curve }
            if !springs && AnimationCurve.named.contains(where: { $0.name == s }) {
                report(v.location, path, "springs are not available on keyframes; animate a variable with a timeline event instead")
                return nil
            }
            let names = springs ? AnimationCurve.named.map(\.name) : Curve.named.map(\.name)
            let objects = springs
                ? ", {\"cubicBezier\": […]}, {\"spring\": {…}}, {\"interpolatingSpring\": {…}} or a preset {\"smooth\" | \"snappy\" | \"bouncy\": {…}}"
                : " or {\"cubicBezier\": [x1, y1, x2, y2]}"
            var message = "expected a curve (\(names.map { "\"\($0)\"" }.joined(separator: ", "))\(objects)), found \(v.summary)"
            if let m = NameSuggestion.closest(to: s, in: names) { message += "; did you mean \"\(m)\"?" }
            report(v.location, path, message)
            return nil
        case .object:
            guard let f = object(v, path) else { return nil }
            f.checkKeys(.cubicBezier, into: &self)
            guard let b = f["cubicBezier"] else {
                report(v.location, path, "expected a curve object with \"cubicBezier\"")
                return nil
            }
            let bp = path.key("cubicBezier")
            guard case .array(let items) = b.kind, items.count == 4 else {
                expected("[x1, y1, x2, y2]", b, bp); return nil
            }
            let x1 = number(items[0], bp.index(0), atLeast: 0, atMost: 1)
            let y1 = number(items[1], bp.index(1))
            let x2 = number(items[2], bp.index(2), atLeast: 0, atMost: 1)
            let y2 = number(items[3], bp.index(3))
            guard let x1, let y1, let x2, let y2 else { return nil }
            return .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        default:
            expected("a curve", v, path)
            return nil
        }
    }
}
