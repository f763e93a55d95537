import Animation
import DisplayList
import SceneModel

extension ColorFilter {
    /// The filter at `ctx`'s time (levels give one filter per channel set),
    /// its amounts held in range (an animation may overshoot): saturation
    /// ≥ 0, brightness −1…1, grayscale, a map's amount and levels 0…1,
    /// gamma ≥ 0.01.
    func display(in ctx: TimelineContext) -> [LayerColorFilter] {
        func unit(_ v: Animated<Double>) -> Double { min(max(v.value(in: ctx), 0), 1) }
        switch self {
        case .hueRotation(let degrees): return [.hueRotation(degrees: degrees.value(in: ctx))]
        case .saturation(let amount): return [.saturation(max(amount.value(in: ctx), 0))]
        case .brightness(let amount): return [.brightness(min(max(amount.value(in: ctx), -1), 1))]
        case .contrast(let amount): return [.contrast(amount.value(in: ctx))]
        case .grayscale(let amount): return [.grayscale(unit(amount))]
        case .colorMultiply(let color): return [.multiply(color.value(in: ctx))]
        case .colorInvert: return [.invert]
        case .colorMap(let map): return [.luminanceMap(map.stops.display(in: ctx), amount: unit(map.amount))]
        case .levels(let list):
            return list.map { l in
                .levels(LevelsTransfer(inputBlack: unit(l.inputBlack), inputWhite: unit(l.inputWhite),
                                       gamma: max(l.gamma.value(in: ctx), 0.01), outputBlack: unit(l.outputBlack),
                                       outputWhite: unit(l.outputWhite)), l.channels)
            }
        }
    }
}
