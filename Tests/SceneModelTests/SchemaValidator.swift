import Foundation
@testable import SceneModel

/// A small JSON Schema (draft 2020-12) validator for the keywords Reel's
/// schema uses — enough to check the bundled scenes against it in tests
/// without an outside package: $ref (local), type, const, enum, properties,
/// additionalProperties, required, items, prefixItems, minItems, maxItems,
/// minimum, maximum, exclusiveMinimum, pattern, anyOf.
struct SchemaValidator {
    let root: JSONValue

    init(schema: JSONValue) { root = schema }

    /// Problems found, as "JSON path: keyword" lines; empty when valid.
    func validate(_ value: JSONValue) -> [String] {
        var problems: [String] = []
        check(value, against: root, path: "$", into: &problems)
        return problems
    }

    static func member(_ v: JSONValue, _ key: String) -> JSONValue? {
        guard case .object(let members) = v.kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Follows a `#/a/b` pointer from the root.
    func resolve(_ pointer: String) -> JSONValue? {
        var node: JSONValue? = root
        for part in pointer.dropFirst(2).split(separator: "/") {
            guard let n = node else { return nil }
            if case .array(let items) = n.kind, let i = Int(part), i < items.count { node = items[i] } else { node = Self.member(n, String(part)) }
        }
        return node
    }

    private func check(_ v: JSONValue, against s: JSONValue, path: String, into problems: inout [String]) {
        func fail(_ keyword: String) { problems.append("\(path): \(keyword)") }
        if case .bool(let b) = s.kind { if !b { fail("false schema") }; return }
        if let r = Self.member(s, "$ref"), case .string(let pointer) = r.kind {
            guard let target = resolve(pointer) else { return fail("unresolved \(pointer)") }
            check(v, against: target, path: path, into: &problems)
        }
        if let t = Self.member(s, "type"), case .string(let type) = t.kind, !Self.has(type: type, v) { fail("type \(type)") }
        if let c = Self.member(s, "const"), !Self.equal(c, v) { fail("const") }
        if let e = Self.member(s, "enum"), case .array(let options) = e.kind, !options.contains(where: { Self.equal($0, v) }) { fail("enum") }
        if case .number(let n) = v.kind {
            if let m = Self.member(s, "minimum"), case .number(let x) = m.kind, n < x { fail("minimum") }
            if let m = Self.member(s, "maximum"), case .number(let x) = m.kind, n > x { fail("maximum") }
            if let m = Self.member(s, "exclusiveMinimum"), case .number(let x) = m.kind, n <= x { fail("exclusiveMinimum") }
        }
        if case .string(let str) = v.kind, let p = Self.member(s, "pattern"), case .string(let pattern) = p.kind,
           str.range(of: pattern, options: .regularExpression) == nil { fail("pattern") }
        if case .array(let items) = v.kind {
            var prefix = 0
            if let pi = Self.member(s, "prefixItems"), case .array(let schemas) = pi.kind {
                prefix = schemas.count
                for (i, item) in items.prefix(prefix).enumerated() { check(item, against: schemas[i], path: "\(path)[\(i)]", into: &problems) }
            }
            if let it = Self.member(s, "items") {
                for (i, item) in items.enumerated().dropFirst(prefix) { check(item, against: it, path: "\(path)[\(i)]", into: &problems) }
            }
            if let m = Self.member(s, "minItems"), case .number(let x) = m.kind, Double(items.count) < x { fail("minItems") }
            if let m = Self.member(s, "maxItems"), case .number(let x) = m.kind, Double(items.count) > x { fail("maxItems") }
        }
        if case .object(let members) = v.kind {
            let properties = Self.member(s, "properties")
            for m in members {
                if let p = properties.flatMap({ Self.member($0, m.key) }) {
                    check(m.value, against: p, path: "\(path).\(m.key)", into: &problems)
                } else if let extra = Self.member(s, "additionalProperties") {
                    check(m.value, against: extra, path: "\(path).\(m.key)", into: &problems)
                }
            }
            if let r = Self.member(s, "required"), case .array(let names) = r.kind {
                for n in names { if case .string(let k) = n.kind, !members.contains(where: { $0.key == k }) { fail("required \(k)") } }
            }
        }
        if let a = Self.member(s, "anyOf"), case .array(let options) = a.kind {
            let matched = options.contains { o in
                var p: [String] = []
                check(v, against: o, path: path, into: &p)
                return p.isEmpty
            }
            if !matched { fail("anyOf") }
        }
    }

    static func has(type: String, _ v: JSONValue) -> Bool {
        switch (type, v.kind) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
             ("number", .number): return true
        case ("integer", .number(let n)): return n == n.rounded()
        default: return false
        }
    }

    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a.kind, b.kind) {
        case let (.string(x), .string(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }
}
