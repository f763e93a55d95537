extension Path {
    /// The smallest box holding every point the path passes through, its
    /// control points excluded — SwiftUI's `Path.boundingRect` (Core
    /// Graphics' `boundingBoxOfPath`). Scenes place `path`, `polygon`, `line`
    /// and `shape` nodes by this box, so a curve that bulges past its end
    /// points is placed by the bulge, not by the control points beyond it.
    ///
    /// Each curve adds its end points and the points where its derivative
    /// vanishes in x or in y inside (0, 1): one root for a quadratic, up to two
    /// for a cubic (the quadratic formula on B′). Move points count, as in
    /// Core Graphics. Empty for an empty path.
    public var boundingRect: Rect {
        var r = Rect.empty
        var current = Point.zero, subpathStart = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                r = r.including(p)
                current = p
                subpathStart = p
            case .line(let p):
                r = r.including(current).including(p)
                current = p
            case .quad(let c, let p):
                r = PathSegment.quad(current, c, p).includingExtrema(in: r.including(current).including(p))
                current = p
            case .cubic(let c1, let c2, let p):
                r = PathSegment.cubic(current, c1, c2, p).includingExtrema(in: r.including(current).including(p))
                current = p
            case .close:
                current = subpathStart
            }
        }
        return r
    }
}

extension PathSegment {
    /// dB/dt along one axis as a·t² + b·t + c.
    private typealias Quadratic = (a: Double, b: Double, c: Double)

    /// `box` grown by the segment's points at the interior roots of dx/dt
    /// and dy/dt. Computed in place, without arrays: every shape's bounds
    /// are found every frame (allocating the roots was 5 % of drawing a
    /// Lottie letter's frame).
    func includingExtrema(in box: Rect) -> Rect {
        var r = box
        let k = derivativeCoefficients
        Self.forEachInteriorRoot(of: k.x) { r = r.including(point(at: $0)) }
        Self.forEachInteriorRoot(of: k.y) { r = r.including(point(at: $0)) }
        return r
    }

    /// dB/dt along x and along y (common factors dropped, which leaves the
    /// roots alone).
    private var derivativeCoefficients: (x: Quadratic, y: Quadratic) {
        // B′/2 = (k − p0)(1 − t) + (p1 − k)t
        func quad(_ p0: Double, _ k: Double, _ p1: Double) -> Quadratic {
            let d0 = k - p0, d1 = p1 - k
            return (0, d1 - d0, d0)
        }
        // B′/3 = d0(1 − t)² + 2·d1(1 − t)t + d2·t²
        func cubic(_ p0: Double, _ k1: Double, _ k2: Double, _ p1: Double) -> Quadratic {
            let d0 = k1 - p0, d1 = k2 - k1, d2 = p1 - k2
            return (d0 - 2 * d1 + d2, 2 * (d1 - d0), d0)
        }
        switch self {
        case .line:
            return ((0, 0, 1), (0, 0, 1))
        case .quad(let p0, let k, let p1):
            return (quad(p0.x, k.x, p1.x), quad(p0.y, k.y, p1.y))
        case .cubic(let p0, let k1, let k2, let p1):
            return (cubic(p0.x, k1.x, k2.x, p1.x), cubic(p0.y, k1.y, k2.y, p1.y))
        }
    }

    /// Calls `body` with each root of a·t² + b·t + c strictly between 0 and 1.
    /// The numerically stable form of the quadratic formula (q = −(b ± √D)/2),
    /// so a tiny `a` does not cancel digits away.
    private static func forEachInteriorRoot(of k: Quadratic, _ body: (Double) -> Void) {
        func visit(_ t: Double) { if t > 0 && t < 1 { body(t) } }
        if k.a == 0 {
            if k.b != 0 { visit(-k.c / k.b) }
        } else {
            let d = k.b * k.b - 4 * k.a * k.c
            if d >= 0 {
                let q = -0.5 * (k.b + (k.b < 0 ? -1.0 : 1.0) * d.squareRoot())
                visit(q / k.a)
                if q != 0 { visit(k.c / q) }
            }
        }
    }
}
