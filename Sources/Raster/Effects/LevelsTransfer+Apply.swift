import Determinism
import DisplayList
import Geometry

extension LevelsTransfer {
    /// A straight component (0…1) through the levels, as lottie-web's and
    /// Skottie's tables compute each entry: at or below the lower input end
    /// the output black (white when the inputs are swapped), at or above the
    /// upper the other, between them output black + (output white − output
    /// black) · ((v − input black) / (input white − input black))^(1/gamma).
    func apply(_ v: Double) -> Double {
        let swapped = inputWhite < inputBlack
        if v <= min(inputBlack, inputWhite) { return swapped ? outputWhite : outputBlack }
        if v >= max(inputBlack, inputWhite) { return swapped ? outputBlack : outputWhite }
        let t = (v - inputBlack) / (inputWhite - inputBlack)
        return min(max(outputBlack + (outputWhite - outputBlack) * DeterministicMath.pow(t, 1 / gamma), 0), 1)
    }

    /// `c` (straight R, G, B, A) with the levels applied to `channels`.
    func apply(_ c: SIMD4<Double>, to channels: ColorChannels) -> SIMD4<Double> {
        var out = c
        switch channels {
        case .rgb: out = SIMD4(apply(c[0]), apply(c[1]), apply(c[2]), c[3])
        case .red: out[0] = apply(c[0])
        case .green: out[1] = apply(c[1])
        case .blue: out[2] = apply(c[2])
        case .alpha: out[3] = apply(c[3])
        }
        return out
    }
}
