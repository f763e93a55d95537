import SceneModel

/// Shape items (a shape layer's `shapes`, a group's `it`) as nodes. Lottie
/// lists items top first, and a paint draws every path above it in its
/// group and the groups inside it; the nodes come out back to front.
extension LottieReader {
    struct ShapeGroup {
        var draws: [SceneJSON] = []
        var geometry: [LottieGeometry] = []
        var transform: LottieTransform?
    }

    /// The most frames a moving path is written out for.
    static let maxSampledFrames = 1200

    mutating func shapeGroup(_ items: [JSONValue], _ path: JSONPath, _ time: LottieTime, trim outerTrim: LottieTrim? = nil,
                             nextID: inout Int) -> ShapeGroup {
        var group = ShapeGroup()
        let trims = trimsBelow(items, path, outer: outerTrim)
        var topFirst: [SceneJSON] = []
        // The nodes of the groups so far, and where the last path item's
        // paths start in `group.geometry`: what a merge takes in.
        var groupDraws: [Int] = []
        var lastPaths = 0
        for (index, item) in items.enumerated() {
            let p = path.index(index)
            guard isObject(item) else { error(item, p, "expected a shape item object, found \(item.summary)"); continue }
            if number(item["hd"], p.key("hd")) == 1 { continue }
            let ty = string(item["ty"], p.key("ty")) ?? ""
            let name = "shape \"\(string(item["nm"], p.key("nm")) ?? ty)\" (\(ty))"
            if ["gr", "sh", "rc", "el", "sr"].contains(ty) { lastPaths = group.geometry.count }
            let pathsBefore = group.geometry.count
            defer {
                if ["sh", "rc", "el", "sr"].contains(ty) {
                    for i in pathsBefore..<group.geometry.count { group.geometry[i].trim = trims[index] }
                }
            }
            switch ty {
            case "gr":
                let inner = shapeGroup(array(item["it"], p.key("it")), p.key("it"), time, trim: trims[index], nextID: &nextID)
                let t = inner.transform ?? LottieTransform()
                nextID += 1
                let id = nextID
                group.geometry += inner.geometry.map { $0.through(t, id: id) }
                let drawn = inner.draws
                guard !drawn.isEmpty else { continue }
                let label = string(item["nm"], p.key("nm"))
                groupDraws.append(topFirst.count)
                if t.isIdentity && !t.hasOpacity {
                    topFirst.append(.object([("type", .string("group"))] + (label.map { [("id", .string($0))] } ?? [])
                                            + [("children", .array(drawn))]))
                } else {
                    topFirst.append(t.node(drawn, time, id: label, opacity: true))
                }
            case "sh":
                guard let shape = property(item["ks"], p.key("ks"), name, decode: { r, v, p in r.bezier(v, p) }) else {
                    if item["ks"] == nil { error(item, p, "\(name): missing required key \"ks\"") }
                    continue
                }
                group.geometry.append(LottieGeometry(source: .path(shape), reversed: number(item["d"], p.key("d")) == 3))
            case "rc", "el":
                let position = vector(item["p"], p.key("p"), "\(name) position") ?? LottieProperty(constant: [0, 0])
                guard let size = vector(item["s"], p.key("s"), "\(name) size") else {
                    error(item, p, "\(name): missing required key \"s\""); continue
                }
                let source: LottieGeometry.Source = ty == "el" ? .ellipse(position: position, size: size)
                    : .rect(position: position, size: size, radius: vector(item["r"], p.key("r"), "\(name) roundness") ?? LottieProperty(constant: [0]))
                group.geometry.append(LottieGeometry(source: source, reversed: number(item["d"], p.key("d")) == 3))
            case "sr":
                if let star = star(item, p, name) { group.geometry.append(LottieGeometry(source: star)) }
            case "fl", "st", "gf", "gs":
                guard let paint = paint(item, p, ty, time) else { continue }
                topFirst += paintNodes(paint, group.geometry, time, p)
            case "tm":
                break // read by `trimsBelow`
            case "rd":
                let radius = vector(item["r"], p.key("r"), "\(name) radius") ?? LottieProperty(constant: [0])
                for i in group.geometry.indices {
                    switch group.geometry[i].source {
                    case .rect(let position, let size, let r) where group.geometry[i].modifiers.isEmpty:
                        if !r.isAnimated && r.first.first == 0 { group.geometry[i].source = .rect(position: position, size: size, radius: radius) }
                    case .ellipse where group.geometry[i].modifiers.isEmpty: break
                    default: group.geometry[i].modifiers.append(.init(kind: .round(radius)))
                    }
                }
            case "pb":
                let amount = vector(item["a"], p.key("a"), "\(name) amount") ?? LottieProperty(constant: [0])
                for i in group.geometry.indices { group.geometry[i].modifiers.append(.init(kind: .pucker(amount))) }
            case "op", "zz":
                guard let kind = pathModifier(item, p, ty, name) else { continue }
                for i in group.geometry.indices { group.geometry[i].modifiers.append(.init(kind: kind)) }
            case "tr":
                group.transform = transform(item, p, name)
            case "mm":
                // The groups above are merged into one outline: their own paints draw nothing.
                for i in groupDraws.reversed() { topFirst.remove(at: i) }
                groupDraws = []
                mergePaths(item, p, name, &group.geometry, last: lastPaths)
            case "rp":
                repeater(item, p, name, time, group: &group, topFirst: &topFirst, nextID: &nextID)
                groupDraws = []
            default:
                warning(item, p, "\(name): shape item \"\(ty)\" is not supported yet and is ignored")
            }
        }
        group.draws = topFirst.reversed()
        return group
    }

