import DisplayList
import Geometry

/// A two-point conical gradient, as SVG's `radialGradient` with a focus
/// and Canvas's `createRadialGradient`: the colour at t is on the circle
/// centred at start + t·(end − start), of radius startRadius +
/// t·(endRadius − startRadius), the largest t whose radius is not negative
/// winning; padded beyond both ends. Circles in paint space.
///
/// The paint-space point is an affine function of the device pixel, stepped
/// along the span; t solves a quadratic in `Double` with `sqrt`, which
/// IEEE 754 rounds exactly, so the result is the same on every machine.
/// A pixel no circle passes through (only when the start circle is not
/// inside the end circle) takes the first colour.
struct ConicalGradientShader: SpanShader {
    private let table: GradientTable
    private let solid: UInt32?
    /// p − start.
    private let offsets: PaintSpaceOffsets
    /// end − start, endRadius − startRadius, startRadius.
    private let dx, dy, dr, r0: Double
    /// |end − start|² − dr²: the quadratic's leading coefficient.
    private let a: Double

    /// - Parameters:
    ///   - start, end: paint-space centres; radii in paint-space units.
    ///   - inverse: device pixel → paint space.
    init(table: GradientTable, start: Point, startRadius: Double, end: Point, endRadius: Double, inverse: Transform) {
        self.table = table
        offsets = PaintSpaceOffsets(inverse: inverse, origin: start)
        dx = end.x - start.x; dy = end.y - start.y
        dr = endRadius - startRadius; r0 = startRadius
        a = dx * dx + dy * dy - dr * dr
        let finite = offsets.isFinite && [dx, dy, dr, r0].allSatisfy(\.isFinite)
        solid = table.solidColor(degenerate: !finite || (dx == 0 && dy == 0 && dr == 0))
    }

    /// The gradient position of the paint-space offset (u, v) from the start centre.
    @inline(__always) private func position(_ u: Double, _ v: Double) -> Double {
        let b = u * dx + v * dy + r0 * dr, c = u * u + v * v - r0 * r0
        guard abs(a) > 1e-12 else {
            let t = b != 0 ? c / (2 * b) : 0
            return r0 + t * dr >= 0 ? t : 0
        }
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return 0 }
        let root = discriminant.squareRoot()
        // (b ± root) / a, the larger first: division by a keeps the order
        // of the numerators when a > 0 and reverses it when a < 0, so the
        // smaller root is divided out only when the larger one is refused.
        let (larger, smaller) = a > 0 ? (b + root, b - root) : (b - root, b + root)
        let high = larger / a
        if r0 + high * dr >= 0 { return high }
        let low = smaller / a
        return r0 + low * dr >= 0 ? low : 0
    }

    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>) {
        let top = Double(GradientTable.size - 1)
        offsets.shade(table, solid: solid, x: x, y: y, count: count, into: span) { u, v in
            let t = position(u, v) * top
            guard t > 0 else { return 0 }
            // Rounded half away from zero, as `rounded()`, without a libm call:
            // the truncation of a positive t is its floor, and t − floor is exact.
            let clamped = Swift.min(t, top), floor = Int(clamped)
            return floor + (clamped - Double(floor) >= 0.5 ? 1 : 0)
        }
    }
}
