import Animation
import Geometry

/// Readers for plain JSON values: each reports a precise problem and returns
/// nil when the value is unusable.
extension SceneDecoder {
    mutating func object(_ v: JSONValue, _ path: JSONPath) -> ObjectFields? {
        guard case .object(let members) = v.kind else { expected("an object", v, path); return nil }
        return ObjectFields(v, path: path, members: members)
    }

    /// Reads a required member, reporting its absence against the object.
    mutating func required<T>(_ f: ObjectFields, _ key: String, _ path: JSONPath,
                              _ read: (inout SceneDecoder, JSONValue, JSONPath) -> T?) -> T? {
        guard let v = f[key] else {
            report(f.value.location, path, "missing required key \"\(key)\"")
            return nil
        }
        return read(&self, v, path.key(key))
    }

    mutating func number(_ v: JSONValue, _ path: JSONPath) -> Double? {
        guard case .number(let n) = v.kind else { expected("a number", v, path); return nil }
        return n
    }

    /// A number within limits; the message states the limits it broke.
    mutating func number(_ v: JSONValue, _ path: JSONPath, greaterThan low: Double? = nil,
                         atLeast min: Double? = nil, atMost max: Double? = nil) -> Double? {
        var what = "a number"
        if let low { what += " > \(JSONValue.format(low))" }
        if let min { what += " ≥ \(JSONValue.format(min))" }
        if let max { what += (low != nil || min != nil ? " and" : "") + " ≤ \(JSONValue.format(max))" }
        guard case .number(let n) = v.kind else { expected(what, v, path); return nil }
        if let low, !(n > low) { expected(what, v, path); return nil }
        if let min, !(n >= min) { expected(what, v, path); return nil }
        if let max, !(n <= max) { expected(what, v, path); return nil }
        return n
    }

    mutating func integer(_ v: JSONValue, _ path: JSONPath) -> Int? {
        guard case .number(let n) = v.kind, n == n.rounded(), abs(n) < 9.0e15 else {
            expected("an integer", v, path); return nil
        }
        return Int(n)
    }

    mutating func string(_ v: JSONValue, _ path: JSONPath) -> String? {
        guard case .string(let s) = v.kind else { expected("a string", v, path); return nil }
        return s
    }

    /// One of a fixed set of words, with a suggestion for near misses.
    mutating func word<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ path: JSONPath, as: E.Type) -> E?
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        guard case .string(let s) = v.kind else { expected("one of \(list)", v, path); return nil }
        if let e = E(rawValue: s) { return e }
        var message = "expected one of \(list), found \(v.summary)"
        if let m = NameSuggestion.closest(to: s, in: names) { message += "; did you mean \"\(m)\"?" }
        report(v.location, path, message)
        return nil
    }

    /// `[x, y]` of plain numbers.
    mutating func point(_ v: JSONValue, _ path: JSONPath) -> Point? {
        guard case .array(let items) = v.kind, items.count == 2 else { expected("[x, y]", v, path); return nil }
        let x = number(items[0], path.index(0)), y = number(items[1], path.index(1))
        guard let x, let y else { return nil }
        return Point(x, y)
    }

    mutating func color(_ v: JSONValue, _ path: JSONPath) -> Color? {
        switch v.kind {
        case .string(let s):
            if let c = ColorLiteral.parse(s) { return c }
            var message = "expected a colour (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or a name), found \(v.summary)"
            if !s.hasPrefix("#"), let m = NameSuggestion.closest(to: s, in: ColorLiteral.names.map(\.name)) {
                message += "; did you mean \"\(m)\"?"
            }
            report(v.location, path, message)
            return nil
        case .object:
            guard let f = object(v, path) else { return nil }
            f.checkKeys(.color, into: &self)
            func component(_ d: inout SceneDecoder, _ key: String, default def: Double?) -> Double? {
                guard let c = f[key] else {
                    if def == nil { d.report(v.location, path, "missing required key \"\(key)\"") }
                    return def
                }
                return d.number(c, path.key(key), atLeast: 0, atMost: 1)
            }
            let r = component(&self, "r", default: nil), g = component(&self, "g", default: nil)
            let b = component(&self, "b", default: nil), a = component(&self, "a", default: 1)
            guard let r, let g, let b, let a else { return nil }
            return Color(r: r, g: g, b: b, a: a)
        default:
            expected("a colour", v, path)
            return nil
        }
    }
}
