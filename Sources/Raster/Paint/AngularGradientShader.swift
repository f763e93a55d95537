import Determinism
import DisplayList
import Geometry

/// SwiftUI's `AngularGradient` (CSS's conic gradient): the colour follows
/// the angle of the pixel about the centre, 0° along +x and increasing
/// clockwise on screen (y down), from `startAngle` (t = 0) to `endAngle`
/// (t = 1). As SwiftUI documents: a sweep of more than a turn draws only
/// its last complete turn; a sweep of less leaves a gap that takes the
/// last colour (t = 1) up to halfway across it and the first (t = 0) after
/// it; a negative sweep runs counterclockwise. The ends are the table's
/// padding colours, so stops sharing offset 0 or 1 pad with the first and
/// the last stop as in the other gradients.
///
/// The paint-space offset from the centre is an affine function of the
/// device pixel, set up once per draw; the angle is `DeterministicMath`'s
/// `atan2` (the same bits on every machine) of it, per pixel.
struct AngularGradientShader: SpanShader {
    private let table: GradientTable
    private let solid: UInt32?
    /// (u, v) = p − centre, p = inverse(X, Y): u = ux·X + uy·Y + u0, v = vx·X + vy·Y + v0.
    private let ux, uy, u0, vx, vy, v0: Double
    /// Degrees.
    private let start, sweep: Double

    /// - Parameters:
    ///   - center: paint-space point; angles in degrees.
    ///   - inverse: device pixel → paint space.
    init(table: GradientTable, center: Point, startAngle: Double, endAngle: Double, inverse: Transform) {
        self.table = table
        ux = inverse.a; uy = inverse.c; u0 = inverse.tx - center.x
        vx = inverse.b; vy = inverse.d; v0 = inverse.ty - center.y
        start = startAngle
        sweep = endAngle - startAngle
        let finite = [ux, uy, u0, vx, vy, v0, start, sweep].allSatisfy(\.isFinite)
        solid = table.solidColor(degenerate: !finite)
    }

    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>) {
        if let solid {
            span.update(repeating: solid, count: count)
            return
        }
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let u = ux * px + uy * py + u0, v = vx * px + vy * py + v0
        let top = Double(GradientTable.size - 1)
        table.fill(x: x, y: y, count: count, into: span) { i in
            let degrees = DeterministicMath.atan2(v + Double(i) * vx, u + Double(i) * ux) * (180 / DeterministicMath.pi)
            return Int(Self.position(angle: degrees, start: start, sweep: sweep) * top + 0.5)
        }
    }

    /// The gradient position 0…1 at `angle` (degrees) for a gradient
    /// starting at `start` and sweeping `sweep` degrees (see the type).
    static func position(angle: Double, start: Double, sweep: Double) -> Double {
        var offset = angle - start, sweep = sweep
        if sweep < 0 { offset = -offset; sweep = -sweep }
        var turn = offset.truncatingRemainder(dividingBy: 360) // into 0..<360
        if turn < 0 { turn += 360 }
        if sweep >= 360 {
            // The last complete turn: the offset in sweep − 360 ..< sweep.
            var k = (turn - (sweep - 360)).truncatingRemainder(dividingBy: 360)
            if k < 0 { k += 360 }
            return (sweep - 360 + k) / sweep
        }
        if sweep > 0 && turn <= sweep { return turn / sweep }
        // The gap: the last colour, then from halfway across it the first.
        return turn - sweep < (360 - sweep) / 2 ? 1 : 0
    }
}
