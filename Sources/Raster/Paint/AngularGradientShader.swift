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
    /// (u, v) = p − centre.
    private let offsets: PaintSpaceOffsets
    /// Degrees.
    private let start, sweep: Double

    /// - Parameters:
    ///   - center: paint-space point; angles in degrees.
    ///   - inverse: device pixel → paint space.
    init(table: GradientTable, center: Point, startAngle: Double, endAngle: Double, inverse: Transform) {
        self.table = table
        offsets = PaintSpaceOffsets(inverse: inverse, origin: center)
        start = startAngle
        sweep = endAngle - startAngle
        let finite = offsets.isFinite && start.isFinite && sweep.isFinite
        solid = table.solidColor(degenerate: !finite)
    }

    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>) {
        let top = Double(GradientTable.size - 1)
        offsets.shade(table, solid: solid, x: x, y: y, count: count, into: span) { u, v in
            let degrees = DeterministicMath.atan2(v, u) * (180 / DeterministicMath.pi)
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
