/// x^y, ported from fdlibm's `e_pow.c`.
///
/// The obvious e^(y·ln x) loses |y·ln x| ulps, because the rounding error of
/// ln x is multiplied by y: pow(−8, 101) would be wrong from the 14th digit.
/// fdlibm carries log2 x in two words (a head with its low 32 bits cleared,
/// so products with it are exact, and a tail), forms y·log2 x the same way,
/// then takes 2^(that) with a polynomial — within about 1 ulp everywhere.
extension DeterministicMath {
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }
        let ix = highWord(x) & 0x7fff_ffff
        let ax = Swift.abs(x)

        // For x < 0: 0 if y is not an integer, 1 if odd, 2 if even.
        var yIsInteger = 0
        if x.sign == .minus {
            if Swift.abs(y) >= 9007199254740992 {
                yIsInteger = 2
            } else if y.rounded(.towardZero) == y {
                yIsInteger = y.truncatingRemainder(dividingBy: 2) == 0 ? 2 : 1
            }
        }

        // Exponents with exact or limit answers.
        if y.isInfinite {
            if ax == 1 { return 1 }
            return (ax > 1) == (y > 0) ? .infinity : 0
        }
        if y == 1 { return x }
        if y == -1 { return 1 / x }
        if y == 2 { return x * x }
        if y == 0.5 && x.sign == .plus { return x.squareRoot() }
        // Bases ±0, ±1 and ±∞.
        if ax == 0 || ax == 1 || ax.isInfinite {
            var z = y < 0 ? 1 / ax : ax
            if x.sign == .minus {
                if ax == 1 && yIsInteger == 0 { return .nan }
                if yIsInteger == 1 { z = -z }
            }
            return z
        }
        if x < 0 && yIsInteger == 0 { return .nan }
        let sign: Double = x < 0 && yIsInteger == 1 ? -1 : 1

        // log2(|x|) as t1 + t2.
        var t1: Double, t2: Double
        if Swift.abs(y) > 2147483648 {
            // |y| > 2^31: under- or overflows unless |x| is within an ulp of 1.
            if ax < 0.99999999999999988898 { return y < 0 ? sign * .infinity : sign * 0 }
            if ax > 1.00000000000000022204 { return y > 0 ? sign * .infinity : sign * 0 }
            let t = ax - 1
            let w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25))
            let u = 1.44269502162933349609e+00 * t  // 1/ln2, head
            let v = t * 1.92596299112661746887e-08 - w * 1.44269504088896338700e+00
            t1 = withLowWordZero(u + v)
            t2 = v - (t1 - u)
        } else {
            (t1, t2) = log2Split(ax, ix)
        }

        // y·log2|x| as pH + pL, with y split so the head product is exact.
        let y1 = withLowWordZero(y)
        let pL = (y - y1) * t1 + y * t2
        let pH = y1 * t1
        let z0 = pL + pH
        let j = highWord(z0), i = lowWord(z0)
        if j >= 0x4090_0000 {
            // z ≥ 1024: overflow, unless exactly 1024 and the tail pulls it back.
            if (j &- 0x4090_0000) | Int32(bitPattern: i) != 0 || pL + 8.0085662595372944372e-17 > z0 - pH {
                return sign * .infinity
            }
        } else if j & 0x7fff_ffff >= 0x4090_cc00 {
            // z ≤ −1075: underflow, unless exactly −1075 and the tail helps.
            if (j &- Int32(bitPattern: 0xc090_cc00)) | Int32(bitPattern: i) != 0 || pL <= z0 - pH {
                return sign * 0
            }
        }
        return sign * exp2Split(pH, pL, j)
    }

    /// log2(ax) for a finite positive ax with high word ix, as head (low
    /// word cleared) and tail: ax = 2^n·m, m near 1 or 1.5, and
    /// log2 m = log2(1 + s)/(1 − s) series in s = (m − b)/(m + b).
    private static func log2Split(_ ax: Double, _ highWordOfX: Int32) -> (Double, Double) {
        var ax = ax, ix = highWordOfX, n: Int32 = 0
        if ix < 0x0010_0000 {  // subnormal
            ax *= 9007199254740992
            n -= 53
            ix = highWord(ax)
        }
        n += (ix >> 20) - 0x3ff
        let j = ix & 0x000f_ffff
        ix = j | 0x3ff0_0000
        var k = 0
        if j <= 0x3988E {
            k = 0  // |m| < √(3/2)
        } else if j < 0xBB67A {
            k = 1  // |m| < √3
        } else {
            n += 1
            ix -= 0x0010_0000
        }
        ax = withHighWord(ax, ix)
        let bp = k == 0 ? 1.0 : 1.5
        let dpH = k == 0 ? 0.0 : 5.84962487220764160156e-01
        let dpL = k == 0 ? 0.0 : 1.35003920212974897128e-08

        // s = sH + sL = (ax − bp)/(ax + bp), sH with its low word cleared.
        var u = ax - bp
        var v = 1 / (ax + bp)
        let ss = u * v
        let sH = withLowWordZero(ss)
        var tH = fromWords(high: ((ix >> 1) | 0x2000_0000) + 0x0008_0000 + Int32(k << 18))
        var tL = ax - (tH - bp)
        let sL = v * ((u - sH * tH) - sH * tL)
        // log(ax/bp) ≈ 2s + (2/3)s³ + …, carried as (3/2)·log.
        var s2 = ss * ss
        var r = s2 * s2 * (5.99999999999994648725e-01 + s2 * (4.28571428578550184252e-01 + s2 * (3.33333329818377432918e-01
            + s2 * (2.72728123808534006489e-01 + s2 * (2.30660745775561754067e-01 + s2 * 2.06975017800338417784e-01)))))
        r += sL * (sH + ss)
        s2 = sH * sH
        tH = withLowWordZero(3.0 + s2 + r)
        tL = r - ((tH - 3.0) - s2)
        u = sH * tH
        v = sL * tH + tL * ss
        let pH = withLowWordZero(u + v)
        let pL = v - (pH - u)
        // × 2/(3·ln2) in two words, plus log2(bp) and n.
        let cp = 9.61796693925975554329e-01, cpH = 9.61796700954437255859e-01, cpL = -7.02846165095275826516e-09
        let zH = cpH * pH
        let zL = cpL * pH + pL * cp + dpL
        let t = Double(n)
        let t1 = withLowWordZero(((zH + zL) + dpH) + t)
        let t2 = zL - (((t1 - t) - dpH) - zH)
        return (t1, t2)
    }

    /// 2^(pH + pL), the sum's high word being j and within the finite range.
    private static func exp2Split(_ pH: Double, _ pL: Double, _ j: Int32) -> Double {
        var pH = pH
        let i = j & 0x7fff_ffff
        var k = (i >> 20) - 0x3ff
        var n: Int32 = 0
        if i > 0x3fe0_0000 {
            // Take the integer part n out of pH so |pH + pL| ≤ 1/2.
            n = j &+ (0x0010_0000 >> (k + 1))
            k = ((n & 0x7fff_ffff) >> 20) - 0x3ff
            let t = fromWords(high: n & ~(0x000f_ffff >> k))
            n = ((n & 0x000f_ffff) | 0x0010_0000) >> (20 - k)
            if j < 0 { n = -n }
            pH -= t
        }
        // 2^f = e^(f·ln2), ln2 in two words, then e^z by fdlibm's exp kernel.
        let lg2 = 6.93147180559945286227e-01, lg2H = 6.93147182464599609375e-01, lg2L = -1.90465429995776804525e-09
        var t = withLowWordZero(pL + pH)
        let u = t * lg2H
        let v = (pL - (t - pH)) * lg2 + t * lg2L
        var z = u + v
        let w = v - (z - u)
        t = z * z
        let t1 = z - t * (1.66666666666666019037e-01 + t * (-2.77777777770155933842e-03 + t * (6.61375632143793436117e-05
            + t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))))
        let r = (z * t1) / (t1 - 2) - (w + z * w)
        z = 1 - (r - z)
        let scaledHigh = highWord(z) &+ (n << 20)
        return scaledHigh >> 20 <= 0 ? scaled(z, byPowerOfTwo: Int(n)) : withHighWord(z, scaledHigh)
    }

    // MARK: IEEE 754 words

    private static func highWord(_ x: Double) -> Int32 {
        Int32(truncatingIfNeeded: Int64(bitPattern: x.bitPattern) >> 32)
    }

    private static func lowWord(_ x: Double) -> UInt32 {
        UInt32(truncatingIfNeeded: x.bitPattern)
    }

    private static func withLowWordZero(_ x: Double) -> Double {
        Double(bitPattern: x.bitPattern & 0xFFFF_FFFF_0000_0000)
    }

    private static func fromWords(high: Int32, low: UInt32 = 0) -> Double {
        Double(bitPattern: UInt64(UInt32(bitPattern: high)) << 32 | UInt64(low))
    }

    private static func withHighWord(_ x: Double, _ high: Int32) -> Double {
        fromWords(high: high, low: lowWord(x))
    }
}
