import Determinism
import SceneModel

/// Layer effects (`ef`) the scene format has a counterpart for: drop
/// shadow, Gaussian blur and fill. Expression controls (ty 5) draw nothing
/// and are skipped; any other effect is an error.
extension LottieReader {
    mutating func layerEffects(_ item: JSONValue, _ p: JSONPath, _ time: LottieTime, _ label: String) -> [(String, SceneJSON)] {
        var out: [(String, SceneJSON)] = []
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
            switch ty {
            case 5:
                warning(effect, ep, "\(label): effect \"\(name)\" (ty 5) is an expression control or an effect Lottie does not describe; it is ignored")
            case 25:
                let color = param(0)?.first ?? [0, 0, 0, 1], opacity = (param(1)?.first.first ?? 255) / 255
                let direction = param(2)?.first.first ?? 135, distance = param(3)?.first.first ?? 0, softness = param(4)?.first.first ?? 0
                if (0..<5).contains(where: { param($0)?.isAnimated == true }) {
                    warning(effect, ep, "\(label): an animated drop shadow is not supported yet; its first values are used")
                }
                let turn = DeterministicMath.sinCos(degrees: direction)
                out.append(("shadow", .object([("color", LottieProperty.color(color, alpha: opacity)), ("radius", .rounded(softness / 2)),
                                               ("offset", .point(distance * turn.sin, -distance * turn.cos))])))
            case 29:
                if let blur = param(0) { out.append(("blur", blur.scene(0, time) { max($0 * 0.3, 0) })) }
            case 21:
                out.append(("brightness", .number(1)))
                out.append(("colorMultiply", param(2)?.sceneColor(time) ?? .string("#000000")))
            default:
                error(effect["ty"] ?? effect, ep, "\(label): layer effect \"\(name)\" (ty \(ty)) is not supported yet")
            }
        }
        return out
    }
}
