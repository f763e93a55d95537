import Animation
import DisplayList
import SceneModel

extension ColorFilter {
    /// The filter at `ctx`'s time, its amount held in range (an animation
    /// may overshoot): saturation ≥ 0, brightness −1…1, grayscale and a map's amount 0…1.
    func display(in ctx: TimelineContext) -> LayerColorFilter {
        switch self {
        case .hueRotation(let degrees): return .hueRotation(degrees: degrees.value(in: ctx))
        case .saturation(let amount): return .saturation(max(amount.value(in: ctx), 0))
        case .brightness(let amount): return .brightness(min(max(amount.value(in: ctx), -1), 1))
        case .contrast(let amount): return .contrast(amount.value(in: ctx))
        case .grayscale(let amount): return .grayscale(min(max(amount.value(in: ctx), 0), 1))
        case .colorMultiply(let color): return .multiply(color.value(in: ctx))
        case .colorInvert: return .invert
        case .colorMap(let map):
            return .luminanceMap(map.stops.display(in: ctx), amount: min(max(map.amount.value(in: ctx), 0), 1))
        }
    }
}
