import Animation
import Geometry

/// Readers for layers (nodes).
extension SceneDecoder {
    /// Node types and the keys each takes beyond the common ones.
    static let nodeKeys: [(type: String, keys: [String])] = [
        ("rect", ["size", "cornerRadius", "fill"]),
        ("circle", ["radius", "size", "fill"]),
        ("ellipse", ["size", "fill"]),
        ("group", ["children", "size"]),
    ]
    static let commonNodeKeys = ["type", "id", "position", "anchor", "offset", "scale", "rotation", "opacity"]

    mutating func nodes(_ v: JSONValue, _ path: JSONPath) -> [Node] {
        guard case .array(let items) = v.kind else { expected("an array of layers", v, path); return [] }
        return items.enumerated().compactMap { node($1, path.index($0)) }
    }

    mutating func node(_ v: JSONValue, _ path: JSONPath) -> Node? {
        guard let f = object(v, path) else { return nil }
        let types = Self.nodeKeys.map(\.type)
        guard let typeValue = f["type"] else {
            report(v.location, path, "missing required key \"type\" (one of \(types.joined(separator: ", ")))")
            return nil
        }
        guard case .string(let type) = typeValue.kind, let entry = Self.nodeKeys.first(where: { $0.type == type }) else {
            var message = "expected a node type (\(types.joined(separator: ", "))), found \(typeValue.summary)"
            if case .string(let s) = typeValue.kind, let m = Suggestion.closest(to: s, in: types) {
                message += "; did you mean \"\(m)\"?"
            }
            report(typeValue.location, path.key("type"), message)
            return nil
        }
        f.checkKeys(allowed: Self.commonNodeKeys + entry.keys, context: "a node of type \"\(type)\"", into: &self)

        var ok = true
        func read<T>(_ d: inout SceneDecoder, _ key: String, _ r: Reader<T>) -> T? {
            guard let value = f[key] else { return nil }
            let result = r(&d, value, path.key(key))
            if result == nil { ok = false }
            return result
        }
        let id = read(&self, "id") { d, v, p in d.string(v, p) }
        let position = read(&self, "position") { d, v, p in d.animatedPair(v, p) }
        let anchor = read(&self, "anchor") { d, v, p in d.point(v, p) } ?? Point(0.5, 0.5)
        let offset = read(&self, "offset") { d, v, p in d.animatedPair(v, p) }
        let scale = read(&self, "scale") { d, v, p in d.animatedScale(v, p) } ?? .constant(1, 1)
        let rotation = read(&self, "rotation") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
        let opacity = read(&self, "opacity") { d, v, p in d.animated(v, p) { d, v, p in d.number(v, p, atLeast: 0, atMost: 1) } }
            ?? .constant(1)

        let kind: NodeKind?
        switch type {
        case "group":
            let children = read(&self, "children") { d, v, p in d.nodes(v, p) } ?? []
            let size = read(&self, "size") { d, v, p in d.animatedPair(v, p, atLeast: 0) }
            kind = .group(children: children, size: size)
        default:
            kind = shape(type, f, path, &ok)
        }
        guard ok, let kind else { return nil }
        return Node(id: id, kind: kind, position: position, anchor: anchor, offset: offset,
                    scale: scale, rotation: rotation, opacity: opacity)
    }

    private mutating func shape(_ type: String, _ f: ObjectFields, _ path: JSONPath, _ ok: inout Bool) -> NodeKind? {
        func size(_ d: inout SceneDecoder) -> AnimatedPair? {
            d.required(f, "size", path) { d, v, p in d.animatedPair(v, p, atLeast: 0) }
        }
        let geometry: ShapeGeometry?
        switch type {
        case "rect":
            let s = size(&self)
            var radii: [Animated<Double>]? = Array(repeating: .constant(0), count: 4)
            if let r = f["cornerRadius"] { radii = cornerRadii(r, path.key("cornerRadius")) }
            geometry = s.flatMap { s in radii.map { .rect(size: s, cornerRadii: $0) } }
        case "circle":
            switch (f["radius"], f["size"]) {
            case let (r?, nil): geometry = animatedNumber(r, path.key("radius"), atLeast: 0).map { .circle(.radius($0)) }
            case let (nil, s?): geometry = animatedPair(s, path.key("size"), atLeast: 0).map { .circle(.size($0)) }
            case (nil, nil):
                report(f.value.location, path, "a circle needs \"radius\" or \"size\"")
                geometry = nil
            default:
                report(f.value.location, path, "a circle takes \"radius\" or \"size\", not both")
                geometry = nil
            }
        default:
            geometry = size(&self).map { .ellipse(size: $0) }
        }
        let fill = f["fill"].map { paint($0, path.key("fill")) }
        if geometry == nil || fill.map({ $0 == nil }) == true { ok = false }
        guard let geometry else { return nil }
        return .shape(ShapeNode(geometry: geometry, fill: fill ?? nil))
    }

    /// One radius for all corners, or [top-left, top-right, bottom-right, bottom-left].
    private mutating func cornerRadii(_ v: JSONValue, _ path: JSONPath) -> [Animated<Double>]? {
        if case .array(let items) = v.kind {
            guard items.count == 4 else { expected("a radius or [topLeft, topRight, bottomRight, bottomLeft]", v, path); return nil }
            let radii = items.enumerated().map { animatedNumber($1, path.index($0), atLeast: 0) }
            return radii.contains { $0 == nil } ? nil : radii.map { $0! }
        }
        return animatedNumber(v, path, atLeast: 0).map { Array(repeating: $0, count: 4) }
    }

    mutating func paint(_ v: JSONValue, _ path: JSONPath) -> Paint? {
        animatedColor(v, path).map { .color($0) }
    }
}
