import SceneModel

/// Layer masks (`masksProperties`) as one `mask` node: each mask path
/// filled white at its opacity, combined in order — added (a group of
/// both), subtracted (the masks so far, masked by the inverse of this one)
/// or intersected (masked by this one); an inverted mask is a full-size
/// rectangle with the path cut out.
extension LottieReader {
    private static let everything: SceneJSON = .object([("type", .string("rect")), ("size", .point(1e5, 1e5)), ("position", .point(0, 0))])

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
            for key in ["x", "f"] where vector(m[key], p.key(key), "\(label) mask")?.first.contains(where: { $0 != 0 }) == true {
                warning(m[key], p.key(key), "\(label): mask \(key == "x" ? "expansion" : "feather") is not supported yet")
            }
            let paint = LottiePaint(ink: .color(LottieProperty(constant: [1, 1, 1])), opacity: vector(m["o"], p.key("o"), "\(label) mask opacity"))
            var node = group(paintNodes(paint, [LottieGeometry(source: .path(shape))], time, p))
            if m["inv"]?.kind == .bool(true) { node = group([Self.everything], mask: node, mode: "invertedAlpha") }
            switch mode {
            case "s": combined = group([combined ?? Self.everything], mask: node, mode: "invertedAlpha")
            case "i": combined = combined.map { group([$0], mask: node) } ?? node
            default:
                if mode != "a" { warning(m["mode"], p.key("mode"), "\(label): mask mode \"\(mode)\" is not supported yet; the mask is added") }
                combined = combined.map { group([$0, node]) } ?? node
            }
        }
        return combined.map { [("mask", $0)] }
    }
}
