/// A timing curve: maps the linear progress of a segment (0…1) to the eased
/// progress, as CAMediaTimingFunction and SwiftUI's `Animation` do.
public enum Curve: Sendable, Equatable, Hashable {
    case linear
    /// A CSS/Core Animation cubic Bézier from (0,0) to (1,1) with the two
    /// given control points.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// No easing at all: the start value until the very end, then the end
    /// value (After Effects' and Lottie's hold keyframes, CSS `steps(1)`).
    case hold

    /// Core Animation's named timing functions.
    public static let easeIn = Curve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = Curve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = Curve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The format's names for curves, for decoders.
    public static let named: [(name: String, curve: Curve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut), ("hold", .hold),
    ]

    /// Eased progress at linear progress `x` (clamped to 0…1).
    public func value(at x: Double) -> Double {
        let x = Swift.min(Swift.max(x, 0), 1)
        switch self {
        case .linear:
            return x
        case let .cubicBezier(x1, y1, x2, y2):
            return CubicBezierSolver(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: x)
        case .hold:
            return x < 1 ? 0 : 1
        }
    }

    /// d(eased progress)/d(linear progress) at `x` (clamped to 0…1): what a
    /// spring inherits as velocity when it interrupts this curve. Where the
    /// Bézier's x stands still (a vertical tangent) the slope is 0 rather
    /// than infinite, so an interruption there cannot launch a spring to NaN.
    public func slope(at x: Double) -> Double {
        let x = Swift.min(Swift.max(x, 0), 1)
        switch self {
        case .linear:
            return 1
        case let .cubicBezier(x1, y1, x2, y2):
            return CubicBezierSolver(x1: x1, y1: y1, x2: x2, y2: y2).slope(atX: x)
        case .hold:
            return 0
        }
    }
}

/// Solves a timing Bézier for its parameter at a given x, then returns y
/// (or the slope dy/dx).
///
/// Newton's method from x as the first guess, falling back to bisection when
/// the slope is flat — the method WebKit's UnitBezier uses — to 1e-7 in x.
struct CubicBezierSolver {
    let cx, bx, ax, cy, by, ay: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func slopeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    func y(atX x: Double) -> Double { sampleY(parameter(atX: x)) }

    /// dy/dx at x. Where dx/dt vanishes with dy/dt (a control point on an
    /// end point), the ratio of second derivatives is the limit (l'Hôpital);
    /// where only dx/dt vanishes the tangent is vertical and this returns 0.
    func slope(atX x: Double) -> Double {
        let t = parameter(atX: x)
        let dx = slopeX(t), dy = slopeY(t)
        if abs(dx) > 1e-9 { return dy / dx }
        if abs(dy) > 1e-9 { return 0 }
        let ddx = 6 * ax * t + 2 * bx, ddy = 6 * ay * t + 2 * by
        let limit = ddy / ddx
        return limit.isFinite ? limit : 0
    }

    /// The Bézier parameter whose x is `x`.
    func parameter(atX x: Double) -> Double {
        let epsilon = 1e-7
        var t = x
        for _ in 0..<8 {
            let err = sampleX(t) - x
            if abs(err) < epsilon { return t }
            let d = slopeX(t)
            if abs(d) < 1e-6 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        while lo < hi {
            let v = sampleX(t)
            if abs(v - x) < epsilon { break }
            if x > v { lo = t } else { hi = t }
            let mid = (lo + hi) / 2
            if mid == t { break }
            t = mid
        }
        return t
    }
}
