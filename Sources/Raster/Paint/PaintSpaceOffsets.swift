import Geometry

/// The paint-space offset (u, v) of each device pixel centre from a point
/// of a gradient, for gradients whose colour is a function of that offset
/// alone (angular, conical): an affine function of the pixel, set up once
/// per draw and stepped along a span, so every such shader walks its span
/// with the same arithmetic.
struct PaintSpaceOffsets {
    /// u = ux·X + uy·Y + u0, v = vx·X + vy·Y + v0 for p = inverse(X, Y).
    let ux, uy, u0, vx, vy, v0: Double

    /// - Parameters:
    ///   - inverse: device pixel → paint space.
    ///   - origin: the paint-space point offsets are measured from.
    init(inverse: Transform, origin: Point) {
        ux = inverse.a; uy = inverse.c; u0 = inverse.tx - origin.x
        vx = inverse.b; vy = inverse.d; v0 = inverse.ty - origin.y
    }

    var isFinite: Bool { [ux, uy, u0, vx, vy, v0].allSatisfy(\.isFinite) }

    /// Shades `count` pixels of row y from x: `solid` everywhere when the
    /// gradient is degenerate, else the table's entry `index(u, v)` of each
    /// pixel's offset, dithered.
    @inline(__always)
    func shade(_ table: GradientTable, solid: UInt32?, x: Int, y: Int, count: Int,
               into span: UnsafeMutablePointer<UInt32>, index: (_ u: Double, _ v: Double) -> Int) {
        if let solid {
            span.update(repeating: solid, count: count)
            return
        }
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let u = ux * px + uy * py + u0, v = vx * px + vy * py + v0
        table.fill(x: x, y: y, count: count, into: span) { i in index(u + Double(i) * ux, v + Double(i) * vx) }
    }
}
