import Animation
import Geometry

/// Readers for layers (nodes).
extension SceneDecoder {
    static let shapeKeys = ["fill", "stroke", "strokeBorder", "trim", "inset", "fillRule"]
    /// Node types and the keys each takes beyond the common ones.
    static let nodeKeys: [(type: String, keys: [String])] = [
        ("rect", ["size", "cornerRadius"] + shapeKeys),
        ("circle", ["radius", "size"] + shapeKeys),
        ("ellipse", ["size"] + shapeKeys),
        ("capsule", ["size"] + shapeKeys),
        ("arc", ["size", "startAngle", "endAngle", "counterclockwise"] + shapeKeys),
        ("line", ["from", "to"] + shapeKeys),
        ("polygon", ["points"] + shapeKeys),
        ("path", ["d"] + shapeKeys),
        ("shape", ["shapes"] + shapeKeys),
        ("group", ["children", "size"]),
        ("image", ["image", "size", "contentMode"]),
        ("video", ["video", "size", "contentMode", "begin", "in", "out", "rate", "loop", "audio"]),
        ("text", ["text", "font", "size", "weight", "color", "fill", "stroke", "align", "width", "lineSpacing", "tracking", "trim", "animators", "glyphs"]),
        ("emitter", emitterKeys),
        ("use", useKeys),
        ("sequence", sequenceKeys),
        ("hstack", stackKeys),
        ("vstack", stackKeys),
        ("zstack", stackKeys),
        ("replicator", replicatorKeys),
    ]
    /// Node types that are not shapes (everything else can be a clip or a
    /// part of a compound shape).
    static let nonShapeTypes = ["group", "image", "video", "text", "emitter", "use", "sequence", "hstack", "vstack", "zstack", "replicator"]
    static let commonNodeKeys = ["type", "id", "position", "motion", "anchor", "offset", "scale", "rotation", "skew", "rotation3D",
                                 "opacity", "blend", "shadow", "blur", "backdrop", "visible", "clip", "mask", "maskMode", "matte"]
        + ColorFilter.keys

    /// A list of sibling nodes. A node with a `matte` takes the node just
    /// before it as its track matte, which is then not drawn in the list.
    /// A `forEach` adds its copies in its place.
    mutating func nodes(_ v: JSONValue, _ path: JSONPath) -> [Node] {
        guard case .array(let items) = v.kind else { expected("an array of layers", v, path); return [] }
        var decoded: [Node?] = []
        var copies: [Int: [Node]] = [:]
        for (i, item) in items.enumerated() {
            if Self.isForEach(item) {
                copies[i] = forEach(item, path.index(i))
                decoded.append(nil)
                continue
            }
            let before = i > 0 ? Sibling(items[i - 1], decoded[i - 1]) : nil
            var node = self.node(item, path.index(i), before: before)
            if let mode = matteTaken, let matte = decoded[i - 1] {
                node?.effects.mask = NodeMask(.matte(matte), mode: mode)
            }
            matteTaken = nil
            decoded.append(node)
        }
        return decoded.indices.flatMap { i -> [Node] in
            if let c = copies[i] { return c }
            if i + 1 < decoded.count, case .matte? = decoded[i + 1]?.effects.mask?.source { return [] }
            return decoded[i].map { [$0] } ?? []
        }
    }

    /// The keys a node of `type` takes: the common ones (but `skew` and
    /// `motion`, for an emitter, whose placement places where particles are
    /// born rather than transforming a drawing) and its type's own.
    static func keys(ofNode type: String) -> [String] {
        let own = nodeKeys.first { $0.type == type }?.keys ?? []
        return (type == "emitter" ? commonNodeKeys.filter { $0 != "skew" && $0 != "motion" } : commonNodeKeys) + own
    }

