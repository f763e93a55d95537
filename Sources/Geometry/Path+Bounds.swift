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
    /// `box` grown by the segment's points at the interior roots of dx/dt and dy/dt.
    func includingExtrema(in box: Rect) -> Rect {
        var r = box
        for t in Self.interiorRoots(derivativeCoefficients(\.x)) + Self.interiorRoots(derivativeCoefficients(\.y)) {
            r = r.including(point(at: t))
        }
        return r
    }

    /// dB/dt along one axis as a·t² + b·t + c (common factors dropped, which
    /// leaves the roots alone).
    private func derivativeCoefficients(_ axis: KeyPath<Point, Double>) -> (a: Double, b: Double, c: Double) {
        switch self {
        case .line:
            return (0, 0, 1)
        case .quad(let p0, let k, let p1):
            // B′/2 = (k − p0)(1 − t) + (p1 − k)t
            let d0 = k[keyPath: axis] - p0[keyPath: axis], d1 = p1[keyPath: axis] - k[keyPath: axis]
            return (0, d1 - d0, d0)
        case .cubic(let p0, let k1, let k2, let p1):
            // B′/3 = d0(1 − t)² + 2·d1(1 − t)t + d2·t²
            let d0 = k1[keyPath: axis] - p0[keyPath: axis]
            let d1 = k2[keyPath: axis] - k1[keyPath: axis]
            let d2 = p1[keyPath: axis] - k2[keyPath: axis]
            return (d0 - 2 * d1 + d2, 2 * (d1 - d0), d0)
        }
    }

    /// The roots of a·t² + b·t + c strictly between 0 and 1.
    /// The numerically stable form of the quadratic formula (q = −(b ± √D)/2),
    /// so a tiny `a` does not cancel digits away.
    private static func interiorRoots(_ k: (a: Double, b: Double, c: Double)) -> [Double] {
        var roots: [Double] = []
        if k.a == 0 {
            if k.b != 0 { roots.append(-k.c / k.b) }
        } else {
            let d = k.b * k.b - 4 * k.a * k.c
            if d >= 0 {
                let q = -0.5 * (k.b + (k.b < 0 ? -1.0 : 1.0) * d.squareRoot())
                roots.append(q / k.a)
                if q != 0 { roots.append(k.c / q) }
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
