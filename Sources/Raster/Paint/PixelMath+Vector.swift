import CSpanBlend

/// `PixelMath` over several pixels at a time.
///
/// The same packed-lane arithmetic as the scalar functions (R and B in one
/// 16-bit lane pair, G and A in the other), so every result is identical to
/// the scalar one bit for bit; only the lane count differs. 16-bit lane
/// multiplies are the same on every vector unit (SSE2 `pmullw`, AVX2, NEON),
/// with no machine-dependent rounding.
extension PixelMath {
    typealias Pixels4 = SIMD4<UInt32>

    /// Every channel of four pixels (one SSE2 or NEON register) times its
    /// lane's factor / 255, rounded as `div255`, for loops that skip blank
    /// pixels four at a time. `factor` holds one 0…255 value per pixel,
    /// repeated in both 16-bit halves of the pixel's 32 bits.
    @inline(__always)
    static func scale(_ p: Pixels4, pairs factor: SIMD8<UInt16>) -> Pixels4 {
        let low = SIMD8<UInt16>(repeating: 0x00FF)
        let half = SIMD8<UInt16>(repeating: 0x0080)
        let lanes = unsafeBitCast(p, to: SIMD8<UInt16>.self)
        let rb = lanes & low, ag = lanes &>> 8
        let rbw = rb &* factor &+ half
        let agw = ag &* factor &+ half
        let rb2 = (rbw &+ (rbw &>> 8)) &>> 8
        let ag2 = (agw &+ (agw &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00)
        return unsafeBitCast(rb2 | ag2, to: Pixels4.self)
    }

    /// dst[i] = src + dst[i]·inverse/255 for i in 0..<count: one constant
    /// colour source-over (`inverse` = 255 − its alpha). The span loops run
    /// in `CSpanBlend`, eight pixels per step, as wide as the CPU allows.
    @inline(__always)
    static func overConstant(_ src: UInt32, inverse: UInt32, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        reel_over_constant(src, inverse, dst, count)
    }

    /// dst[i] = over(src[i], dst[i]) for i in 0..<count; runs of eight
    /// opaque source pixels are copied, runs of eight transparent ones
    /// skipped (the same result).
    @inline(__always)
    static func over(_ src: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        reel_over(src, dst, count)
    }

    /// dst[i] = over(scale(src[i], coverage), dst[i]) for i in 0..<count
    /// (0 < coverage < 255).
    @inline(__always)
    static func over(_ src: UnsafePointer<UInt32>, coverage: UInt32, onto dst: UnsafeMutablePointer<UInt32>,
                     count: Int) {
        reel_over_coverage(src, coverage, dst, count)
    }

    /// dst[i] = over(scale(src, k[i]), dst[i]) for i in 0..<count, where
    /// `factors[i]` holds k[i] in both 16-bit halves (as `GlyphMask.coverage`).
    @inline(__always)
    static func over(_ src: UInt32, factors: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>,
                     count: Int) {
        reel_over_factors(src, factors, dst, count)
    }
}
