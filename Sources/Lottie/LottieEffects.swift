import Determinism
import SceneModel

/// Layer effects (`ef`) the scene format has a counterpart for. Colour
/// effects (fill, tint, tritone: each a `colorMap`) and radial wipes act on
/// the layer's content in its own coordinates, each in a group of its own
/// so several apply in order; drop shadow and Gaussian blur become the
/// layer node's `shadow` and `blur`. Their parameters animate as the file
/// animates them. Expression controls (ty 5) draw nothing and are skipped;
/// any other effect is an error.
extension LottieReader {
    mutating func layerEffects(_ item: JSONValue, _ p: JSONPath, _ time: LottieTime, _ label: String, content: inout [SceneJSON]) -> [(String, SceneJSON)] {
        var out: [(String, SceneJSON)] = []
        func wrap(_ keys: [(String, SceneJSON)]) {
            content = [.object([("type", .string("group")), ("children", .array(content))] + keys)]
        }
        for (i, effect) in array(item["ef"], p.key("ef")).enumerated() {
            let ep = p.key("ef").index(i)
            if number(effect["en"], ep.key("en")) == 0 { continue }
            let ty = Int(number(effect["ty"], ep.key("ty")) ?? -1)
            let name = string(effect["nm"], ep.key("nm")) ?? ""
            let params = array(effect["ef"], ep.key("ef"))
            func param(_ k: Int) -> LottieProperty? {
                guard params.indices.contains(k) else { return nil }
                return vector(params[k]["v"], ep.key("ef").index(k).key("v"), "\(label) effect \"\(name)\"")
            }
            func param(_ k: Int, or fallback: [Double]) -> LottieProperty { param(k) ?? LottieProperty(constant: fallback) }
            /// A gradient map of the content (`colorMap`); `amount` through `f`.
            func colorMap(_ stops: [(Double, Int, [Double])], amount k: Int, _ fallback: Double, _ f: (Double) -> Double) {
                let colors = stops.map { SceneJSON.array([.rounded($0.0), param($0.1, or: $0.2).sceneColor(time)]) }
                let amount = param(k, or: [fallback]).scene(0, time) { min(max(f($0), 0), 1) }
                wrap([("colorMap", .object([("stops", .array(colors)), ("amount", amount)]))])
            }
            switch ty {
            case 5:
                warning(effect, ep, "\(label): effect \"\(name)\" (ty 5) is an expression control or an effect Lottie does not describe; it is ignored")
            case 25:
                out.append(("shadow", dropShadow(param(0, or: [0, 0, 0, 1]), opacity: param(1, or: [255]), direction: param(2, or: [135]),
                                                 distance: param(3, or: [0]), softness: param(4, or: [0]), time)))
            case 29:
                if let blur = param(0) { out.append(("blur", blur.scene(0, time) { max($0 * 0.3, 0) })) }
            case 21:
                // Every colour mapped to the fill colour, mixed with it by the opacity (0…1).
                colorMap([(0, 2, [0, 0, 0])], amount: 6, 1) { $0 }
            case 20:
                // Black, white and the amount to tint (%).
                colorMap([(0, 0, [0, 0, 0]), (1, 1, [1, 1, 1])], amount: 2, 100) { $0 / 100 }
            case 23:
                // Highlights, midtones, shadows, and the blend with the original (%).
                colorMap([(0, 2, [0, 0, 0]), (0.5, 1, [0.5, 0.5, 0.5]), (1, 0, [1, 1, 1])], amount: 3, 0) { 1 - $0 / 100 }
            case 24:
                let levels = proLevels(time) { param($0, or: $1) }
                if !levels.isEmpty { wrap([("levels", .array(levels))]) }
            case 26:
                if let mask = radialWipe(param, time) { wrap([("mask", mask)]) }
            default:
                error(effect["ty"] ?? effect, ep, "\(label): layer effect \"\(name)\" (ty \(ty)) is not supported yet")
            }
        }
        return out
    }

