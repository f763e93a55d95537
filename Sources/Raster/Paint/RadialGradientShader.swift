import DisplayList
import Geometry

/// SwiftUI's `RadialGradient`: t = (distance from centre − startRadius) /
/// (endRadius − startRadius), padded beyond both ends; circles in paint
/// space, so ellipses under non-uniform transforms.
///
/// The paint-space offset from the centre, divided by the radius span, is an
/// affine function of the device pixel: it is set up once per draw and
/// stepped along each span in `Float`, four pixels per SIMD operation; the
/// distance uses `sqrt`, which IEEE 754 rounds exactly, so the result is the
/// same on every machine. Equal
/// radii leave no ring to interpolate over: like Skia, the inside takes the
/// first stop's colour and the outside (from the radius on) the last stop's,
/// the table's padding — also when several stops share offset 0 or 1.
struct RadialGradientShader: SpanShader {
    private let table: GradientTable
    private let solid: UInt32?
    /// (u, v) = (p − centre) / |endRadius − startRadius|, p = inverse(X, Y):
    /// u = ux·X + uy·Y + u0, v = vx·X + vy·Y + v0.
    private let ux, uy, u0, vx, vy, v0: Double
    /// startRadius / |endRadius − startRadius| and the sign of the span:
    /// t = (|(u, v)| − offset) · direction.
    private let offset, direction: Float
    /// Equal radii: the step radius in paint space (nil otherwise).
    private let stepRadius: Double?

    /// - Parameters:
    ///   - center: paint-space point; radii in paint-space units.
    ///   - inverse: device pixel → paint space.
    init(gradient: Gradient, center: Point, startRadius: Double, endRadius: Double, inverse: Transform) {
        self.init(table: GradientTable(gradient), center: center, startRadius: startRadius, endRadius: endRadius,
                  inverse: inverse)
    }

    /// With a table built earlier (see `GradientCache`).
    init(table: GradientTable, center: Point, startRadius: Double, endRadius: Double, inverse: Transform) {
        self.table = table
        let span = endRadius - startRadius
        let degenerate = !(abs(span) > 1e-9)
        let k = degenerate ? 1 : 1 / abs(span)
        ux = inverse.a * k; uy = inverse.c * k; u0 = (inverse.tx - center.x) * k
        vx = inverse.b * k; vy = inverse.d * k; v0 = (inverse.ty - center.y) * k
        offset = degenerate ? 0 : Float(startRadius / abs(span))
        direction = span < 0 ? -1 : 1
        stepRadius = degenerate ? endRadius : nil
        let finite = ux.isFinite && uy.isFinite && u0.isFinite && vx.isFinite && vy.isFinite && v0.isFinite
            && offset.isFinite
        solid = table.solidColor(degenerate: !finite || (degenerate && !(endRadius > 0)))
    }

    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>) {
        if let solid {
            span.update(repeating: solid, count: count)
            return
        }
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let u = Float(ux * px + uy * py + u0), du = Float(ux)
        let v = Float(vx * px + vy * py + v0), dv = Float(vx)
        let top = Float(GradientTable.size - 1)
        if let stepRadius {
            let r2 = Float(stepRadius * stepRadius)
            let (inside, outside) = table.padding
            for i in 0..<count {
                let fu = u + Float(i) * du, fv = v + Float(i) * dv
                span[i] = fu * fu + fv * fv < r2 ? inside : outside
            }
            return
        }
        let offset = SIMD4<Float>(repeating: self.offset), scale = SIMD4<Float>(repeating: direction * top)
        let u4 = SIMD4<Float>(repeating: u), v4 = SIMD4<Float>(repeating: v)
        let du4 = SIMD4<Float>(repeating: du), dv4 = SIMD4<Float>(repeating: dv)
        table.fill(x: x, y: y, count: count, into: span) { i in
            let fu = u4 + i * du4, fv = v4 + i * dv4
            return ((fu * fu + fv * fv).squareRoot() - offset) * scale
        }
    }
}
