/// One drawing element with its start point made explicit: the unit that
/// measuring, trimming, dashing and stroking work on.
///
/// Coordinates are in the path's own space; `t` is the Bézier parameter 0…1.
enum PathSegment: Sendable, Equatable {
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    var start: Point {
        switch self {
        case .line(let p, _), .quad(let p, _, _), .cubic(let p, _, _, _): return p
        }
    }

    var end: Point {
        switch self {
        case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): return p
        }
    }

    /// The element that draws this segment from its start point.
    var element: PathElement {
        switch self {
        case .line(_, let p): return .line(p)
        case .quad(_, let c, let p): return .quad(c, p)
        case .cubic(_, let c1, let c2, let p): return .cubic(c1, c2, p)
        }
    }

    func point(at t: Double) -> Point {
        let mt = 1 - t
        switch self {
        case .line(let p0, let p1):
            return p0.lerp(to: p1, t)
        case .quad(let p0, let c, let p1):
            return p0 * (mt * mt) + c * (2 * mt * t) + p1 * (t * t)
        case .cubic(let p0, let c1, let c2, let p1):
            return p0 * (mt * mt * mt) + c1 * (3 * mt * mt * t) + c2 * (3 * mt * t * t) + p1 * (t * t * t)
        }
    }

    /// dB/dt: the velocity along the segment, in units per unit of `t`.
    func derivative(at t: Double) -> Point {
        let mt = 1 - t
        switch self {
        case .line(let p0, let p1):
            return p1 - p0
        case .quad(let p0, let c, let p1):
            return (c - p0) * (2 * mt) + (p1 - c) * (2 * t)
        case .cubic(let p0, let c1, let c2, let p1):
            return (c1 - p0) * (3 * mt * mt) + (c2 - c1) * (6 * mt * t) + (p1 - c2) * (3 * t * t)
        }
    }

    /// The part between parameters `t0 < t1`, still a Bézier of the same
    /// degree: de Casteljau's subdivision, applied at `t1` and then at the
    /// matching parameter of the left half. Endpoints at t = 0 and 1 stay exact.
    func subsegment(from t0: Double, to t1: Double) -> PathSegment {
        if case .line(let p0, let p1) = self {
            return .line(t0 > 0 ? p0.lerp(to: p1, t0) : p0, t1 < 1 ? p0.lerp(to: p1, t1) : p1)
        }
        var s = self
        if t1 < 1 { s = s.split(at: t1).left }
        if t0 > 0 { s = s.split(at: t1 > 0 ? t0 / t1 : 0).right }
        return s
    }

    /// de Casteljau's construction at `t`.
    func split(at t: Double) -> (left: PathSegment, right: PathSegment) {
        switch self {
        case .line(let p0, let p1):
            let m = p0.lerp(to: p1, t)
            return (.line(p0, m), .line(m, p1))
        case .quad(let p0, let c, let p1):
            let a = p0.lerp(to: c, t), b = c.lerp(to: p1, t), m = a.lerp(to: b, t)
            return (.quad(p0, a, m), .quad(m, b, p1))
        case .cubic(let p0, let c1, let c2, let p1):
            let a = p0.lerp(to: c1, t), b = c1.lerp(to: c2, t), c = c2.lerp(to: p1, t)
            let ab = a.lerp(to: b, t), bc = b.lerp(to: c, t), m = ab.lerp(to: bc, t)
            return (.cubic(p0, a, ab, m), .cubic(m, bc, c, p1))
        }
    }

    /// How many equal steps in `t` keep straight pieces within `tolerance` of
    /// the curve: Wang's formula, as `Flattener` uses, capped at 1024.
    func flatteningSteps(tolerance: Double) -> Int {
        let m: Double
        switch self {
        case .line:
            return 1
        case .quad(let p0, let c, let p1):
            m = (p0 - c * 2 + p1).length / 4
        case .cubic(let p0, let c1, let c2, let p1):
            m = Swift.max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p1).length) * 0.75
        }
        return pieceCount((m / tolerance).squareRoot())
    }

    /// Arc length between parameters `t0` and `t1`, by 5-point Gauss–Legendre
    /// quadrature of the speed |B′(t)|: exact for lines, and for curves a
    /// tiny error on pieces short enough to be nearly straight (the measure
    /// subdivides until it is).
    func length(from t0: Double, to t1: Double) -> Double {
        if case .line(let p0, let p1) = self { return (p1 - p0).length * (t1 - t0) }
        let half = (t1 - t0) / 2, mid = (t0 + t1) / 2
        var sum = 0.0
        for (x, w) in PathSegment.gaussLegendre5 {
            sum += w * derivative(at: mid + half * x).length
        }
        return sum * half
    }

    /// Nodes and weights of 5-point Gauss–Legendre quadrature on −1…1.
    private static let gaussLegendre5: [(Double, Double)] = [
        (0, 0.5688888888888889),
        (-0.5384693101056831, 0.4786286704993665), (0.5384693101056831, 0.4786286704993665),
        (-0.9061798459386640, 0.2369268850561891), (0.9061798459386640, 0.2369268850561891),
    ]
}

extension Point {
    /// Euclidean length of the vector.
    var length: Double { (x * x + y * y).squareRoot() }

    /// Dot product.
    func dot(_ o: Point) -> Double { x * o.x + y * o.y }

    /// z of the cross product; positive when `o` turns clockwise on screen
    /// (y down) from `self`.
    func cross(_ o: Point) -> Double { x * o.y - y * o.x }
}
