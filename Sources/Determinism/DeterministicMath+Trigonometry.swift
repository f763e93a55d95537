/// fdlibm's trigonometry in radians. `sin`, `cos` and `tan` reduce their
/// argument with a three-part π/2 that is exact for |x| < 1.6e6; beyond that
/// they stay deterministic but lose accuracy.
extension DeterministicMath {
    // MARK: Trigonometry (radians)

    /// sin x, x in radians.
    public static func sin(_ x: Double) -> Double {
        let (n, y0, y1) = reduced(x)
        switch n & 3 {
        case 0: return sinKernel(y0, y1)
        case 1: return cosKernel(y0, y1)
        case 2: return -sinKernel(y0, y1)
        default: return -cosKernel(y0, y1)
        }
    }

    /// cos x, x in radians.
    public static func cos(_ x: Double) -> Double {
        let (n, y0, y1) = reduced(x)
        switch n & 3 {
        case 0: return cosKernel(y0, y1)
        case 1: return -sinKernel(y0, y1)
        case 2: return -cosKernel(y0, y1)
        default: return sinKernel(y0, y1)
        }
    }

    /// tan x, x in radians: sin/cos of the reduced argument.
    public static func tan(_ x: Double) -> Double {
        let (n, y0, y1) = reduced(x)
        let s = sinKernel(y0, y1), c = cosKernel(y0, y1)
        return n & 1 == 0 ? s / c : -c / s
    }

    /// The angle whose tangent is x, in radians, in (−π/2, π/2).
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        let ax = Swift.abs(x)
        let negative = x.sign == .minus
        if ax >= 7.378697629483821e+19 {  // 2^66: atan is π/2 to double precision.
            let z = 1.57079632679489655800e+00 + 6.12323399573676603587e-17
            return negative ? -z : z
        }
        let id: Int
        var r: Double
        if ax < 0.4375 {
            if ax < 7.450580596923828e-09 { return x }
            id = -1; r = ax
        } else if ax < 1.1875 {
            if ax < 0.6875 { id = 0; r = (2 * ax - 1) / (2 + ax) } else { id = 1; r = (ax - 1) / (ax + 1) }
        } else if ax < 2.4375 {
            id = 2; r = (ax - 1.5) / (1 + 1.5 * ax)
        } else {
            id = 3; r = -1 / ax
        }
        let z = r * r, w = z * z
        let s1 = z * (3.33333333333329318027e-01 + w * (1.42857142725034663711e-01 + w * (9.09088713343650656196e-02
            + w * (6.66107313738753120669e-02 + w * (4.97687799461593236017e-02 + w * 1.62858201153657823623e-02)))))
        let s2 = w * (-1.99999999998764832476e-01 + w * (-1.11111104054623557880e-01 + w * (-7.69187620504482999495e-02
            + w * (-5.83357013379057348645e-02 + w * -3.65315727442169155270e-02))))
        if id < 0 {
            let v = r - r * (s1 + s2)
            return negative ? -v : v
        }
        let v = atanHi[id] - ((r * (s1 + s2) - atanLo[id]) - r)
        return negative ? -v : v
    }

    /// The angle of the vector (x, y) from +x, in radians, in [−π, π].
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 1 { return atan(y) }
        let piLo = 1.2246467991473531772e-16
        let m = (x.sign == .minus ? 2 : 0) + (y.sign == .minus ? 1 : 0)
        if y == 0 {
            switch m {
            case 0, 1: return y
            case 2: return pi + piLo
            default: return -pi - piLo
            }
        }
        if x == 0 { return y < 0 ? -pi / 2 : pi / 2 }
        if x.isInfinite {
            if y.isInfinite {
                switch m {
                case 0: return pi / 4
                case 1: return -pi / 4
                case 2: return 3 * pi / 4
                default: return -3 * pi / 4
                }
            }
            switch m {
            case 0: return 0
            case 1: return -0.0
            case 2: return pi + piLo
            default: return -pi - piLo
            }
        }
        if y.isInfinite { return y < 0 ? -pi / 2 : pi / 2 }
        let k = Int(y.exponent) - Int(x.exponent)
        let z: Double
        if k > 60 {
            z = pi / 2 + 0.5 * piLo
            return m & 1 == 0 ? z : -z
        } else if x < 0 && k < -60 {
            z = 0
        } else {
            z = atan(Swift.abs(y / x))
        }
        switch m {
        case 0: return z
        case 1: return -z
        case 2: return pi - (z - piLo)
        default: return (z - piLo) - pi
        }
    }

    private static let atanHi = [4.63647609000806093515e-01, 7.85398163397448278999e-01,
                                 9.82793723247329054082e-01, 1.57079632679489655800e+00]
    private static let atanLo = [2.26987774529616870924e-17, 3.06161699786838301793e-17,
                                 1.39033110312309984516e-17, 6.12323399573676603587e-17]

    /// x = n·π/2 + (y0 + y1) with |y0 + y1| ≤ π/4, y1 the tail of y0
    /// (fdlibm's `__ieee754_rem_pio2`, medium-size path, all three steps).
    private static func reduced(_ x: Double) -> (n: Int, y0: Double, y1: Double) {
        if !x.isFinite { return (0, .nan, 0) }
        if Swift.abs(x) <= 7.85398163397448278999e-01 { return (0, x, 0) }
        let fn = (x * 6.36619772367581382433e-01).rounded()
        // π/2 in three 33-bit parts (so n·part is exact), the last two with their tails.
        let pio2_1 = 1.57079632673412561417e+00
        let pio2_2 = 6.07710050630396597660e-11, pio2_2t = 2.02226624879595063154e-21
        let pio2_3 = 2.02226624871116645580e-21, pio2_3t = 8.47842766036889956997e-32
        var r = x - fn * pio2_1
        var t = r
        var w = fn * pio2_2
        r = t - w
        w = fn * pio2_2t - ((t - r) - w)
        t = r
        w = fn * pio2_3
        r = t - w
        w = fn * pio2_3t - ((t - r) - w)
        let y0 = r - w
        let y1 = (r - y0) - w
        let n = Swift.abs(fn) < 4.5e15 ? Int(fn) : Int(fn.truncatingRemainder(dividingBy: 4))
        return (n, y0, y1)
    }

    /// sin(x + y) for |x| ≤ π/4, y the tail of x (fdlibm `__kernel_sin`).
    private static func sinKernel(_ x: Double, _ y: Double) -> Double {
        let z = x * x, v = z * x
        let r = 8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06
            + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))
        return x - ((z * (0.5 * y - v * r) - y) - v * -1.66666666666666324348e-01)
    }

    /// cos(x + y) for |x| ≤ π/4, y the tail of x (fdlibm `__kernel_cos`).
    private static func cosKernel(_ x: Double, _ y: Double) -> Double {
        let z = x * x, w = z * z
        let r = z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * 2.48015872894767294178e-05))
            + w * w * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11))
        let hz = 0.5 * z
        let v = 1 - hz
        return v + (((1 - v) - hz) + (z * r - x * y))
    }
}
