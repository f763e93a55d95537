import Determinism

/// How one axis of a Gaussian blur of standard deviation σ (pixels) is done.
///
/// - σ < 0.25: nothing (the nearest neighbours' weight would be below 1/256).
/// - 0.25 ≤ σ < 2: a true sampled Gaussian kernel of radius ⌈3σ⌉, weights in
///   1/256 summing to exactly 256 (SVG 1.1 and Filter Effects allow the box
///   approximation only for σ ≥ 2.0; below that three boxes are too coarse —
///   d would jump from 1, no blur, to 2, σ ≈ 1.1).
/// - σ ≥ 2: three successive box blurs (Filter Effects § feGaussianBlur):
///   d = ⌊σ·3·√(2π)/4 + 0.5⌋; three boxes of size d when d is odd, else two
///   of size d (centred half a pixel left and right) and one of size d + 1.
///   The cost per pixel does not depend on σ.
/// Both reach the same number of pixels on each side (`reach`).
struct BlurAxis {
    enum Method {
        case identity
        /// Weights for offsets 0…radius in 1/256 (lane 0 the centre; lanes
        /// past the radius are 0). Held inline: building an axis allocates nothing.
        case kernel(weights: SIMD8<UInt16>, radius: Int)
        /// Box sizes; the output pixel's support is `reach` pixels either side.
        case boxes(Int, Int, Int)
    }

    let method: Method
    /// Pixels read on each side of an output pixel.
    let reach: Int

    static let minimumSigma = 0.25
    static let boxSigma = 2.0

    init(sigma: Double) {
        guard sigma >= BlurAxis.minimumSigma, sigma.isFinite else {
            method = .identity
            reach = 0
            return
        }
        if sigma >= BlurAxis.boxSigma {
            let factor = 3 * (2 * DeterministicMath.pi).squareRoot() / 4
            // Bounded so the box sizes stay far from overflow (callers cap σ much lower).
            let d = Int((min(sigma, 1.0e6) * factor + 0.5).rounded(.down))
            if d % 2 == 1 {
                method = .boxes(d, d, d)
                reach = 3 * (d - 1) / 2
            } else {
                method = .boxes(d, d, d + 1) // the odd box last: it is the sliding one
                reach = 3 * d / 2 - 1
            }
            return
        }
        let (weights, radius) = BlurAxis.kernel(sigma: sigma)
        if radius == 0 {
            method = .identity
            reach = 0
        } else {
            method = .kernel(weights: weights, radius: radius)
            reach = radius
        }
    }

    /// Three boxes of the given sizes, their total odd (so the result is
    /// centred): for the small image of a reduced-resolution blur, whose
    /// sizes are chosen to match a variance (`ReducedBlur.Axis`).
    init(boxes sizes: (Int, Int, Int)) {
        precondition(sizes.0 >= 1 && sizes.1 >= 1 && sizes.2 >= 3 && (sizes.0 + sizes.1 + sizes.2) % 2 == 1)
        method = .boxes(sizes.0, sizes.1, sizes.2)
        reach = (sizes.0 + sizes.1 + sizes.2 - 3) / 2
    }

    /// The variance of the blur in pixels², 12× (an integer): a box of n
    /// pixels adds (n² − 1)/12; the sampled kernel is not needed here.
    var twelveVariance: Int {
        guard case let .boxes(a, b, c) = method else { return 0 }
        return a * a + b * b + c * c - 3
    }

    var isIdentity: Bool {
        if case .identity = method { return true }
        return false
    }

    /// Sampled Gaussian weights for offsets 0…⌈3σ⌉ (σ < 2, so at most 6) in
    /// 1/256, rounded to nearest, the centre taking what rounding leaves so
    /// the sum is exactly 256 (a flat area stays exactly flat); the radius
    /// drops trailing zero weights.
    static func kernel(sigma: Double) -> (weights: SIMD8<UInt16>, radius: Int) {
        let reach = min(Int((3 * sigma).rounded(.up)), GaussianKernelLines.maximumRadius)
        var g = SIMD8<Double>()
        for k in 0...reach { g[k] = expOfNegative(Double(k * k) / (2 * sigma * sigma)) }
        var total = g[0]
        for k in 1...reach { total += 2 * g[k] }
        var weights = SIMD8<UInt16>()
        var radius = 0, sides: UInt16 = 0
        for k in 1...reach {
            weights[k] = UInt16((g[k] / total * 256).rounded())
            if weights[k] > 0 { radius = k }
            sides += 2 * weights[k]
        }
        weights[0] = 256 - sides
        return (weights, radius)
    }

    /// e^(−x) for 0 ≤ x ≤ ~50 from `+ − × ÷` only, so kernels are identical
    /// on every machine (libm's `exp` differs in the last bit between
    /// platforms): e^(−x) = (e^(−x/64))^64, the inner value from its Taylor
    /// series (x/64 < 1, 16 terms), then six squarings. Relative error ~1e-13.
    static func expOfNegative(_ x: Double) -> Double {
        let y = x / 64
        var term = 1.0, sum = 1.0
        for n in 1...16 {
            term = -term * y / Double(n)
            sum += term
        }
        for _ in 0..<6 { sum *= sum }
        return sum
    }

    /// Blurs four lines: the quad holds count + 2·reach positions, output
    /// position j (centred on quad position j + reach) goes to
    /// `emit(j, pixels)` with lane k for line k.
    @inline(__always)
    func apply(_ quad: LineQuad, count: Int, scratch: BlurScratch, emit: (Int, SIMD4<UInt32>) -> Void) {
        switch method {
        case .identity:
            for j in 0..<count { emit(j, quad.pixels(at: j)) }
        case let .kernel(weights, radius):
            GaussianKernelLines.apply(quad, count: count, weights: weights, radius: radius, scratch: scratch,
                                      emit: emit)
        case let .boxes(n1, n2, n3):
            BoxBlurLines.apply(quad, count: count, sizes: (n1, n2, n3), scratch: scratch, emit: emit)
        }
    }
}
