/// `PixelMath` eight pixels at a time, in portable Swift SIMD.
///
/// The same packed-lane arithmetic as the scalar functions (R and B in one
/// 16-bit lane pair, G and A in the other), so every result is identical to
/// the scalar one bit for bit; only the lane count differs. `SIMD16<UInt16>`
/// multiplies are 16-bit lane multiplies on every vector unit (SSE2 `pmullw`,
/// AVX2, NEON), with no machine-dependent rounding.
extension PixelMath {
    typealias Pixels8 = SIMD8<UInt32>

    /// Every channel of every pixel times its lane's factor / 255, rounded as
    /// `div255`. `factor` holds one 0…255 value per pixel, repeated in both
    /// 16-bit halves of the pixel's 32 bits (`pairs`).
    @inline(__always)
    static func scale(_ p: Pixels8, pairs factor: SIMD16<UInt16>) -> Pixels8 {
        let low = SIMD16<UInt16>(repeating: 0x00FF)
        let half = SIMD16<UInt16>(repeating: 0x0080)
        let lanes = unsafeBitCast(p, to: SIMD16<UInt16>.self)
        let rb = lanes & low, ag = lanes &>> 8
        let rbw = rb &* factor &+ half
        let agw = ag &* factor &+ half
        let rb2 = (rbw &+ (rbw &>> 8)) &>> 8
        let ag2 = (agw &+ (agw &>> 8)) & SIMD16<UInt16>(repeating: 0xFF00)
        return unsafeBitCast(rb2 | ag2, to: Pixels8.self)
    }

    typealias Pixels4 = SIMD4<UInt32>

    /// `scale(_:pairs:)` for four pixels (one SSE2 or NEON register), for
    /// loops that skip blank pixels four at a time.
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

    /// A factor 0…255 for every pixel, laid out for `scale(_:pairs:)`.
    @inline(__always)
    static func pairs(_ f: UInt32) -> SIMD16<UInt16> {
        SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: f))
    }

    /// Per-pixel factors (0…255 in each 32-bit lane) laid out for `scale(_:pairs:)`.
    @inline(__always)
    static func pairs(_ f: Pixels8) -> SIMD16<UInt16> {
        unsafeBitCast(f | (f &<< 16), to: SIMD16<UInt16>.self)
    }

    /// Source-over for eight pixel pairs: `over(src[i], dst[i])` in each lane.
    @inline(__always)
    static func over(_ src: Pixels8, _ dst: Pixels8) -> Pixels8 {
        src &+ scale(dst, pairs: pairs(Pixels8(repeating: 255) &- (src &>> 24)))
    }

    /// Whether all eight pixels have alpha 255. (Reduced through 64-bit
    /// lanes: SIMD `==` on whole vectors compiles to a lane-by-lane loop.)
    @inline(__always)
    static func allOpaque(_ p: Pixels8) -> Bool {
        let q = unsafeBitCast(p, to: SIMD4<UInt64>.self)
        let mask: UInt64 = 0xFF00_0000_FF00_0000
        return (q[0] & q[1] & q[2] & q[3] & mask) == mask
    }

    /// Whether all eight pixels are 0 (transparent).
    @inline(__always)
    static func allZero(_ p: Pixels8) -> Bool {
        let q = unsafeBitCast(p, to: SIMD4<UInt64>.self)
        return (q[0] | q[1] | q[2] | q[3]) == 0
    }

    /// dst[i] = src + dst[i]·inverse/255 for i in 0..<count: one constant
    /// colour source-over (`inverse` = 255 − its alpha), eight pixels per step.
    @inline(__always)
    static func overConstant(_ src: UInt32, inverse: UInt32, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let raw = UnsafeMutableRawPointer(dst)
        let s = Pixels8(repeating: src), f = pairs(inverse)
        var i = 0
        while i &+ 8 <= count {
            let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: Pixels8.self)
            raw.storeBytes(of: s &+ scale(d, pairs: f), toByteOffset: i &* 4, as: Pixels8.self)
            i &+= 8
        }
        while i < count {
            dst[i] = src &+ scale(dst[i], inverse)
            i &+= 1
        }
    }

    /// dst[i] = over(src[i], dst[i]) for i in 0..<count, eight pixels per
    /// step; runs of eight opaque source pixels are copied, runs of eight
    /// transparent ones skipped (the same result).
    @inline(__always)
    static func over(_ src: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let from = UnsafeRawPointer(src), to = UnsafeMutableRawPointer(dst)
        var i = 0
        while i &+ 8 <= count {
            let s = from.loadUnaligned(fromByteOffset: i &* 4, as: Pixels8.self)
            if allOpaque(s) {
                to.storeBytes(of: s, toByteOffset: i &* 4, as: Pixels8.self)
            } else if !allZero(s) {
                let d = to.loadUnaligned(fromByteOffset: i &* 4, as: Pixels8.self)
                to.storeBytes(of: over(s, d), toByteOffset: i &* 4, as: Pixels8.self)
            }
            i &+= 8
        }
        while i < count {
            let s = src[i]
            if s >> 24 == 255 { dst[i] = s } else if s != 0 { dst[i] = over(s, dst[i]) }
            i &+= 1
        }
    }

    /// dst[i] = over(scale(src[i], coverage), dst[i]) for i in 0..<count
    /// (0 < coverage < 255), eight pixels per step.
    @inline(__always)
    static func over(_ src: UnsafePointer<UInt32>, coverage: UInt32, onto dst: UnsafeMutablePointer<UInt32>,
                     count: Int) {
        let from = UnsafeRawPointer(src), to = UnsafeMutableRawPointer(dst)
        let f = pairs(coverage)
        var i = 0
        while i &+ 8 <= count {
            let s = from.loadUnaligned(fromByteOffset: i &* 4, as: Pixels8.self)
            if !allZero(s) {
                let d = to.loadUnaligned(fromByteOffset: i &* 4, as: Pixels8.self)
                to.storeBytes(of: over(scale(s, pairs: f), d), toByteOffset: i &* 4, as: Pixels8.self)
            }
            i &+= 8
        }
        while i < count {
            if src[i] != 0 { dst[i] = over(scale(src[i], coverage), dst[i]) }
            i &+= 1
        }
    }
}
