import DisplayList

/// A gradient map on straight-alpha sRGB components in 0…1: the colour's
/// Rec. 709 luminance L = 0.2126 R + 0.7152 G + 0.0722 B (clamped to 0…1)
/// picks a colour from the stops — the first before the first stop, the
/// last after the last, straight R, G, B, A interpolated between, the later
/// stop where two share a location — whose alpha multiplies the pixel's;
/// the result is mixed with the colour by `amount`. This is Skottie's and
/// ThorVG's gradient colour filter (After Effects' Tint and Tritone), on
/// unpremultiplied values as a colour matrix is.
struct LuminanceMap: Equatable {
    var locations: [Double]
    var colors: [SIMD4<Double>]
    var amount: Double

    init(_ gradient: Gradient, amount: Double) {
        locations = gradient.stops.map(\.location)
        colors = gradient.stops.map { SIMD4($0.color.r, $0.color.g, $0.color.b, $0.color.a) }
        self.amount = amount
    }

    /// The colour of the stops at luminance `l`.
    private func color(at l: Double) -> SIMD4<Double> {
        guard let last = locations.indices.last else { return SIMD4(0, 0, 0, 1) }
        guard l >= locations[0] else { return colors[0] }
        var k = 0
        while k < last && locations[k + 1] <= l { k += 1 }
        guard k < last else { return colors[last] }
        let t = (l - locations[k]) / (locations[k + 1] - locations[k])
        return colors[k] + (colors[k + 1] - colors[k]) * t
    }

    /// `c` (straight R, G, B, A in 0…1) through the map, each clamped to 0…1.
    func apply(_ c: SIMD4<Double>) -> SIMD4<Double> {
        let l = min(max(0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2], 0), 1)
        var mapped = color(at: l)
        mapped[3] *= c[3]
        let mixed = c + (mapped - c) * amount
        func clamped(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
        return SIMD4(clamped(mixed[0]), clamped(mixed[1]), clamped(mixed[2]), clamped(mixed[3]))
    }
}
