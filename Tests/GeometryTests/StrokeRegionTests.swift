import Testing
import Geometry

/// With round caps and joins a stroke covers exactly the points within
/// width/2 of the path, whatever its shape: checked at sample points for
/// curves that loop, cusp and turn sharply, where offset-based strokers break.
@Suite struct StrokeRegionTests {
    static let shapes: [(String, Double)] = [
        ("M0 0 C30 30 -10 30 20 0", 6),        // a loop
        ("M0 0 C20 20 0 20 20 0", 8),          // a cusp
        ("M0 0 Q30 5 0 10", 12),               // a tight turn, thick against its curvature
        ("M0 0 L20 0 L2 3 L25 10", 4),         // sharp corners
        ("M0 0 C10 -10 20 10 30 0 S40 -10 30 -20 Z", 5),
    ]

    @Test(arguments: shapes)
    func coversExactlyThePointsWithinHalfTheWidth(_ d: String, _ width: Double) throws {
        let path = try Path(svgData: d)
        let style = StrokeStyle(width: width, cap: .round, join: .round)
        let probe = OutlineProbe(path.stroked(style, tolerance: 1e-3))
        // The centre line, densely.
        let line = OutlineProbe(path, tolerance: 1e-3).segments
        let closed = d.hasSuffix("Z")
        let center = closed ? line : Array(line.dropLast())  // the fill closes open paths; a stroke does not
        func distanceToPath(_ p: Point) -> Double {
            center.reduce(Double.infinity) { min($0, distanceToSegment(p, $1.0, $1.1)) }
        }
        let bounds = path.controlBounds
        var seed: UInt64 = 12345
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let h = width / 2
        var wrong: [Point] = []
        for _ in 0..<1000 {
            let p = Point(bounds.minX - h + random() * (bounds.width + 2 * h),
                          bounds.minY - h + random() * (bounds.height + 2 * h))
            let dist = distanceToPath(p)
            if dist < h - 0.01 && !probe.contains(p) { wrong.append(p) }
            if dist > h + 0.01 && probe.contains(p) { wrong.append(p) }
        }
        #expect(wrong.isEmpty)
    }

    func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        let t = len2 > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0), 1) : 0
        return distance(p, Point(a.x + dx * t, a.y + dy * t))
    }
}
