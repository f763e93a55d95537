/// The one trigonometry: sin and cos of angles in degrees, reduced to an
/// octant exactly (for the angles scenes use) and evaluated with Taylor
/// polynomials accurate to about 1e-16 on [−π/4, π/4], the same in radians
/// through degrees, and an atan2 summed as a series. Transforms, arcs,
/// strokes and particles use it, and so do springs and expressions.
extension DeterministicMath {
    /// sin and cos of an angle in degrees; NaN for a non-finite angle.
    public static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        // What the series below gives for ±0 (most nodes are not rotated), without it.
        if degrees == 0 { return (0, 1) }
        var r = degrees.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        // Nearest multiple of 90°, so the polynomial argument stays within ±45°.
        let quadrant = (r / 90).rounded()
        let x = (r - quadrant * 90) * (pi / 180)
        let s = sinPoly(x), c = cosPoly(x)
        switch Int(quadrant) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// sin and cos of an angle in radians (converted to degrees, so a large
    /// angle keeps an absolute error of about |radians| × 1e-16).
    public static func sinCos(radians: Double) -> (sin: Double, cos: Double) {
        sinCos(degrees: radians * (180 / pi))
    }

    /// The angle of the vector (x, y) in radians, in −π…π, like C's `atan2`
    /// (y down, so positive angles turn clockwise on screen); 0 for (0, 0),
    /// NaN unless both are finite.
    ///
    /// Only `+ − × ÷` and `squareRoot()` (IEEE-exact), for the same reason
    /// as `sinCos`: the ratio is folded into 0…1, halved twice in angle with
    /// tan(θ/2) = t / (1 + √(1 + t²)) so it stays below tan(π/16), and summed
    /// as the Taylor series of atan; accurate to a few ulps.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        guard x.isFinite, y.isFinite else { return .nan }
        let ax = Swift.abs(x), ay = Swift.abs(y)
        if ax == 0 && ay == 0 { return 0 }
        var a = ay <= ax ? atanUnit(ay / ax) : pi / 2 - atanUnit(ax / ay)
        if x < 0 { a = pi - a }
        return y < 0 ? -a : a
    }

    /// The angle of the vector (x, y) in degrees, in −180…180.
    public static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        atan2(y, x) * (180 / pi)
    }

    /// atan(t) for t in 0…1.
    private static func atanUnit(_ t: Double) -> Double {
        var u = t
        for _ in 0..<2 { u /= 1 + (1 + u * u).squareRoot() }
        // |u| ≤ 0.199, so the terms fall below 1e-19 by u²⁷.
        let u2 = u * u
        var power = u, sum = u
        for n in 1...13 {
            power *= -u2
            sum += power / Double(2 * n + 1)
        }
        return sum * 4
    }

    /// sin x = x − x³/3! + … to x¹⁷, by Horner's rule with the coefficients
    /// 1/n! as constants (no division: this runs per particle).
    private static func sinPoly(_ x: Double) -> Double {
        let x2 = x * x
        var s = 2.8114572543455206e-15
        s = s * x2 - 7.647163731819816e-13
        s = s * x2 + 1.6059043836821613e-10
        s = s * x2 - 2.505210838544172e-08
        s = s * x2 + 2.7557319223985893e-06
        s = s * x2 - 0.0001984126984126984
        s = s * x2 + 0.008333333333333333
        s = s * x2 - 0.16666666666666666
        return x + x * x2 * s
    }

    /// cos x = 1 − x²/2! + … to x¹⁸, as `sinPoly`.
    private static func cosPoly(_ x: Double) -> Double {
        let x2 = x * x
        var c = -1.5619206968586225e-16
        c = c * x2 + 4.779477332387385e-14
        c = c * x2 - 1.1470745597729725e-11
        c = c * x2 + 2.08767569878681e-09
        c = c * x2 - 2.755731922398589e-07
        c = c * x2 + 2.48015873015873e-05
        c = c * x2 - 0.001388888888888889
        c = c * x2 + 0.041666666666666664
        c = c * x2 - 0.5
        return 1 + x2 * c
    }
}