    /// Checks `type` against the known node types; nil after reporting.
    private mutating func nodeType(_ f: ObjectFields, _ path: JSONPath, allowed: [String]) -> String? {
        guard let typeValue = f["type"] else {
            report(f.value.location, path, "missing required key \"type\" (one of \(allowed.joined(separator: ", ")))")
            return nil
        }
        guard case .string(let type) = typeValue.kind, allowed.contains(type) else {
            var message = "expected a node type (\(allowed.joined(separator: ", "))), found \(typeValue.summary)"
            if case .string("forEach") = typeValue.kind {
                message = "a forEach stands in a list of nodes (layers, children), and this place takes one node"
            } else if case .string(let s) = typeValue.kind, let m = NameSuggestion.closest(to: s, in: allowed) {
                message += "; did you mean \"\(m)\"?"
            }
            report(typeValue.location, path.key("type"), message)
            return nil
        }
        return type
    }

    /// One node; `before` is the sibling just before it, which its `matte`
    /// may name (nil for the first of a list, and for a `mask`): a valid
    /// matte sets `matteTaken` for `nodes` to attach (the sibling is not
    /// passed down: a node is large, and the decoder recurses through here).
    mutating func node(_ v: JSONValue, _ path: JSONPath, before: Sibling? = nil) -> Node? {
        guard let f = object(v, path), enterNode(v, path) else { return nil }
        defer { leaveNesting() }
        guard let type = nodeType(f, path, allowed: Self.nodeKeys.map(\.type)) else { return nil }
        f.checkKeys(allowed: Self.keys(ofNode: type), context: "a node of type \"\(type)\"", into: &self)

        var fields = Fields(f, path)
        let id = fields.read(&self, "id") { d, v, p in d.string(v, p) }
        let placement = self.placement(&fields)
        let opacity = fields.read(&self, "opacity") { d, v, p in d.animatedNumber(v, p, atLeast: 0, atMost: 1) }
            ?? .constant(1)
        let visible = fields.read(&self, "visible") { d, v, p in d.animated(v, p) { d, v, p in d.bool(v, p) } }
            ?? .constant(true)
        let effects = self.effects(&fields)
        let matte = fields.read(&self, "matte") { d, v, p in d.matte(v, p, before: before) }

        let kind: NodeKind?
        if type == "group" {
            let children = fields.read(&self, "children") { d, v, p in d.nodes(v, p) } ?? []
            let size = fields.read(&self, "size") { d, v, p in d.animatedPair(v, p, atLeast: 0) }
            kind = .group(children: children, size: size)
        } else if type == "image" {
            let name = required(f, "image", path) { d, v, p in d.imageName(v, p) }
            let size = fields.read(&self, "size") { d, v, p in d.animatedPair(v, p, atLeast: 0) }
            let mode = fields.read(&self, "contentMode") { d, v, p in d.word(v, p, as: ContentMode.self) }
            if name == nil { fields.ok = false }
            kind = name.map { .image(ImageNode(name: $0, size: size, contentMode: mode)) }
        } else if type == "video" {
            kind = video(&fields).map { .video($0) }
        } else if type == "text" {
            kind = text(&fields).map { .text($0) }
        } else if type == "emitter" {
            kind = emitter(&fields).map { .emitter($0) }
        } else if type == "use" {
            kind = use(&fields).map { .timed($0) }
        } else if type == "sequence" {
            kind = sequence(&fields).map { .sequence($0) }
        } else if let axis = StackNode.Axis(rawValue: type) {
            kind = stack(axis, &fields).map { .stack($0) }
        } else if type == "replicator" {
            kind = replicator(&fields).map { .replicator($0) }
        } else {
            kind = shape(type, &fields).map { .shape($0) }
        }
        guard fields.ok, let kind else { return nil }
        matteTaken = matte
        return Node(id: id, kind: kind, placement: placement, opacity: opacity, visible: visible, effects: effects)
    }

