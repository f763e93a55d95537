/// Elementary functions that give the same bits on every platform: the one
/// home of Reel's reproducible arithmetic.
///
/// Frames must be byte-identical on Linux and macOS, but glibc's and Apple's
/// libm differ in the last bit of `exp`, `sin`, `pow`…. Everything here uses
/// only `+ − × ÷`, `squareRoot()`, comparisons and bit manipulation, which
/// IEEE 754 makes exact everywhere (Swift does not fuse multiply-adds unless
/// asked):
/// - `exp`, `log`, `pow`: ports of Sun's fdlibm (the algorithms behind
///   FreeBSD's and Java's `StrictMath`), within about 1 ulp; used by
///   springs and expressions.
/// - one trigonometry, `sinCos(degrees:)`, `sinCos(radians:)`, `atan2`,
///   `atan2Degrees`: reduction to an octant in degrees (exact for the angles
///   scenes use) and short series; used by transforms, arcs, strokes,
///   particles, springs and expressions.
public enum DeterministicMath {
    public static let pi = 3.141592653589793

    // MARK: exp and log

    /// e^x.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 7.09782712893383973096e+02 { return .infinity }
        if x < -7.45133219101941108420e+02 { return 0 }
        let ln2Hi = 6.93147180369123816490e-01, ln2Lo = 1.90821492927058770002e-10
        let invLn2 = 1.44269504088896338700e+00
        // x = k·ln2 + r with |r| ≤ ln2/2; ln2 split so that k·ln2Hi is exact.
        var hi = x, lo = 0.0, k = 0
        if Swift.abs(x) > 0.5 * 6.93147180559945286227e-01 {
            k = Int((invLn2 * x).rounded())
            hi = x - Double(k) * ln2Hi
            lo = Double(k) * ln2Lo
        } else if Swift.abs(x) < 3.725290298461914e-09 {
            return 1 + x
        }
        let r = hi - lo
        let t = r * r
        let c = r - t * (1.66666666666666019037e-01 + t * (-2.77777777770155933842e-03 + t * (6.61375632143793436117e-05
            + t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))))
        if k == 0 { return 1 - ((r * c) / (c - 2) - r) }
        let y = 1 - ((lo - (r * c) / (2 - c)) - hi)
        return scaled(y, byPowerOfTwo: k)
    }

    /// Natural logarithm; NaN below 0, −∞ at 0.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        // x = 2^k · m with √2/2 ≤ m < √2, so f = m − 1 is exact (Sterbenz).
        var k = Int(x.exponent)
        var m = x.significand
        if m > 1.41421356237309504880 { m *= 0.5; k += 1 }
        let f = m - 1
        let s = f / (2 + f)
        let z = s * s, w = z * z
        let t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01))
        let t2 = z * (6.666666666666735130e-01 + w * (2.857142874366239149e-01
            + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)))
        let r = t2 + t1
        let hfsq = 0.5 * f * f
        if k == 0 { return f - (hfsq - s * (hfsq + r)) }
        let dk = Double(k)
        return dk * 6.93147180369123816490e-01 - ((hfsq - (s * (hfsq + r) + dk * 1.90821492927058770002e-10)) - f)
    }

    /// y · 2^k without losing bits to an intermediate overflow or underflow.
    static func scaled(_ y: Double, byPowerOfTwo k: Int) -> Double {
        if k > 1023 { return y * 2 * powerOfTwo(k - 1) }
        if k < -1021 { return y * powerOfTwo(k + 1000) * powerOfTwo(-1000) }
        return y * powerOfTwo(k)
    }

    /// 2^k for −1022 ≤ k ≤ 1023, built from its bit pattern.
    private static func powerOfTwo(_ k: Int) -> Double {
        Double(bitPattern: UInt64(1023 + k) << 52)
    }
}
