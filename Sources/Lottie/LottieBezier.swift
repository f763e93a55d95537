import Determinism
import SceneModel

/// A Lottie path: vertices with in and out tangents relative to them, open
/// or closed. It is also the form every static outline takes when a
/// group's transform is folded into it.
struct LottieBezier: Equatable {
    struct P: Equatable { var x, y: Double }
    var closed: Bool
    var v: [P]
    var i: [P]
    var o: [P]

    /// The flat form keyframes interpolate: [closed, n, vertices, in, out].
    var flat: [Double] {
        [closed ? 1 : 0, Double(v.count)] + (v + i + o).flatMap { [$0.x, $0.y] }
    }

    init(closed: Bool, v: [P], i: [P], o: [P]) {
        self.closed = closed; self.v = v; self.i = i; self.o = o
    }

    init?(flat f: [Double]) {
        guard f.count >= 2, f[1] >= 0, f[1] < 1e6 else { return nil }
        let n = Int(f[1])
        guard f.count == 2 + 6 * n else { return nil }
        func points(_ k: Int) -> [P] { (0..<n).map { P(x: f[2 + 2 * (k * n + $0)], y: f[3 + 2 * (k * n + $0)]) } }
        self.init(closed: f[0] >= 0.5, v: points(0), i: points(1), o: points(2))
    }

    /// SVG path data: a cubic for each segment (a line where both tangents are zero).
    var d: String {
        guard let first = v.first else { return "" }
        func n(_ x: Double) -> String { JSONValue.format((x * 1000).rounded() / 1000) }
        func pt(_ p: P) -> String { n(p.x) + " " + n(p.y) }
        var out = "M" + pt(first)
        func segment(_ a: Int, _ b: Int) {
            if o[a] == P(x: 0, y: 0) && i[b] == P(x: 0, y: 0) {
                out += " L" + pt(v[b])
            } else {
                out += " C" + pt(P(x: v[a].x + o[a].x, y: v[a].y + o[a].y)) + " "
                    + pt(P(x: v[b].x + i[b].x, y: v[b].y + i[b].y)) + " " + pt(v[b])
            }
        }
        for k in 0..<(v.count - 1) { segment(k, k + 1) }
        if closed {
            if v.count > 1 { segment(v.count - 1, 0) }
            out += " Z"
        }
        return out
    }

