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
    /// A 3D layer's turns about x and y (`rx`, `ry`), seen from the front
    /// without perspective, as lottie-ios draws a layer through a
    /// CATransform3D of no perspective.
    var turnX: LottieProperty?
    var turnY: LottieProperty?

    /// The affine map [a, b, c, d, tx, ty] when nothing moves and there is
    /// no skew: translate(p) · rotate · scale · translate(−a).
    var matrix: [Double]? {
        let parts = [anchor, position, positionX, positionY, scale, rotation, skew]
        guard !parts.contains(where: { $0?.isAnimated == true }), (skew?.first.first ?? 0) == 0, turns.isEmpty else { return nil }
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
        let group: (String, SceneJSON) = ("type", .string("group")), noSize: (String, SceneJSON) = ("size", .point(0, 0))
        var placed: [(String, SceneJSON)] = []
        if let id { placed.append(("id", .string(id))) }
        placed.append(noSize)
        if let positionX {
            placed.append(("position", .array([positionX.scene(0, time), positionY?.scene(0, time) ?? .number(0)])))
        } else if let position, position.isAnimated || position.first.prefix(2).contains(where: { $0 != 0 }) {
            placed.append(("position", position.scenePair(time)))
        }
        guard !turns.isEmpty else { return planar([group] + placed, inner, time, withOpacity) }
        // Turned in 3D about the position, after the turn in the plane and
        // the scale (lottie-web's order: y, then x), each in a group of its own.
        var node = planar([group, noSize], inner, time, withOpacity)
        for (i, (axis, angle)) in turns.enumerated() {
            let turn = SceneJSON.object([("angle", angle.scene(0, time)), ("axis", .array(axis.map { .number($0) })), ("perspective", .number(0))])
            node = .object([group] + (i == turns.count - 1 ? placed : [noSize]) + [("rotation3D", turn), ("children", .array([node]))])
        }
        return node
    }

    /// The 3D turns to apply, inner first: about y, then about x.
    var turns: [([Double], LottieProperty)] {
        [([0, 1, 0], turnY), ([1, 0, 0], turnX)].compactMap { axis, angle in
            angle.flatMap { $0.isAnimated || $0.first.first ?? 0 != 0 ? (axis, $0) : nil }
        }
    }

    /// The group turned in the plane, skewed and scaled, holding `inner`.
    private func planar(_ placed: [(String, SceneJSON)], _ inner: [SceneJSON], _ time: LottieTime, _ withOpacity: Bool) -> SceneJSON {
        var keys = placed
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
    /// A 2D layer (`threeD` false, as every shape group) has no x and y
    /// rotations in After Effects: any in the file are not drawn.
    mutating func transform(_ v: JSONValue?, _ path: JSONPath, _ owner: String, threeD: Bool = false) -> LottieTransform {
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
        guard threeD else { return t }
        t.turnX = vector(v["rx"], path.key("rx"), "\(owner) x rotation")
        t.turnY = vector(v["ry"], path.key("ry"), "\(owner) y rotation")
        if t.turns.count == 2 {
            warning(v["rx"], path.key("rx"), "\(owner): rotations about both x and y are drawn one after the other, each seen flat, not as one turn in 3D")
        }
        return t
    }
}
