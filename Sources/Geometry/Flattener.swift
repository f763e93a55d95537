/// Receives the straight segments a flattened path is made of.
public protocol LineSink {
    mutating func line(from p0: Point, to p1: Point)
}

/// Turns curves into line segments, after mapping them through a transform.
///
/// Curves are transformed first and flattened in the destination space, so the
/// tolerance is a distance in output units (pixels) whatever the scale. The
/// segment count comes from Wang's formula (the bound on a Bézier's second
/// differences), which needs no recursion and gives the same segments on
/// every machine.
public enum Flattener {
    /// Maximum distance, in output units, between curve and segments.
    public static let defaultTolerance = 0.05

    /// Calls `sink` for every segment of `path`; every sub-path is closed,
    /// since filling treats open sub-paths as closed.
    @inlinable
    public static func flatten<S: LineSink>(_ path: Path, transform: Transform,
                                            tolerance: Double = defaultTolerance, into sink: inout S) {
        var start = Point.zero, current = Point.zero, open = false
        for e in path.elements {
            switch e {
            case .move(let p):
                if open && current != start { sink.line(from: current, to: start) }
                start = transform.apply(p); current = start; open = true
            case .line(let p):
                let q = transform.apply(p)
                sink.line(from: current, to: q)
                current = q
            case .quad(let c, let p):
                let c1 = transform.apply(c), p2 = transform.apply(p)
                let dd = current - c1 * 2 + p2
                let n = segmentCount(secondDifference: (dd.x * dd.x + dd.y * dd.y).squareRoot() / 4,
                                     tolerance: tolerance)
                var prev = current
                for i in 1...n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let q = i == n ? p2 : current * (mt * mt) + c1 * (2 * mt * t) + p2 * (t * t)
                    sink.line(from: prev, to: q)
                    prev = q
                }
                current = p2
            case .cubic(let c1, let c2, let p):
                let a = transform.apply(c1), b = transform.apply(c2), p3 = transform.apply(p)
                let d1 = current - a * 2 + b, d2 = a - b * 2 + p3
                let m = Swift.max((d1.x * d1.x + d1.y * d1.y).squareRoot(),
                                  (d2.x * d2.x + d2.y * d2.y).squareRoot())
                let n = segmentCount(secondDifference: m * 0.75, tolerance: tolerance)
                var prev = current
                for i in 1...n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let q = i == n ? p3
                        : current * (mt * mt * mt) + a * (3 * mt * mt * t) + b * (3 * mt * t * t) + p3 * (t * t * t)
                    sink.line(from: prev, to: q)
                    prev = q
                }
                current = p3
            case .close:
                if open && current != start { sink.line(from: current, to: start) }
                current = start
            }
        }
        if open && current != start { sink.line(from: current, to: start) }
    }

    /// Wang's formula: n = ⌈√(M / tolerance)⌉ segments, capped so a degenerate
    /// huge curve cannot stall a frame.
    @inlinable
    static func segmentCount(secondDifference m: Double, tolerance: Double) -> Int {
        pieceCount((m / tolerance).squareRoot())
    }
}