    /// `position`, `anchor`, `offset`, `scale`, `rotation`, `skew`, `rotation3D`, `motion`.
    private mutating func placement(_ fields: inout Fields) -> Placement {
        var p = Placement()
        p.position = fields.read(&self, "position") { d, v, p in d.animatedPair(v, p) }
        p.anchor = fields.read(&self, "anchor") { d, v, p in d.point(v, p) } ?? Point(0.5, 0.5)
        p.offset = fields.read(&self, "offset") { d, v, p in d.animatedPair(v, p) }
        p.scale = fields.read(&self, "scale") { d, v, p in d.animatedScale(v, p) } ?? .constant(1, 1)
        p.rotation = fields.read(&self, "rotation") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
        p.skew = fields.read(&self, "skew") { d, v, p in d.animatedPair(v, p) }
        p.motion = motion(&fields)
        p.rotation3D = fields.read(&self, "rotation3D") { d, v, p in d.rotation3D(v, p) }
        return p
    }

    private mutating func effects(_ fields: inout Fields) -> NodeEffects {
        var e = NodeEffects()
        e.blend = fields.read(&self, "blend") { d, v, p in
            if case .string(let name) = v.kind, let mode = BlendMode(sceneName: name) { return mode }
            return d.word(v, p, as: BlendMode.self)
        } ?? .normal
        e.blur = fields.read(&self, "blur") { d, v, p in d.animatedNumber(v, p, atLeast: 0) }
        e.shadow = fields.read(&self, "shadow") { d, v, p in d.shadow(v, p) }
        e.backdrop = fields.read(&self, "backdrop") { d, v, p in d.backdrop(v, p) }
        e.clip = fields.read(&self, "clip") { d, v, p in d.clipShape(v, p) }
        e.mask = mask(&fields)
        e.colorFilters = colorFilters(&fields)
        return e
    }

    /// Keys a shape takes as a clip or a part of a `shape`: its outline and
    /// paint keys and its placement.
    static let placedShapeKeys = ["type", "position", "motion", "anchor", "offset", "scale", "rotation", "skew"]

    /// A shape node used as a clip or a part of a `shape`.
    private mutating func clipShape(_ v: JSONValue, _ path: JSONPath) -> PlacedShape? {
        guard let f = object(v, path), enterNode(v, path) else { return nil }
        defer { leaveNesting() }
        let shapeTypes = Self.nodeKeys.map(\.type).filter { !Self.nonShapeTypes.contains($0) }
        guard let type = nodeType(f, path, allowed: shapeTypes) else { return nil }
        let entry = Self.nodeKeys.first { $0.type == type }!
        f.checkKeys(allowed: Self.placedShapeKeys + entry.keys, context: "a \"\(type)\" shape", into: &self)
        var fields = Fields(f, path)
        let placement = self.placement(&fields)
        let s = shape(type, &fields)
        guard fields.ok, let s else { return nil }
        return PlacedShape(shape: s, placement: placement)
    }

    private mutating func shape(_ type: String, _ fields: inout Fields) -> ShapeNode? {
        let f = fields.object, path = fields.path
        func size(_ d: inout SceneDecoder, _ fields: inout Fields) -> AnimatedPair? {
            d.required(f, "size", path) { d, v, p in d.animatedPair(v, p, atLeast: 0) }
        }
        let geometry: ShapeGeometry?
        switch type {
        case "rect":
            let s = size(&self, &fields)
            let radii = fields.read(&self, "cornerRadius") { d, v, p in d.cornerRadii(v, p) }
                ?? Array(repeating: .constant(0), count: 4)
            geometry = s.map { .rect(size: $0, cornerRadii: radii) }
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
        case "ellipse": geometry = size(&self, &fields).map { .ellipse(size: $0) }
        case "capsule": geometry = size(&self, &fields).map { .capsule(size: $0) }
        case "arc":
            let s = size(&self, &fields)
            let start = fields.read(&self, "startAngle") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
            let end = required(f, "endAngle", path) { d, v, p in d.animatedNumber(v, p) }
            let ccw = fields.read(&self, "counterclockwise") { d, v, p in d.bool(v, p) } ?? false
            geometry = s.flatMap { s in end.map { .arc(size: s, startAngle: start, endAngle: $0, counterclockwise: ccw) } }
        case "line":
            let from = required(f, "from", path) { d, v, p in d.animatedPair(v, p) }
            let to = required(f, "to", path) { d, v, p in d.animatedPair(v, p) }
            geometry = from.flatMap { from in to.map { .line(from: from, to: $0) } }
        case "polygon":
            geometry = required(f, "points", path) { d, v, p in d.points(v, p) }.map { .polygon(points: $0) }
        case "path":
            geometry = required(f, "d", path) { d, v, p in d.animatedPath(v, p) }.map { .path($0) }
        default: // "shape"
            geometry = required(f, "shapes", path) { d, v, p in d.shapeList(v, p) }.map { .compound($0) }
        }
        if geometry == nil { fields.ok = false }
        var shape = ShapeNode(geometry: geometry ?? .path(.constant(Path())))
        shape.fill = fields.read(&self, "fill") { d, v, p in d.paint(v, p) }
        shape.stroke = fields.read(&self, "stroke") { d, v, p in d.stroke(v, p) }
        shape.strokeBorder = fields.read(&self, "strokeBorder") { d, v, p in d.stroke(v, p) }
        shape.trim = fields.read(&self, "trim") { d, v, p in d.trim(v, p) }
        shape.inset = fields.read(&self, "inset") { d, v, p in d.animatedNumber(v, p) }
        shape.fillRule = fields.read(&self, "fillRule") { d, v, p in d.word(v, p, as: FillRule.self) } ?? .nonzero
        return geometry == nil ? nil : shape
    }