    /// The path through the affine map [a, b, c, d, tx, ty] (x' = a x + c y + tx).
    func applying(_ m: [Double]) -> LottieBezier {
        func point(_ p: P) -> P { P(x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5]) }
        func vector(_ p: P) -> P { P(x: m[0] * p.x + m[2] * p.y, y: m[1] * p.x + m[3] * p.y) }
        return LottieBezier(closed: closed, v: v.map(point), i: i.map(vector), o: o.map(vector))
    }

    /// Where the outline goes (curves by their extremes, not their control
    /// points), as the scene measures a path's bounds; nil when empty.
    var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard !v.isEmpty else { return nil }
        var lo = v[0], hi = v[0]
        func add(_ p: P) { lo = P(x: min(lo.x, p.x), y: min(lo.y, p.y)); hi = P(x: max(hi.x, p.x), y: max(hi.y, p.y)) }
        func extremes(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
            // Roots of the derivative of the cubic with control values a, b, c, d.
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            if abs(qa) < 1e-12 { return abs(qb) < 1e-12 ? [] : [-qc / qb] }
            let disc = qb * qb - 4 * qa * qc
            guard disc >= 0 else { return [] }
            let r = disc.squareRoot()
            return [(-qb + r) / (2 * qa), (-qb - r) / (2 * qa)]
        }
        func cubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ t: Double) -> Double {
            let u = 1 - t
            return u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
        }
        let count = closed ? v.count : v.count - 1
        for k in 0..<max(count, 0) {
            let a = v[k], b = v[(k + 1) % v.count]
            let c1 = P(x: a.x + o[k].x, y: a.y + o[k].y), c2 = P(x: b.x + i[(k + 1) % v.count].x, y: b.y + i[(k + 1) % v.count].y)
            add(b)
            for t in extremes(a.x, c1.x, c2.x, b.x) + extremes(a.y, c1.y, c2.y, b.y) where t > 0 && t < 1 {
                add(P(x: cubic(a.x, c1.x, c2.x, b.x, t), y: cubic(a.y, c1.y, c2.y, b.y, t)))
            }
        }
        return (lo.x, lo.y, hi.x, hi.y)
    }

    /// The path with its sharp corners rounded by `radius`, as After Effects'
    /// Round Corners does: a vertex without tangents (not the end of an
    /// open path) becomes two, moved toward its neighbours by the radius
    /// (at most halfway), joined by a curve whose handles reach 0.5519 of
    /// the way back to the corner.
    func roundingCorners(_ radius: Double) -> LottieBezier {
        guard radius > 0, v.count > 2 else { return self }
        let zero = P(x: 0, y: 0), magic = 0.5519
        var out = LottieBezier(closed: closed, v: [], i: [], o: [])
        for k in v.indices {
            let corner = v[k]
            let isEnd = !closed && (k == 0 || k == v.count - 1)
            guard i[k] == zero, o[k] == zero, !isEnd else {
                out.v.append(corner); out.i.append(i[k]); out.o.append(o[k]); continue
            }
            let previous = v[(k + v.count - 1) % v.count], next = v[(k + 1) % v.count]
            func toward(_ p: P) -> P {
                let length = ((p.x - corner.x) * (p.x - corner.x) + (p.y - corner.y) * (p.y - corner.y)).squareRoot()
                let f = length > 0 ? min(radius / length, 0.5) : 0
                return P(x: corner.x + (p.x - corner.x) * f, y: corner.y + (p.y - corner.y) * f)
            }
            let a = toward(previous), b = toward(next)
            out.v += [a, b]
            out.i += [zero, P(x: (corner.x - b.x) * magic, y: (corner.y - b.y) * magic)]
            out.o += [P(x: (corner.x - a.x) * magic, y: (corner.y - a.y) * magic), zero]
        }
        return out
    }

    /// Twice the area its control polygon encloses, positive when it turns
    /// clockwise on screen (y down): the sign tells its winding.
    var signedArea: Double {
        var points: [P] = []
        for k in v.indices {
            let next = (k + 1) % v.count
            points += [v[k], P(x: v[k].x + o[k].x, y: v[k].y + o[k].y), P(x: v[next].x + i[next].x, y: v[next].y + i[next].y)]
        }
        return points.indices.reduce(0) { sum, k in
            let a = points[k], b = points[(k + 1) % points.count]
            return sum + a.x * b.y - b.x * a.y
        }
    }

    /// The reversed path (Lottie's direction 3 draws a shape counterclockwise).
    var reversed: LottieBezier {
        guard v.count > 1 else { return self }
        let order = [0] + (1..<v.count).reversed()
        return LottieBezier(closed: closed, v: order.map { v[$0] }, i: order.map { o[$0] }, o: order.map { i[$0] })
    }
}

/// Lottie's parametric shapes as paths, drawn clockwise from where After
/// Effects starts them.
extension LottieBezier {
    /// The circle's tangent length for a quarter arc.
    static let kappa = 0.5522847498

    static func ellipse(center c: P, size s: P) -> LottieBezier {
        let rx = s.x / 2, ry = s.y / 2, kx = rx * kappa, ky = ry * kappa
        return LottieBezier(closed: true,
            v: [P(x: c.x, y: c.y - ry), P(x: c.x + rx, y: c.y), P(x: c.x, y: c.y + ry), P(x: c.x - rx, y: c.y)],
            i: [P(x: -kx, y: 0), P(x: 0, y: -ky), P(x: kx, y: 0), P(x: 0, y: ky)],
            o: [P(x: kx, y: 0), P(x: 0, y: ky), P(x: -kx, y: 0), P(x: 0, y: -ky)])
    }

