/// One segment of a Lottie path as a cubic with absolute control points,
/// for the modifiers that rebuild a path segment by segment (offset path,
/// zig-zag). Only `+ − × ÷` and square roots, so the points are the same
/// on every machine.
struct LottieCubic {
    typealias P = LottieBezier.P
    var p0, p1, p2, p3: P

    /// Points closer than this are the same point (lottie-web's tolerance).
    static let epsilon = 1e-5

    init(_ p0: P, _ p1: P, _ p2: P, _ p3: P) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
    }

    /// Segment `k` of `path` (to vertex k + 1, wrapping), a tangent of zero
    /// length put a third of the way along the chord so that a straight
    /// segment has a direction at its ends.
    init(_ path: LottieBezier, _ k: Int) {
        let n = (k + 1) % path.v.count
        let a = path.v[k], b = path.v[n]
        var c1 = a + path.o[k], c2 = b + path.i[n]
        if c1.isClose(to: a) { c1 = a.mix(b, 1.0 / 3) }
        if c2.isClose(to: b) { c2 = a.mix(b, 2.0 / 3) }
        self.init(a, c1, c2, b)
    }

    var isPoint: Bool { p0.isClose(to: p1) && p0.isClose(to: p2) && p0.isClose(to: p3) }

    func point(_ t: Double) -> P {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return P(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    func derivative(_ t: Double) -> P {
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        return P(x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                 y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }

    /// The two halves at `t` (de Casteljau).
    func split(_ t: Double) -> (LottieCubic, LottieCubic) {
        let a = p0.mix(p1, t), b = p1.mix(p2, t), c = p2.mix(p3, t)
        let d = a.mix(b, t), e = b.mix(c, t), m = d.mix(e, t)
        return (LottieCubic(p0, a, d, m), LottieCubic(m, e, c, p3))
    }

    /// Where the curvature changes sign, inside 0…1, in order.
    var inflections: [Double] {
        // Power basis: B(t) = a t³ + b t² + c t + p0.
        let a = P(x: -p0.x + 3 * p1.x - 3 * p2.x + p3.x, y: -p0.y + 3 * p1.y - 3 * p2.y + p3.y)
        let b = P(x: 3 * p0.x - 6 * p1.x + 3 * p2.x, y: 3 * p0.y - 6 * p1.y + 3 * p2.y)
        let c = P(x: 3 * (p1.x - p0.x), y: 3 * (p1.y - p0.y))
        // B′ × B″ = 0 is the quadratic (a×b) t² + (a×c) t + (b×c)/3 = 0 (× the 2-D cross product).
        let ab = a.cross(b)
        guard abs(ab) > Self.epsilon else { return [] }
        let middle = -0.5 * a.cross(c) / ab
        let square = middle * middle - b.cross(c) / (3 * ab)
        guard square >= 0 else { return [] }
        let root = square.squareRoot()
        return (root <= Self.epsilon ? [middle] : [middle - root, middle + root]).filter { $0 > 0 && $0 < 1 }
    }

    /// The segment cut at its inflections: pieces that each bend one way.
    var bendingPieces: [LottieCubic] {
        var pieces: [LottieCubic] = [], rest = self, done = 0.0
        for t in inflections {
            let (head, tail) = rest.split((t - done) / (1 - done))
            pieces.append(head)
            rest = tail
            done = t
        }
        return pieces + [rest]
    }

    /// The first crossing of two segments, as (t on self, t on other),
    /// found by halving both while their control boxes overlap (at most
    /// `maxVisits` pairs looked at); a crossing at `skipping` does not count.
    func intersection(_ other: LottieCubic, skipping: P? = nil) -> (Double, Double)? {
        var visits = 0
        func search(_ a: LottieCubic, _ ta: ClosedRange<Double>, _ b: LottieCubic, _ tb: ClosedRange<Double>, _ depth: Int) -> (Double, Double)? {
            visits += 1
            guard visits <= Self.maxVisits, a.boxOverlaps(b) else { return nil }
            if depth >= 18 || (a.boxSize < 1e-3 && b.boxSize < 1e-3) {
                if let skipping, a.boxContains(skipping, margin: 1e-3) { return nil }
                return ((ta.lowerBound + ta.upperBound) / 2, (tb.lowerBound + tb.upperBound) / 2)
            }
            let (a0, a1) = a.split(0.5), (b0, b1) = b.split(0.5)
            let am = (ta.lowerBound + ta.upperBound) / 2, bm = (tb.lowerBound + tb.upperBound) / 2
            for (x, tx) in [(a0, ta.lowerBound...am), (a1, am...ta.upperBound)] {
                for (y, ty) in [(b0, tb.lowerBound...bm), (b1, bm...tb.upperBound)] {
                    if let hit = search(x, tx, y, ty, depth + 1) { return hit }
                }
            }
            return nil
        }
        return search(self, 0...1, other, 0...1, 0)
    }

    /// Bounds the work of one `intersection`.
    static let maxVisits = 20_000

    private func boxContains(_ p: P, margin: Double) -> Bool {
        let b = box
        return p.x >= b.lo.x - margin && p.x <= b.hi.x + margin && p.y >= b.lo.y - margin && p.y <= b.hi.y + margin
    }

    private var box: (lo: P, hi: P) {
        let xs = [p0.x, p1.x, p2.x, p3.x], ys = [p0.y, p1.y, p2.y, p3.y]
        return (P(x: xs.min()!, y: ys.min()!), P(x: xs.max()!, y: ys.max()!))
    }

    private var boxSize: Double {
        let b = box
        return max(b.hi.x - b.lo.x, b.hi.y - b.lo.y)
    }

    private func boxOverlaps(_ other: LottieCubic) -> Bool {
        let a = box, b = other.box
        return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y
    }
}

extension LottieBezier.P {
    static func + (a: Self, b: Self) -> Self { Self(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Self, b: Self) -> Self { Self(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Self, k: Double) -> Self { Self(x: a.x * k, y: a.y * k) }

    var length: Double { (x * x + y * y).squareRoot() }
    func cross(_ o: Self) -> Double { x * o.y - y * o.x }
    func mix(_ o: Self, _ t: Double) -> Self { Self(x: x + (o.x - x) * t, y: y + (o.y - y) * t) }
    func isClose(to o: Self) -> Bool { abs(x - o.x) <= LottieCubic.epsilon && abs(y - o.y) <= LottieCubic.epsilon }

    /// The unit vector a quarter turn counterclockwise on screen (y down)
    /// from this direction: the left of travel, outside a clockwise path.
    var leftNormal: Self {
        let l = length
        return l > 0 ? Self(x: y / l, y: -x / l) : Self(x: 0, y: 0)
    }

    /// The point where the lines a–b and c–d cross; nil when parallel.
    static func crossing(_ a: Self, _ b: Self, _ c: Self, _ d: Self) -> Self? {
        let r = b - a, s = d - c
        let denominator = r.cross(s)
        guard abs(denominator) > 1e-12 else { return nil }
        let t = (c - a).cross(s) / denominator
        return a + r * t
    }
}
