/// sin and cos for particle rotations and directions: the same bits on
/// every platform (only `+ − ×` and an exact remainder), and cheaper than
/// `DeterministicMath.sinCos`, which divides inside its series; this one
/// evaluates the same Taylor series with constant coefficients (Horner's
/// rule). Accurate to about 1e-15, far below a pixel.
enum ParticleMath {
    @inline(__always)
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (0, 1) }
        var r = degrees.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        let quadrant = (r / 90).rounded()
        let x = (r - quadrant * 90) * 0.017453292519943295
        let x2 = x * x
        // sin x = x − x³/3! + …, to x¹⁷; cos x = 1 − x²/2! + …, to x¹⁸ (|x| ≤ π/4).
        var s = 2.8114572543455206e-15
        s = s * x2 - 7.647163731819816e-13
        s = s * x2 + 1.6059043836821613e-10
        s = s * x2 - 2.505210838544172e-08
        s = s * x2 + 2.7557319223985893e-06
        s = s * x2 - 0.0001984126984126984
        s = s * x2 + 0.008333333333333333
        s = s * x2 - 0.16666666666666666
        s = x + x * x2 * s
        var c = -1.5619206968586225e-16
        c = c * x2 + 4.779477332387385e-14
        c = c * x2 - 1.1470745597729725e-11
        c = c * x2 + 2.08767569878681e-09
        c = c * x2 - 2.755731922398589e-07
        c = c * x2 + 2.48015873015873e-05
        c = c * x2 - 0.001388888888888889
        c = c * x2 + 0.041666666666666664
        c = c * x2 - 0.5
        c = 1 + x2 * c
        switch Int(quadrant) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }
}