    static func rect(center c: P, size s: P, radius: Double) -> LottieBezier {
        let w = s.x / 2, h = s.y / 2, r = max(0, min(radius, w, h))
        let zero = P(x: 0, y: 0)
        guard r > 0 else {
            return LottieBezier(closed: true,
                v: [P(x: c.x + w, y: c.y - h), P(x: c.x + w, y: c.y + h), P(x: c.x - w, y: c.y + h), P(x: c.x - w, y: c.y - h)],
                i: [zero, zero, zero, zero], o: [zero, zero, zero, zero])
        }
        let k = r * kappa
        let v = [P(x: c.x + w, y: c.y - h + r), P(x: c.x + w, y: c.y + h - r), P(x: c.x + w - r, y: c.y + h), P(x: c.x - w + r, y: c.y + h),
                 P(x: c.x - w, y: c.y + h - r), P(x: c.x - w, y: c.y - h + r), P(x: c.x - w + r, y: c.y - h), P(x: c.x + w - r, y: c.y - h)]
        let i = [P(x: 0, y: -k), zero, P(x: k, y: 0), zero, P(x: 0, y: k), zero, P(x: -k, y: 0), zero]
        let o = [zero, P(x: 0, y: k), zero, P(x: -k, y: 0), zero, P(x: 0, y: -k), zero, P(x: k, y: 0)]
        return LottieBezier(closed: true, v: v, i: i, o: o)
    }

    /// The most points a polystar may have.
    static let maxStarPoints = 1000.0

    /// A star (`sy` 1) or polygon (2) of `points` points, starting at the
    /// top turned by `rotation` degrees. A corner's roundness (percent;
    /// `outerRoundness` for the points, `innerRoundness` for a star's inner
    /// corners) gives it tangents along the circle through it, as long as
    /// the radius times the roundness times 0.47829 for a star, 0.25 for a
    /// polygon: lottie-ios's and lottie-android's lengths.
    static func star(center c: P, points: Int, outer: Double, inner: Double?, rotation: Double,
                     outerRoundness: Double = 0, innerRoundness: Double = 0) -> LottieBezier {
        let n = max(points, 0) * (inner == nil ? 1 : 2)
        let step = 360 / Double(max(n, 1))
        let handle = inner == nil ? 0.25 : 0.47829
        var v: [P] = [], i: [P] = [], o: [P] = []
        for k in 0..<n {
            let turn = DeterministicMath.sinCos(degrees: rotation - 90 + Double(k) * step)
            let isInner = inner != nil && k % 2 == 1
            let r = isInner ? inner! : outer
            v.append(P(x: c.x + r * turn.cos, y: c.y + r * turn.sin))
            // Along the direction of travel (clockwise on screen), away from the centre's side whatever the radius' sign.
            let length = abs(r) * (isInner ? innerRoundness : outerRoundness) / 100 * handle
            let along = length == 0 ? P(x: 0, y: 0) : P(x: -turn.sin * length, y: turn.cos * length)
            o.append(along)
            i.append(P(x: -along.x, y: -along.y))
        }
        return LottieBezier(closed: true, v: v, i: i, o: o)
    }

    /// Pucker & Bloat by `percent` as After Effects and lottie-web do it:
    /// each vertex moved that fraction of the way to the vertices' mean,
    /// each tangent's end as far the other way (bloat above 0, pucker below).
    /// Means and fractions commute with affine maps, so it may apply after them.
    func puckered(_ percent: Double) -> LottieBezier {
        guard !v.isEmpty, percent != 0 else { return self }
        let k = percent / 100, n = Double(v.count)
        let c = P(x: v.reduce(0) { $0 + $1.x } / n, y: v.reduce(0) { $0 + $1.y } / n)
        var out = self
        for j in v.indices {
            let moved = P(x: v[j].x + (c.x - v[j].x) * k, y: v[j].y + (c.y - v[j].y) * k)
            func handle(_ t: P) -> P {
                let end = P(x: v[j].x + t.x, y: v[j].y + t.y)
                return P(x: end.x - (c.x - end.x) * k - moved.x, y: end.y - (c.y - end.y) * k - moved.y)
            }
            out.v[j] = moved
            out.i[j] = handle(i[j])
            out.o[j] = handle(o[j])
        }
        return out
    }
}
