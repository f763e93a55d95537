import DisplayList
import Geometry

/// SwiftUI's `LinearGradient`: colour varies along start → end, padded with
/// the end colours beyond them.
///
/// The gradient parameter t = (p − start)·(end − start) / |end − start|² of
/// the paint-space point p is an affine function of the device pixel, so it
/// is set up once per draw as t = a·x + b·y + c and stepped along each span
/// in `Float` (fixed operation order, hence the same bits everywhere).
/// start == end has no direction; like Skia, it paints the last colour.
struct LinearGradientShader: SpanShader {
    private let table: GradientTable
    /// The last colour when the gradient is one colour or degenerate.
    private let solid: UInt32?
    /// t·(size − 1) = dx·X + dy·Y + origin for device coordinates (X, Y).
    private let dx, dy, origin: Double

    /// - Parameters:
    ///   - start, end: paint-space points (t = 0 and t = 1).
    ///   - inverse: device pixel → paint space.
    init(gradient: Gradient, start: Point, end: Point, inverse: Transform) {
        table = GradientTable(gradient)
        let vx = end.x - start.x, vy = end.y - start.y
        let length2 = vx * vx + vy * vy
        let scale = Double(GradientTable.size - 1) / length2
        // p = inverse(X, Y); t = ((p.x − sx)·vx + (p.y − sy)·vy) / |v|².
        dx = (inverse.a * vx + inverse.b * vy) * scale
        dy = (inverse.c * vx + inverse.d * vy) * scale
        origin = ((inverse.tx - start.x) * vx + (inverse.ty - start.y) * vy) * scale
        if let s = table.solid {
            solid = s
        } else if !(length2 > 0) || !dx.isFinite || !dy.isFinite || !origin.isFinite {
            solid = GradientTable.packed(table.last)
        } else {
            solid = nil
        }
    }

    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>) {
        if let solid {
            span.update(repeating: solid, count: count)
            return
        }
        let start = Float(dx * (Double(x) + 0.5) + dy * (Double(y) + 0.5) + origin)
        let step = Float(dx)
        let top = Float(GradientTable.size - 1)
        table.fill(x: x, y: y, count: count, into: span) { i in
            var t = start + Float(i) * step
            if !(t > 0) { t = 0 } // also NaN
            if t > top { t = top }
            return Int(t + 0.5)
        }
    }
}
