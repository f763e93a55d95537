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

    mutating func shapeGroup(_ items: [JSONValue], _ path: JSONPath, _ time: LottieTime, nextID: inout Int) -> ShapeGroup {
        var group = ShapeGroup()
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
            switch ty {
            case "gr":
                let inner = shapeGroup(array(item["it"], p.key("it")), p.key("it"), time, nextID: &nextID)
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
                if let star = star(item, p, name) { group.geometry.append(LottieGeometry(source: .path(LottieProperty(constant: star.flat)))) }
            case "fl", "st", "gf", "gs":
                guard let paint = paint(item, p, ty, time) else { continue }
                topFirst += paintNodes(paint, group.geometry, time, p)
            case "tm":
                let start = vector(item["s"], p.key("s"), "\(name) start") ?? LottieProperty(constant: [0])
                let end = vector(item["e"], p.key("e"), "\(name) end") ?? LottieProperty(constant: [100])
                let offset = vector(item["o"], p.key("o"), "\(name) offset") ?? LottieProperty(constant: [0])
                if number(item["m"], p.key("m")) == 2, group.geometry.count > 1 {
                    warning(item["m"], p.key("m"), "\(name): trimming paths one after another is not supported yet; each paint trims its paths together")
                }
                let trim = LottieTrim(start: start, end: end, offset: offset)
                if trim.shifts == nil {
                    warning(item, p, "\(name): a trim that wraps around the path more than \(LottieTrim.maxCopies) times is drawn for its first turns only")
                }
                for i in group.geometry.indices { group.geometry[i].trim = trim }
            case "rd":
                let radius = vector(item["r"], p.key("r"), "\(name) radius") ?? LottieProperty(constant: [0])
                for i in group.geometry.indices where group.geometry[i].rounding == nil {
                    switch group.geometry[i].source {
                    case .rect(let position, let size, let r) where !r.isAnimated && r.first.first == 0:
                        group.geometry[i].source = .rect(position: position, size: size, radius: radius)
                    case .rect, .ellipse: break
                    case .path: group.geometry[i].rounding = radius
                    }
                }
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

    private mutating func star(_ item: JSONValue, _ p: JSONPath, _ name: String) -> LottieBezier? {
        let props = ["p", "pt", "or", "ir", "r", "os", "is"].map { ($0, vector(item[$0], p.key($0), "\(name) \($0)")) }
        for (key, prop) in props where prop?.isAnimated == true {
            warning(item[key], p.key(key), "\(name): animated polystars are not supported yet; the first value is used")
        }
        for (key, prop) in props where (key == "os" || key == "is") && (prop?.first.first ?? 0) != 0 {
            warning(item[key], p.key(key), "\(name): polystar roundness is not supported yet; the corners are sharp")
        }
        func value(_ key: String) -> [Double]? { props.first { $0.0 == key }?.1?.first }
        guard let points = value("pt")?.first, let outer = value("or")?.first else {
            error(item, p, "\(name): a polystar needs \"pt\" and \"or\""); return nil
        }
        guard points >= 0, points <= 1000 else { error(item["pt"], p.key("pt"), "\(name): \(JSONValue.format(points)) points; at most 1000"); return nil }
        let c = value("p") ?? [0, 0]
        let isStar = number(item["sy"], p.key("sy")) != 2
        return .star(center: LottieBezier.P(x: c.first ?? 0, y: c.count > 1 ? c[1] : 0), points: Int(points.rounded()),
                     outer: outer, inner: isStar ? value("ir")?.first ?? 0 : nil, rotation: value("r")?.first ?? 0)
    }
}