    /// Pro Levels (ty 24) as `levels`: red, green, blue and alpha (from
    /// parameters 10, 17, 24, 31), then the composite RGB (3), as lottie-web
    /// applies them, each five parameters (input black, input white, gamma,
    /// output black, output white); a set left at its identity is skipped.
    private func proLevels(_ time: LottieTime, _ param: (Int, [Double]) -> LottieProperty) -> [SceneJSON] {
        let keys = ["inputBlack", "inputWhite", "gamma", "outputBlack", "outputWhite"], identity: [Double] = [0, 1, 1, 0, 1]
        return [("red", 10), ("green", 17), ("blue", 24), ("alpha", 31), ("rgb", 3)].compactMap { channels, first in
            let values = (0..<5).map { param(first + $0, [identity[$0]]) }
            guard values.indices.contains(where: { values[$0].isAnimated || values[$0].first.first != identity[$0] }) else { return nil }
            return .object([("channels", .string(channels))] + (0..<5).map { i in
                (keys[i], values[i].scene(0, time) { i == 2 ? max($0, 0.01) : min(max($0, 0), 1) })
            })
        }
    }

    /// A drop shadow (ty 25) as the node's `shadow`: the colour at the
    /// opacity (0…255), softness / 5 as the radius (lottie-ios's measure of
    /// After Effects' softness), and an offset of the distance towards the
    /// direction (degrees clockwise from 12 o'clock).
    private func dropShadow(_ color: LottieProperty, opacity: LottieProperty, direction: LottieProperty, distance: LottieProperty,
                            softness: LottieProperty, _ time: LottieTime) -> SceneJSON {
        let shadowColor = LottieProperty.combining([color, opacity], linearInEach: true) { v in
            let c = v[0], scale = c.prefix(3).contains { $0 > 1 } ? 255.0 : 1
            let rgb = (0..<3).map { (c.indices.contains($0) ? c[$0] : 0) / scale }
            return rgb + [(c.count > 3 ? c[3] / scale : 1) * ((v[1].first ?? 255) / 255)]
        }
        // Linear in the distance while the direction holds still.
        let offset = LottieProperty.combining([direction, distance], linearInEach: !direction.isAnimated) { v in
            let turn = DeterministicMath.sinCos(degrees: v[0].first ?? 0), d = v[1].first ?? 0
            return [d * turn.sin, -d * turn.cos]
        }
        return .object([("color", shadowColor.sceneColor(time)), ("radius", softness.scene(0, time) { max($0 / 5, 0) }),
                        ("offset", offset.scenePair(time))])
    }

    /// A radial wipe as a mask: the part of a disc around the wipe centre
    /// not yet wiped, drawn as a stroke as wide as its arc's radius (so the
    /// arc's angles, which the transition completion moves, bound a pie
    /// slice). Lottie's angles start at 12 o'clock, the arc's at 3 o'clock;
    /// the wipe runs clockwise (1), counterclockwise (2) or both ways (3).
    private func radialWipe(_ param: (Int) -> LottieProperty?, _ time: LottieTime) -> SceneJSON? {
        guard let completion = param(0) else { return nil }
        if !completion.isAnimated, completion.first.first ?? 0 <= 0 { return nil }
        let angle = param(1) ?? LottieProperty(constant: [0]), center = param(2) ?? LottieProperty(constant: [0, 0])
        let way = Int(param(3)?.first.first ?? 1), feather = param(4) ?? LottieProperty(constant: [0])
        // Far enough from every place the centre takes to cover the layer.
        let radius = center.keys.map { abs($0.value.first ?? 0) + abs($0.value.count > 1 ? $0.value[1] : 0) }.max()! + 4 * extent
        func edge(_ base: Double, _ sweep: Double) -> SceneJSON {
            LottieProperty.combining([completion, angle], linearInEach: true) { v in
                [(v[1].first ?? 0) - 90 + base + sweep * min(max(v[0].first ?? 0, 0), 100) / 100]
            }.scene(0, time)
        }
        let from = edge(0, way == 2 ? 0 : way == 3 ? 180 : 360), to = edge(360, way == 2 ? -360 : way == 3 ? -180 : 0)
        var arc: [(String, SceneJSON)] = [("type", .string("arc")), ("size", .point(radius, radius)), ("position", center.scenePair(time)),
                                          ("startAngle", from), ("endAngle", to), ("fill", .string("clear")),
                                          ("stroke", .object([("color", .string("#FFFFFF")), ("width", .rounded(radius))]))]
        if feather.isAnimated || feather.first.first ?? 0 > 0 { arc.append(("blur", feather.scene(0, time) { max($0, 0) / 2 })) }
        return .object(arc)
    }
}
