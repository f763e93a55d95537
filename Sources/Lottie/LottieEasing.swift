import Animation

/// After Effects' temporal easing: a cubic Bézier from (0, 0) to (1, 1)
/// through (x1, y1) and (x2, y2), read as progress (y) against time (x).
struct LottieEasing: Equatable {
    var x1, y1, x2, y2: Double

    static let linear = LottieEasing(x1: 0, y1: 0, x2: 1, y2: 1)

    var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The timing curve the scene's keyframes get, x clamped to 0…1 as
    /// the format requires. Progress the import computes itself (points
    /// along a moving path, keys before time 0) goes through the same curve,
    /// so it matches what the renderer draws between the keys.
    var curve: Curve {
        isLinear ? .linear : .cubicBezier(x1: min(max(x1, 0), 1), y1: y1, x2: min(max(x2, 0), 1), y2: y2)
    }

    /// The easing of the part of the segment after time fraction `x0`
    /// (scenes have no keys before time 0): the curve's right part, split
    /// where it reaches `x0` and scaled back to the unit square.
    func after(_ x0: Double) -> LottieEasing {
        guard !isLinear, x0 > 0, x0 < 1 else { return self }
        let ax = min(max(x1, 0), 1), bx = min(max(x2, 0), 1)
        var lo = 0.0, hi = 1.0
        for _ in 0..<48 {
            let mid = (lo + hi) / 2
            let u = 1 - mid
            if 3 * u * u * mid * ax + 3 * u * mid * mid * bx + mid * mid * mid < x0 { lo = mid } else { hi = mid }
        }
        let s = (lo + hi) / 2
        func lerp(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) { (a.0 + (b.0 - a.0) * s, a.1 + (b.1 - a.1) * s) }
        let p1 = (ax, y1), p2 = (bx, y2), p3 = (1.0, 1.0)
        let q12 = lerp(p1, p2), q23 = lerp(p2, p3)
        let r2 = lerp(q12, q23)
        let start = lerp(lerp(lerp((0, 0), p1), q12), r2)
        let w = 1 - start.0, h = 1 - start.1
        guard w > 1e-9, abs(h) > 1e-9 else { return .linear }
        return LottieEasing(x1: (r2.0 - start.0) / w, y1: (r2.1 - start.1) / h, x2: (q23.0 - start.0) / w, y2: (q23.1 - start.1) / h)
    }
}
