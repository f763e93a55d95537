import DisplayList
import Geometry

/// SwiftUI's `LinearGradient`: colour varies along start → end, padded with
/// the end colours beyond them.
///
/// The gradient parameter t = (p − start)·(end − start) / |end − start|² of
/// the paint-space point p is an affine function of the device pixel, so it
/// is set up once per draw as t = a·x + b·y + c and stepped along each span
/// in 32.32 fixed point (integer steps: the same bits everywhere). A span
/// whose ends fall on one table entry — every row of a vertical gradient,
/// the padded stretches — is that entry's eight dithered values repeated.
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
        self.init(table: GradientTable(gradient), start: start, end: end, inverse: inverse)
    }

    /// With a table built earlier (see `GradientCache`).
    init(table: GradientTable, start: Point, end: Point, inverse: Transform) {
        self.table = table
        let vx = end.x - start.x, vy = end.y - start.y
        let length2 = vx * vx + vy * vy
        let scale = Double(GradientTable.size - 1) / length2
        // p = inverse(X, Y); t = ((p.x − sx)·vx + (p.y − sy)·vy) / |v|².
        dx = (inverse.a * vx + inverse.b * vy) * scale
        dy = (inverse.c * vx + inverse.d * vy) * scale
        origin = ((inverse.tx - start.x) * vx + (inverse.ty - start.y) * vy) * scale
        solid = table.solidColor(degenerate: !(length2 > 0) || !dx.isFinite || !dy.isFinite || !origin.isFinite)
    }

    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>) {
        if let solid {
            span.update(repeating: solid, count: count)
            return
        }
        // Table position of the first pixel centre, +0.5 so truncation rounds.
        let first = dx * (Double(x) + 0.5) + dy * (Double(y) + 0.5) + origin + 0.5
        let last = first + dx * Double(count - 1)
        let top = GradientTable.size - 1
        @inline(__always) func index(_ v: Double) -> Int {
            v >= 1 ? min(Int(min(v, Double(top))), top) : 0 // NaN → 0
        }
        // t is monotonic along the span: equal ends mean one entry throughout
        // (every row of a vertical gradient, the padded stretches).
        let a = index(first), b = index(last)
        if a == b {
            table.fill(x: x, y: y, count: count, into: span, constant: a)
            return
        }
        let limit = 1.0e9
        if abs(first) < limit && abs(last) < limit && abs(dx) < limit {
            // 32.32 fixed point: integer steps, the same on every machine.
            let one = 4_294_967_296.0
            let start = Int64(first * one), step = Int64((dx * one).rounded())
            table.fill(x: x, y: y, count: count, into: span) { i in
                let position = Int(truncatingIfNeeded: (start &+ Int64(i) &* step) >> 32)
                return min(max(position, 0), top)
            }
        } else {
            table.fill(x: x, y: y, count: count, into: span) { i in index(first + dx * Double(i)) }
        }
    }
}
