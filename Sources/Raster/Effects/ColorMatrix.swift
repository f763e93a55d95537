import Determinism
import DisplayList
import Pixels

/// A colour filter as a 4×5 matrix on straight-alpha sRGB components in
/// 0…1 — the W3C Filter Effects `feColorMatrix`: [R' G' B' A'] = M ·
/// [R G B A 1], each result clamped to 0…1 — built from SwiftUI's colour
/// modifiers with the formulas the Filter Effects spec gives for the CSS
/// filter functions of the same meaning (which operate on sRGB-encoded
/// values, not linearised ones).
///
/// Every matrix here keeps a transparent pixel transparent (A' depends on
/// A alone, and is 0 when A is), so a filter touches only what a layer drew.
struct ColorMatrix: Equatable {
    /// Row-major, 4 rows of 5: R, G, B, A, offset.
    var m: [Double]

    static let identity = ColorMatrix(m: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])

    /// RGB rows from a 3×3 matrix and offsets; alpha kept.
    private init(rgb: [Double], offset: Double = 0) {
        m = [rgb[0], rgb[1], rgb[2], 0, offset,
             rgb[3], rgb[4], rgb[5], 0, offset,
             rgb[6], rgb[7], rgb[8], 0, offset,
             0, 0, 0, 1, 0]
    }

    private init(m: [Double]) { self.m = m }

    /// The filter's matrix; nil for a luminance map or levels, which no matrix expresses.
    init?(_ filter: LayerColorFilter) {
        switch filter {
        case .hueRotation(let degrees): self = .hueRotation(degrees: degrees)
        case .saturation(let s): self = .saturation(s)
        case .brightness(let b): self = ColorMatrix(rgb: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: b)
        case .contrast(let c): self = ColorMatrix(rgb: [c, 0, 0, 0, c, 0, 0, 0, c], offset: 0.5 - 0.5 * c)
        case .grayscale(let g): self = .grayscale(g)
        case .multiply(let color):
            self = ColorMatrix(m: [color.r, 0, 0, 0, 0, 0, color.g, 0, 0, 0, 0, 0, color.b, 0, 0, 0, 0, 0, color.a, 0])
        case .invert: self = ColorMatrix(rgb: [-1, 0, 0, 0, -1, 0, 0, 0, -1], offset: 1)
        case .luminanceMap, .levels: return nil
        }
    }

    /// feColorMatrix `type="hueRotate"`: the luminance-preserving rotation
    /// of the spec, with its coefficients 0.213, 0.715, 0.072 and the
    /// cos and sin terms as given there.
    static func hueRotation(degrees: Double) -> ColorMatrix {
        let (s, c) = DeterministicMath.sinCos(degrees: degrees)
        return ColorMatrix(rgb: [
            0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072])
    }

    /// feColorMatrix `type="saturate"` (CSS `saturate()`): 0 grey, 1 unchanged.
    static func saturation(_ s: Double) -> ColorMatrix {
        ColorMatrix(rgb: [
            0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
            0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
            0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s])
    }

    /// CSS `grayscale(g)`: the Rec. 709 luma weights 0.2126, 0.7152, 0.0722
    /// mixed with the identity by 1 − g.
    static func grayscale(_ g: Double) -> ColorMatrix {
        let k = 1 - g
        return ColorMatrix(rgb: [
            0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k,
            0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k,
            0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k])
    }

    /// `c` (straight R, G, B, A in 0…1) through the matrix, each clamped to 0…1.
    func apply(_ c: SIMD4<Double>) -> SIMD4<Double> {
        func row(_ i: Int) -> Double {
            let v = m[i] * c[0] + m[i + 1] * c[1] + m[i + 2] * c[2] + m[i + 3] * c[3] + m[i + 4]
            return v > 0 ? min(v, 1) : 0 // NaN → 0
        }
        return SIMD4(row(0), row(5), row(10), row(15))
    }
}
