import Determinism
import SceneModel

/// A layer's `ks` or a shape group's `tr`: anchor, position (or separate x
/// and y), scale in percent, rotation, opacity in percent and skew.
struct LottieTransform {
    var anchor: LottieProperty?
    var position: LottieProperty?
    var positionX: LottieProperty?
    var positionY: LottieProperty?
    var scale: LottieProperty?
    var rotation: LottieProperty?
    var opacity: LottieProperty?
    var skew: LottieProperty?
    var skewAxis: LottieProperty?

    /// The affine map [a, b, c, d, tx, ty] when nothing moves and there is
    /// no skew: translate(p) · rotate · scale · translate(−a).
    var matrix: [Double]? {
        let parts = [anchor, position, positionX, positionY, scale, rotation, skew]
        guard !parts.contains(where: { $0?.isAnimated == true }), (skew?.first.first ?? 0) == 0 else { return nil }
        let a = anchor?.first ?? [0, 0]
        let p = positionX.map { [$0.first[0], positionY?.first[0] ?? 0] } ?? position?.first ?? [0, 0]
        let s = scale?.first ?? [100, 100]
        let turn = DeterministicMath.sinCos(degrees: rotation?.first[0] ?? 0)
        let sx = s[0] / 100, sy = (s.count > 1 ? s[1] : s[0]) / 100
        let m = [turn.cos * sx, turn.sin * sx, -turn.sin * sy, turn.cos * sy]
        let ax = a.first ?? 0, ay = a.count > 1 ? a[1] : 0
        let px = p.first ?? 0, py = p.count > 1 ? p[1] : 0
        return m + [px - m[0] * ax - m[2] * ay, py - m[1] * ax - m[3] * ay]
    }

    var hasOpacity: Bool { opacity.map { $0.isAnimated || $0.first.first != 100 } ?? false }

    var isIdentity: Bool { matrix == [1, 0, 0, 1, 0, 0] }

    /// A group placing `children` as the transform says: a group of no
    /// size (so the position is its origin) turned, skewed and scaled about
    /// that origin, holding one offset by minus the anchor (with a skew
    /// axis, the skew and scale in groups of their own inside it).
    func node(_ children: [SceneJSON], _ time: LottieTime, id: String?, opacity withOpacity: Bool) -> SceneJSON {
        var inner = children
        if let anchor, anchor.isAnimated || anchor.first.prefix(2).contains(where: { $0 != 0 }) {
            inner = [.object([("type", .string("group")), ("size", .point(0, 0)),
                              ("position", anchor.scenePair(time) { -$0 }), ("children", .array(children))])]
        }
        var keys: [(String, SceneJSON)] = [("type", .string("group"))]
        if let id { keys.append(("id", .string(id))) }
        keys.append(("size", .point(0, 0)))
        if let positionX {
            keys.append(("position", .array([positionX.scene(0, time), positionY?.scene(0, time) ?? .number(0)])))
        } else if let position, position.isAnimated || position.first.prefix(2).contains(where: { $0 != 0 }) {
            keys.append(("position", position.scenePair(time)))
        }
        if let rotation, rotation.isAnimated || rotation.first[0] != 0 { keys.append(("rotation", rotation.scene(0, time))) }
        let faded: [(String, SceneJSON)] = withOpacity && hasOpacity ? [("opacity", opacity!.scene(0, time) { min(max($0 / 100, 0), 1) })] : []
        var scaled: [(String, SceneJSON)] = []
        if let scale, scale.isAnimated || scale.first.prefix(2).contains(where: { $0 != 100 }) {
            if !scale.isAnimated, scale.first.count == 1 || scale.first[0] == scale.first[1] {
                scaled.append(("scale", .rounded(scale.first[0] / 100)))
            } else {
                scaled.append(("scale", scale.scenePair(time) { $0 / 100 }))
            }
        }
        guard let skew, skew.isAnimated || skew.first[0] != 0 else { return .object(keys + scaled + faded + [("children", .array(inner))]) }
        let skewed: (String, SceneJSON) = ("skew", .array([skew.scene(0, time) { -$0 }, .number(0)]))
        guard let skewAxis, skewAxis.isAnimated || skewAxis.first.first ?? 0 != 0 else {
            return .object(keys + [skewed] + scaled + faded + [("children", .array(inner))])
        }
        // Skewed along an axis: the shear along x between turns by −axis and
        // +axis (After Effects' skew axis, as lottie-web composes it): a
        // group turned back by the axis holds the shear, which holds the
        // scaled content turned by the axis.
        func turn(_ sign: Double) -> (String, SceneJSON) { ("rotation", skewAxis.scene(0, time) { sign * $0 }) }
        let axisTurned: SceneJSON = .object([("type", .string("group")), ("size", .point(0, 0)), turn(1)] + scaled + [("children", .array(inner))])
        let sheared: SceneJSON = .object([("type", .string("group")), ("size", .point(0, 0)), turn(-1), skewed, ("children", .array([axisTurned]))])
        return .object(keys + faded + [("children", .array([sheared]))])
    }
}

extension LottieReader {
    mutating func transform(_ v: JSONValue?, _ path: JSONPath, _ owner: String) -> LottieTransform {
        var t = LottieTransform()
        guard let v else { return t }
        guard isObject(v) else { error(v, path, "\(owner): expected a transform object, found \(v.summary)"); return t }
        t.anchor = vector(v["a"], path.key("a"), "\(owner) anchor")
        if let p = v["p"], p["s"].map({ $0.kind == .bool(true) || $0.kind == .number(1) }) == true {
            t.positionX = vector(p["x"], path.key("p").key("x"), "\(owner) position x")
            t.positionY = vector(p["y"], path.key("p").key("y"), "\(owner) position y")
        } else {
            t.position = vector(v["p"], path.key("p"), "\(owner) position")
        }
        t.scale = vector(v["s"], path.key("s"), "\(owner) scale")
        t.rotation = vector(v["r"] ?? v["rz"], path.key(v["r"] == nil ? "rz" : "r"), "\(owner) rotation")
        t.opacity = vector(v["o"], path.key("o"), "\(owner) opacity")
        t.skew = vector(v["sk"], path.key("sk"), "\(owner) skew")
        t.skewAxis = vector(v["sa"], path.key("sa"), "\(owner) skew axis")
        for key in ["rx", "ry"] where v[key] != nil {
            warning(v[key], path.key(key), "\(owner): 3D rotation is not supported yet and is ignored")
        }
        return t
    }
}
