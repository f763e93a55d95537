/// Trigonometry that gives the same bits on every platform.
///
/// Frames must be byte-identical on any machine, but `sin`/`cos` from the C
/// library differ in the last bit between glibc and Apple's libm. These use
/// only `+ − × ÷` (IEEE-exact everywhere): the argument is reduced to an
/// octant in degrees (exact for the angles scenes use), then evaluated with
/// Taylor polynomials accurate to about 1e-16 on [−π/4, π/4].
public enum DeterministicMath {
    public static let pi = 3.141592653589793

    /// sin and cos of an angle in degrees.
    public static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
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

    /// sin and cos of an angle in radians.
    public static func sinCos(radians: Double) -> (sin: Double, cos: Double) {
        sinCos(degrees: radians * (180 / pi))
    }

    private static func sinPoly(_ x: Double) -> Double {
        let x2 = x * x
        var term = x, sum = x
        for n in stride(from: 2, through: 18, by: 2) {
            term *= -x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    private static func cosPoly(_ x: Double) -> Double {
        let x2 = x * x
        var term = 1.0, sum = 1.0
        for n in stride(from: 1, through: 17, by: 2) {
            term *= -x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }
}
