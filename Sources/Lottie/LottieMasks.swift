import SceneModel

/// Layer masks (`masksProperties`) as one `mask` node: each mask path
/// filled white at its opacity, combined in order — added (a group of
/// both), subtracted (the masks so far, masked by the inverse of this one)
/// or intersected (masked by this one); when a mask lightens, darkens or
/// differences (After Effects' highest, lowest, and difference of two
/// masks' values), every mask is drawn as an opaque grey layer blended
/// over the ones before it by its mode, the whole read as a luminance
/// mask, so a long chain nests no deeper than one mask. An inverted mask
/// is a full-size rectangle with the path cut out. Expansion (`x`) grows or
/// shrinks the mask by a stroke of its outline; feather (`f`) blurs it.
extension LottieReader {
    private static let everything: SceneJSON = .object([("type", .string("rect")), ("size", .point(1e5, 1e5)), ("position", .point(0, 0))])
    /// The mask modes that compare values (lighten, darken, difference).
    private static let comparing: Set = ["l", "d", "f"]
    /// How each mode combines two masks' values drawn as opaque greys a, b:
    /// add a + b − ab (screen, as an alpha mask over another), subtract
    /// a(1 − b) (b drawn inverted), intersect ab, lighten max, darken min,
    /// difference |a − b|.
    private static let greyBlends = ["a": "screen", "s": "multiply", "i": "multiply", "l": "lighten", "d": "darken", "f": "difference"]

    mutating func mask(_ v: JSONValue, _ path: JSONPath, _ time: LottieTime, _ label: String) -> [(String, SceneJSON)]? {
        var masks: [(mode: String, node: SceneJSON, source: JSONValue?, path: JSONPath)] = []
        for (i, m) in array(v, path).enumerated() {
            let p = path.index(i)
            let mode = string(m["mode"], p.key("mode")) ?? "a"
            if mode == "n" { continue }
            guard let shape = property(m["pt"], p.key("pt"), "\(label) mask", decode: { r, v, p in r.bezier(v, p) }) else {
                error(m, p, "\(label): a mask needs a path (\"pt\")"); continue
            }
            let paint = LottiePaint(ink: .color(LottieProperty(constant: [1, 1, 1])), opacity: vector(m["o"], p.key("o"), "\(label) mask opacity"))
            let geometry = [LottieGeometry(source: .path(shape))]
            var node = Self.group(paintNodes(paint, geometry, time, p))
            if let x = vector(m["x"], p.key("x"), "\(label) mask expansion"), x.isAnimated || (x.first.first ?? 0) != 0 {
                node = expanded(node, by: x, paint, geometry, time, p)
            }
            if let f = vector(m["f"], p.key("f"), "\(label) mask feather"), f.isAnimated || (f.first.first ?? 0) != 0 {
                node = Self.group([node]).with("blur", f.scene(0, time) { max($0, 0) / 2 })
            }
            if m["inv"]?.kind == .bool(true) { node = Self.group([Self.everything], mask: node, mode: "invertedAlpha") }
            masks.append((mode, node, m["mode"], p.key("mode")))
        }
        for m in masks where !Self.greyBlends.keys.contains(m.mode) {
            warning(m.source, m.path, "\(label): mask mode \"\(m.mode)\" is not supported; the mask is added")
        }
        guard let first = masks.first else { return nil }
        // The first mask compares with nothing: whatever its mode (but
        // subtract), it is the mask so far, and the grey layers below give
        // its own values, so it costs them only when a later mask compares.
        guard masks.dropFirst().contains(where: { Self.comparing.contains($0.mode) }) else {
            // Add, subtract and intersect after the first: alpha masks nested in order.
            var combined = first.mode == "s" ? Self.group([Self.everything], mask: first.node, mode: "invertedAlpha") : first.node
            for m in masks.dropFirst() {
                switch m.mode {
                case "s": combined = Self.group([combined], mask: m.node, mode: "invertedAlpha")
                case "i": combined = Self.group([combined], mask: m.node)
                default: combined = Self.group([combined, m.node])
                }
            }
            return [("mask", combined)]
        }
        // Values compared: every mask an opaque grey layer, each blended
        // over the ones before it, the whole read as a luminance mask.
        func grey(_ mask: SceneJSON, inverted: Bool = false) -> SceneJSON {
            let (under, over) = inverted ? ("white", "black") : ("black", "white")
            return Self.group([Self.everything.with("fill", .string(under)), Self.group([Self.everything.with("fill", .string(over))], mask: mask)])
        }
        var layers = [first.mode == "s" ? grey(first.node, inverted: true) : grey(first.node)]
        for m in masks.dropFirst() {
            layers.append(grey(m.node, inverted: m.mode == "s").with("blend", .string(Self.greyBlends[m.mode] ?? "screen")))
        }
        return [("mask", Self.group([Self.everything.with("fill", .string("white"))], mask: Self.group(layers), mode: "luminance"))]
    }

    private static func group(_ children: [SceneJSON], mask: SceneJSON? = nil, mode: String? = nil) -> SceneJSON {
        var keys: [(String, SceneJSON)] = [("type", .string("group")), ("children", .array(children))]
        if let mask { keys.append(("mask", mask)) }
        if let mode { keys.append(("maskMode", .string(mode))) }
        return .object(keys)
    }

    /// The mask `node` grown by `x` points (its outline stroked 2x wide
    /// with round joins, painted with it in one group at its opacity) or
    /// shrunk (the stroke cut from it); the sign of the first value decides.
    private mutating func expanded(_ node: SceneJSON, by x: LottieProperty, _ paint: LottiePaint, _ geometry: [LottieGeometry],
                                   _ time: LottieTime, _ p: JSONPath) -> SceneJSON {
        var opaque = paint
        opaque.opacity = nil
        var outline = opaque
        outline.stroke = [("width", x.scene(0, time) { abs($0) * 2 }), ("join", .string("round"))]
        let stroke = paintNodes(outline, geometry, time, p)
        guard (x.first.first ?? 0) >= 0 else {
            return .object([("type", .string("group")), ("children", .array([node])),
                            ("mask", .object([("type", .string("group")), ("children", .array(stroke))])), ("maskMode", .string("invertedAlpha"))])
        }
        var keys: [(String, SceneJSON)] = [("type", .string("group")), ("children", .array(paintNodes(opaque, geometry, time, p) + stroke))]
        if let opacity = paint.opacity, opacity.isAnimated || opacity.first.first != 100 {
            keys.append(("opacity", opacity.scene(0, time) { min(max($0 / 100, 0), 1) }))
        }
        return .object(keys)
    }
}
