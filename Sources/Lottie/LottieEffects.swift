import Determinism
import SceneModel

/// Layer effects (`ef`) the scene format has a counterpart for. Colour
/// effects (fill, tint) and radial wipes act on the layer's content in its
/// own coordinates, each in a group of its own so several apply in order;
/// drop shadow and Gaussian blur become the layer node's `shadow` and
/// `blur`. Expression controls (ty 5) draw nothing and are skipped; any
/// other effect is an error.
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
            func firstValues(_ indices: Range<Int>, _ what: String) {
                if indices.contains(where: { param($0)?.isAnimated == true }) {
                    warning(effect, ep, "\(label): \(what) is not supported yet; its first values are used")
                }
            }
            switch ty {
            case 5:
                warning(effect, ep, "\(label): effect \"\(name)\" (ty 5) is an expression control or an effect Lottie does not describe; it is ignored")
            case 25:
                let color = param(0)?.first ?? [0, 0, 0, 1], opacity = (param(1)?.first.first ?? 255) / 255
                let direction = param(2)?.first.first ?? 135, distance = param(3)?.first.first ?? 0, softness = param(4)?.first.first ?? 0
                firstValues(0..<5, "an animated drop shadow")
                let turn = DeterministicMath.sinCos(degrees: direction)
                out.append(("shadow", .object([("color", LottieProperty.color(color, alpha: opacity)), ("radius", .rounded(softness / 2)),
                                               ("offset", .point(distance * turn.sin, -distance * turn.cos))])))
            case 29:
                if let blur = param(0) { out.append(("blur", blur.scene(0, time) { max($0 * 0.3, 0) })) }
            case 21:
                // White, then multiplied by the colour: the colour, at the content's alpha.
                if (param(6)?.first.first ?? 1) != 1 || param(6)?.isAnimated == true {
                    warning(params.indices.contains(6) ? params[6] : effect, ep.key("ef").index(6), "\(label): a fill effect's opacity other than 100 % is not supported yet; it is drawn at 100 %")
                }
                wrap([("brightness", .number(1)), ("colorMultiply", param(2)?.sceneColor(time) ?? .string("#000000"))])
            case 20:
                // Grey by luminance, multiplied by the colour white maps to:
                // exact when black maps to black and the amount is 100 %.
                let black = param(0)?.first ?? [0, 0, 0], amount = (param(2)?.first.first ?? 100) / 100
                if black.prefix(3).contains(where: { $0 != 0 }) || amount != 1 || param(0)?.isAnimated == true || param(2)?.isAnimated == true {
                    warning(effect, ep, "\(label): a tint that maps black to another colour or tints less than 100 % is drawn approximately (grey by the amount, times the white colour)")
                }
                let white = param(1)?.first ?? [1, 1, 1]
                let mixed = (0..<3).map { 1 - amount + amount * (white.indices.contains($0) ? white[$0] : 1) }
                wrap([("grayscale", .rounded(min(max(amount, 0), 1))),
                      ("colorMultiply", param(1)?.isAnimated == true && amount == 1 ? param(1)!.sceneColor(time) : LottieProperty.color(mixed))])
            case 26:
                if let mask = radialWipe(param, time) { wrap([("mask", mask)]) }
                firstValues(1..<5, "an animated radial wipe angle, centre, direction or feather")
            default:
                error(effect["ty"] ?? effect, ep, "\(label): layer effect \"\(name)\" (ty \(ty)) is not supported yet")
            }
        }
        return out
    }

    /// A radial wipe as a mask: the part of a disc around the wipe centre
    /// not yet wiped, drawn as a stroke as wide as its arc's radius (so the
    /// arc's angles, which the transition completion moves, bound a pie
    /// slice). Lottie's angles start at 12 o'clock, the arc's at 3 o'clock;
    /// the wipe runs clockwise (1), counterclockwise (2) or both ways (3).
    private func radialWipe(_ param: (Int) -> LottieProperty?, _ time: LottieTime) -> SceneJSON? {
        guard let completion = param(0) else { return nil }
        if !completion.isAnimated, completion.first.first ?? 0 <= 0 { return nil }
        let start = (param(1)?.first.first ?? 0) - 90, center = param(2)?.first ?? [0, 0]
        let way = Int(param(3)?.first.first ?? 1), feather = max(param(4)?.first.first ?? 0, 0)
        let (cx, cy) = (center.first ?? 0, center.count > 1 ? center[1] : 0)
        let radius = abs(cx) + abs(cy) + 4 * extent
        let from = completion.scene(0, time) { c in start + (way == 2 ? 0 : way == 3 ? 180 : 360) * min(max(c, 0), 100) / 100 }
        let to = completion.scene(0, time) { c in start + 360 - (way == 2 ? 360 : way == 3 ? 180 : 0) * min(max(c, 0), 100) / 100 }
        var arc: [(String, SceneJSON)] = [("type", .string("arc")), ("size", .point(radius, radius)), ("position", .point(cx, cy)),
                                          ("startAngle", from), ("endAngle", to), ("fill", .string("clear")),
                                          ("stroke", .object([("color", .string("#FFFFFF")), ("width", .rounded(radius))]))]
        if feather > 0 { arc.append(("blur", .rounded(feather / 2))) }
        return .object(arc)
    }
}
