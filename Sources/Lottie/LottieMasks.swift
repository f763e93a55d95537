import SceneModel

/// Layer masks (`masksProperties`) as one `mask` node: each mask path
/// filled white at its opacity, combined in order — added (a group of
/// both), subtracted (the masks so far, masked by the inverse of this one),
/// intersected (masked by this one), or lightened, darkened or differenced
/// (After Effects' highest, lowest, and difference of the two masks'
/// values: each drawn opaque in grey levels, the second blended over the
/// first, the result read as a luminance mask); an inverted mask is a
/// full-size rectangle with the path cut out. Expansion (`x`) grows or
/// shrinks the mask by a stroke of its outline; feather (`f`) blurs it.
extension LottieReader {
    private static let everything: SceneJSON = .object([("type", .string("rect")), ("size", .point(1e5, 1e5)), ("position", .point(0, 0))])
    /// Blend modes of the mask modes that compare values (`l`, `d`, `f`).
    private static let comparing = ["l": "lighten", "d": "darken", "f": "difference"]

    mutating func mask(_ v: JSONValue, _ path: JSONPath, _ time: LottieTime, _ label: String) -> [(String, SceneJSON)]? {
        var combined: SceneJSON?
        func group(_ children: [SceneJSON], mask: SceneJSON? = nil, mode: String? = nil) -> SceneJSON {
            var keys: [(String, SceneJSON)] = [("type", .string("group")), ("children", .array(children))]
            if let mask { keys.append(("mask", mask)) }
            if let mode { keys.append(("maskMode", .string(mode))) }
            return .object(keys)
        }
        for (i, m) in array(v, path).enumerated() {
            let p = path.index(i)
            let mode = string(m["mode"], p.key("mode")) ?? "a"
            if mode == "n" { continue }
            guard let shape = property(m["pt"], p.key("pt"), "\(label) mask", decode: { r, v, p in r.bezier(v, p) }) else {
                error(m, p, "\(label): a mask needs a path (\"pt\")"); continue
            }
            let paint = LottiePaint(ink: .color(LottieProperty(constant: [1, 1, 1])), opacity: vector(m["o"], p.key("o"), "\(label) mask opacity"))
            let geometry = [LottieGeometry(source: .path(shape))]
            var node = group(paintNodes(paint, geometry, time, p))
            if let x = vector(m["x"], p.key("x"), "\(label) mask expansion"), x.isAnimated || (x.first.first ?? 0) != 0 {
                node = expanded(node, by: x, paint, geometry, time, p)
            }
            if let f = vector(m["f"], p.key("f"), "\(label) mask feather"), f.isAnimated || (f.first.first ?? 0) != 0 {
                node = group([node]).with("blur", f.scene(0, time) { max($0, 0) / 2 })
            }
            if m["inv"]?.kind == .bool(true) { node = group([Self.everything], mask: node, mode: "invertedAlpha") }
            // A mask's value as an opaque grey: black, and white where the mask is.
            func grey(_ mask: SceneJSON) -> SceneJSON {
                group([Self.everything.with("fill", .string("black")), group([Self.everything.with("fill", .string("white"))], mask: mask)])
            }
            switch mode {
            case "s": combined = group([combined ?? Self.everything], mask: node, mode: "invertedAlpha")
            case "i": combined = combined.map { group([$0], mask: node) } ?? node
            case "l", "d", "f":
                let blended = combined.map { group([grey($0), grey(node).with("blend", .string(Self.comparing[mode]!))]) }
                combined = blended.map { group([Self.everything.with("fill", .string("white"))], mask: $0, mode: "luminance") } ?? node
            default:
                if mode != "a" { warning(m["mode"], p.key("mode"), "\(label): mask mode \"\(mode)\" is not supported; the mask is added") }
                combined = combined.map { group([$0, node]) } ?? node
            }
        }
        return combined.map { [("mask", $0)] }
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