    /// The trim of the paths each item draws: the nearest Trim Paths below
    /// it in the group that cuts anything, else `outer` (the trim below the
    /// group; a second trim of the trimmed paths is not drawn). A trim cuts
    /// every path above it, in groups inside its own too, wherever the
    /// paints that draw them are (lottie-ios and lottie-web apply it to the
    /// paths, not the paints).
    private mutating func trimsBelow(_ items: [JSONValue], _ path: JSONPath, outer: LottieTrim?) -> [LottieTrim?] {
        var trims = [LottieTrim?](repeating: nil, count: items.count)
        var current = outer
        for (index, item) in items.enumerated().reversed() {
            trims[index] = current
            let p = path.index(index)
            guard isObject(item), string(item["ty"], p.key("ty")) == "tm", number(item["hd"], p.key("hd")) != 1 else { continue }
            let name = "shape \"\(string(item["nm"], p.key("nm")) ?? "tm")\" (tm)"
            let start = vector(item["s"], p.key("s"), "\(name) start") ?? LottieProperty(constant: [0])
            let end = vector(item["e"], p.key("e"), "\(name) end") ?? LottieProperty(constant: [100])
            let offset = vector(item["o"], p.key("o"), "\(name) offset") ?? LottieProperty(constant: [0])
            let pathsAbove = items[..<index].filter {
                if case .string(let ty)? = $0["ty"]?.kind { ["gr", "sh", "rc", "el", "sr"].contains(ty) } else { false }
            }
            var trim = LottieTrim(start: start, end: end, offset: offset).ordered()
            trim.oneAfterAnother = number(item["m"], p.key("m")) == 2 && pathsAbove.count > 1
            if trim.oneAfterAnother, items[..<index].contains(where: { Self.paints(inside: $0) }) {
                warning(item["m"], p.key("m"), "\(name): trimming paths that different paints draw one after another is not supported yet; each paint trims its own paths one after another")
            }
            // One keeping everything leaves the paths as they are for the trims below it.
            if trim.keepsAll { continue }
            if current != nil {
                warning(item, p, "\(name): a trim below cuts its paths again; they are drawn with this trim alone")
            }
            if trim.shifts == nil {
                warning(item, p, "\(name): a trim that wraps around the path more than \(LottieTrim.maxCopies) times is drawn for its first turns only")
            }
            current = trim
        }
        return trims
    }

