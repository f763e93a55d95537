/// 8-bit compositing arithmetic on premultiplied RGBA pixels held as `UInt32`
/// (bytes R, G, B, A in memory, so A is the top byte on the little-endian
/// machines Swift targets).
///
/// Two channels are processed per 32-bit multiply (R and B in one, G and A in
/// the other, 16 bits apart), the classic packed-lane trick: half the
/// multiplies of a per-channel loop, and the same result bit for bit.
enum PixelMath {
    /// x / 255 rounded to nearest for 0 ≤ x ≤ 255·255, without a division
    /// (Jim Blinn, "Three Wrongs Make a Right"); exact and machine-independent.
    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let y = x &+ 128
        return (y &+ (y >> 8)) >> 8
    }

    /// Every channel of `p` times `f` / 255 (0 ≤ f ≤ 255), each rounded as `div255`.
    @inline(__always)
    static func scale(_ p: UInt32, _ f: UInt32) -> UInt32 {
        let rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
        let ag = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
        let rb2 = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        let ag2 = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb2 | ag2
    }

    /// Porter–Duff source-over: src + dst·(1 − αsrc).
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        src &+ scale(dst, 255 &- (src >> 24))
    }
}