    private mutating func shapeList(_ v: JSONValue, _ path: JSONPath) -> [PlacedShape]? {
        guard case .array(let items) = v.kind, !items.isEmpty else { expected("a non-empty array of shapes", v, path); return nil }
        let shapes = items.enumerated().map { clipShape($1, path.index($0)) }
        return shapes.contains { $0 == nil } ? nil : shapes.map { $0! }
    }

    private mutating func points(_ v: JSONValue, _ path: JSONPath) -> [AnimatedPair]? {
        guard case .array(let items) = v.kind, items.count >= 2 else { expected("an array of at least 2 points", v, path); return nil }
        let pts = items.enumerated().map { animatedPair($1, path.index($0)) }
        return pts.contains { $0 == nil } ? nil : pts.map { $0! }
    }

    mutating func svgPath(_ v: JSONValue, _ path: JSONPath) -> Path? {
        guard let s = string(v, path) else { return nil }
        do {
            return try Path(svgData: s, maxSegments: Self.maxPathSegments)
        } catch {
            if case .tooManySegments = error.reason {
                report(v.location, path, Self.overLimit("path data of more than \(Self.maxPathSegments) segments",
                                                        limit: "\(Self.maxPathSegments) segments per path"))
                return nil
            }
            // Point at the character within the string (the opening quote is one column).
            let at = SourceLocation(line: v.location.line, column: v.location.column + 1 + error.offset)
            report(at, path, "invalid path data: \(error.message)")
            return nil
        }
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

    mutating func trim(_ v: JSONValue, _ path: JSONPath) -> (from: Animated<Double>, to: Animated<Double>)? {
        guard case .array(let items) = v.kind, items.count == 2 else { expected("[from, to]", v, path); return nil }
        let from = animatedNumber(items[0], path.index(0)), to = animatedNumber(items[1], path.index(1))
        guard let from, let to else { return nil }
        return (from, to)
    }

    mutating func bool(_ v: JSONValue, _ path: JSONPath) -> Bool? {
        guard case .bool(let b) = v.kind else { expected("true or false", v, path); return nil }
        return b
    }
}

/// Reads optional members of one object and remembers whether any failed.
struct Fields {
    let object: ObjectFields
    let path: JSONPath
    var ok = true

    init(_ object: ObjectFields, _ path: JSONPath) {
        self.object = object
        self.path = path
    }

    mutating func read<T>(_ d: inout SceneDecoder, _ key: String, _ r: SceneDecoder.Reader<T>) -> T? {
        guard let value = object[key] else { return nil }
        let result = r(&d, value, path.key(key))
        if result == nil { ok = false }
        return result
    }
}