    /// Whether a group item holds a paint of its own (in it or in its groups).
    private static func paints(inside item: JSONValue) -> Bool {
        guard case .string("gr")? = item["ty"]?.kind, case .array(let inner)? = item["it"]?.kind else { return false }
        return inner.contains { sub in
            if case .string(let ty)? = sub["ty"]?.kind, ["fl", "st", "gf", "gs"].contains(ty) { return true }
            return paints(inside: sub)
        }
    }

    /// A path value: `{"c", "v", "i", "o"}`, or keyframes' `[{…}]`.
    mutating func bezier(_ v: JSONValue, _ path: JSONPath) -> [Double]? {
        var shape = v, p = path
        if case .array(let items) = v.kind, let first = items.first { shape = first; p = path.index(0) }
        guard isObject(shape) else { error(shape, p, "expected a path object with \"v\", \"i\" and \"o\", found \(shape.summary)"); return nil }
        func points(_ key: String) -> [LottieBezier.P]? {
            var out: [LottieBezier.P] = []
            for (i, item) in array(shape[key], p.key(key)).enumerated() {
                guard let n = numbers(item, p.key(key).index(i)), n.count >= 2 else {
                    error(item, p.key(key).index(i), "expected a point [x, y], found \(item.summary)"); return nil
                }
                out.append(LottieBezier.P(x: n[0], y: n[1]))
            }
            return out
        }
        guard let v = points("v"), let i = points("i"), let o = points("o") else { return nil }
        guard i.count == v.count, o.count == v.count else {
            error(shape, p, "a path needs as many in (\"i\", \(i.count)) and out (\"o\", \(o.count)) tangents as vertices (\"v\", \(v.count))")
            return nil
        }
        let closed = shape["c"].map { $0.kind == .bool(true) || $0.kind == .number(1) } ?? false
        return LottieBezier(closed: closed, v: v, i: i, o: o).flat
    }

    /// Offset Paths (`op`) or Zig Zag (`zz`).
    private mutating func pathModifier(_ item: JSONValue, _ p: JSONPath, _ ty: String, _ name: String) -> LottieGeometry.Modifier.Kind? {
        func property(_ key: String, _ label: String, _ fallback: Double) -> LottieProperty {
            vector(item[key], p.key(key), "\(name) \(label)") ?? LottieProperty(constant: [fallback])
        }
        if ty == "zz" {
            return .zigzag(size: property("s", "size", 0), ridges: property("r", "ridges", 0), smooth: property("pt", "points", 1).first.first == 2)
        }
        let joinNumber = number(item["lj"], p.key("lj")) ?? 1
        guard let join = LottieBezier.LineJoin(rawValue: joinNumber) else {
            error(item["lj"], p.key("lj"), "\(name): line join \(JSONValue.format(joinNumber)); expected 1 (miter), 2 (round) or 3 (bevel)"); return nil
        }
        return .offset(property("a", "amount", 0), join: join, miterLimit: property("ml", "miter limit", 4))
    }

    private mutating func star(_ item: JSONValue, _ p: JSONPath, _ name: String) -> LottieGeometry.Source? {
        func property(_ key: String) -> LottieProperty? { vector(item[key], p.key(key), "\(name) \(key)") }
        guard let points = property("pt"), let outer = property("or") else {
            error(item, p, "\(name): a polystar needs \"pt\" and \"or\""); return nil
        }
        if let first = points.first.first, !(0...LottieBezier.maxStarPoints).contains(first) {
            error(item["pt"], p.key("pt"), "\(name): \(JSONValue.format(first)) points; at most \(JSONValue.format(LottieBezier.maxStarPoints))"); return nil
        }
        let isStar = number(item["sy"], p.key("sy")) != 2
        let roundness = (isStar ? ["os", "is"] : ["os"]).map { property($0) ?? LottieProperty(constant: [0]) }
        return .star(position: property("p") ?? LottieProperty(constant: [0, 0]), points: points, outer: outer,
                     inner: isStar ? property("ir") ?? LottieProperty(constant: [0]) : nil, rotation: property("r") ?? LottieProperty(constant: [0]),
                     roundness: roundness)
    }
}
