/// Bilinear sampling and compositing two pixels at a time: the inner loop
/// of textured draws (image fills, sprites).
///
/// Texels are spread into 16-bit lanes (`SpriteTexture`'s levels, with a
/// transparent border), so two pixels' 2×2 neighbourhoods fill `SIMD8<UInt16>`
/// vectors and one 16-bit lane multiply weights both pixels' four channels
/// (SSE2 `pmullw`, NEON `mul`): the weights, rounding and `div255` scaling
/// are those of `ImageShader.bilinear` and `PixelMath.scale`, lane by lane,
/// so the bytes are the scalar ones. Positions step in 32.32 fixed point
/// exactly as the scalar walks did. A pixel whose texel index falls outside
/// the bordered level samples zero; a pair whose eight texels are all
/// transparent is skipped after the loads.
enum BilinearPairs {
    /// Two pixels, R, G, B, A each in a 16-bit lane (the first pixel in the
    /// low half), 0…255 per lane.
    typealias Lanes = SIMD8<UInt16>

    /// Receives the samples of a walk.
    protocol Sink {
        /// Pixels i and i + 1 (only i when `pair` is false; the other lanes are zero).
        mutating func composite(_ i: Int, pair: Bool, _ samples: Lanes)
    }

    /// Walks `count` pixels from 32.32 texel position (fu, fv), stepping
    /// (du, dv) per pixel; texel index i of a level reads `texels[i]` (so
    /// the border sits at index 0). Hands the samples of pixels i and i + 1
    /// to `sink` unless both are transparent.
    @inline(__always)
    static func walk<S: Sink>(_ texels: UnsafePointer<UInt64>, stride: Int, maxU: UInt, maxV: UInt,
                              fu: Int64, fv: Int64, du: Int64, dv: Int64, count: Int, into sink: inout S) {
        var fu = fu, fv = fv
        var i = 0
        while i &+ 1 < count {
            let uB = fu &+ du, vB = fv &+ dv
            pair(texels, stride, maxU, maxV, (fu, fv), (uB, vB), i, pair: true, &sink)
            fu = uB &+ du
            fv = vB &+ dv
            i &+= 2
        }
        if i < count { pair(texels, stride, maxU, maxV, (fu, fv), (0, 0), i, pair: false, &sink) }
    }

    /// `walk` over a tiled image (`SpriteTexture.wrapped`): positions start
    /// in [0, wideU) × [0, wideV) (the image size in 32.32) and wrap back
    /// into it after each step, which must be shorter than the image.
    @inline(__always)
    static func walkWrapped<S: Sink>(_ texels: UnsafePointer<UInt64>, stride: Int, wideU: Int64, wideV: Int64,
                                     fu: Int64, fv: Int64, du: Int64, dv: Int64, count: Int, into sink: inout S) {
        let maxU = UInt(wideU >> 32), maxV = UInt(wideV >> 32)
        var fu = fu, fv = fv
        var i = 0
        while i &+ 1 < count {
            let uB = ImageShader.wrapStep(fu &+ du, wideU), vB = ImageShader.wrapStep(fv &+ dv, wideV)
            pair(texels, stride, maxU, maxV, (fu, fv), (uB, vB), i, pair: true, &sink)
            fu = ImageShader.wrapStep(uB &+ du, wideU)
            fv = ImageShader.wrapStep(vB &+ dv, wideV)
            i &+= 2
        }
        if i < count { pair(texels, stride, maxU, maxV, (fu, fv), (0, 0), i, pair: false, &sink) }
    }

    /// Pixels i (at position a) and i + 1 (at b; only i when `pair` is false).
    @inline(__always)
    static func pair<S: Sink>(_ texels: UnsafePointer<UInt64>, _ stride: Int, _ maxU: UInt, _ maxV: UInt,
                                      _ a: (u: Int64, v: Int64), _ b: (u: Int64, v: Int64), _ i: Int,
                                      pair: Bool, _ sink: inout S) {
        let (a00, a10, a01, a11) = block(texels, stride, maxU, maxV, a.u, a.v)
        let (b00, b10, b01, b11) = pair ? block(texels, stride, maxU, maxV, b.u, b.v) : (0, 0, 0, 0)
        guard a00 | a10 | a01 | a11 | b00 | b10 | b01 | b11 != 0 else { return }
        let p00 = lanes(a00, b00), p10 = lanes(a10, b10), p01 = lanes(a01, b01), p11 = lanes(a11, b11)
        let wx = fraction(a.u, b.u), wy = fraction(a.v, b.v)
        let w11 = (wx &* wy &+ 128) &>> 8
        let w10 = wx &- w11, w01 = wy &- w11
        let w00 = 256 &- wx &- wy &+ w11
        sink.composite(i, pair: pair, (p00 &* w00 &+ p10 &* w10 &+ p01 &* w01 &+ p11 &* w11 &+ 128) &>> 8)
    }

    /// The 2×2 texels whose top-left index is the integer part of (u, v),
    /// or zeros when that lies outside 0…maxU by 0…maxV.
    @inline(__always)
    private static func block(_ texels: UnsafePointer<UInt64>, _ stride: Int, _ maxU: UInt, _ maxV: UInt,
                              _ u: Int64, _ v: Int64) -> (UInt64, UInt64, UInt64, UInt64) {
        let iu = Int(truncatingIfNeeded: u >> 32), iv = Int(truncatingIfNeeded: v >> 32)
        guard UInt(bitPattern: iu) <= maxU && UInt(bitPattern: iv) <= maxV else { return (0, 0, 0, 0) }
        let p = texels + (iv &* stride &+ iu)
        return (p[0], p[1], p[stride], p[stride &+ 1])
    }

    /// Two spread texels side by side.
    @inline(__always)
    private static func lanes(_ a: UInt64, _ b: UInt64) -> Lanes {
        unsafeBitCast(SIMD2<UInt64>(a, b), to: Lanes.self)
    }

    /// The 8-bit fractions of two 32.32 positions, each repeated in its pixel's four lanes.
    @inline(__always)
    private static func fraction(_ a: Int64, _ b: Int64) -> Lanes {
        let f = (SIMD2<UInt64>(UInt64(bitPattern: a), UInt64(bitPattern: b)) &>> 24) & 0xFF
        return unsafeBitCast(f | f &<< 16 | f &<< 32 | f &<< 48, to: Lanes.self)
    }

    /// Every lane times the matching lane of `factor` (0…255) / 255,
    /// rounded as `PixelMath.div255`.
    @inline(__always)
    static func scale(_ p: Lanes, _ factor: Lanes) -> Lanes {
        let t = p &* factor &+ 0x80
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Each pixel's alpha in its four lanes.
    @inline(__always)
    static func alphas(_ p: Lanes) -> Lanes {
        Lanes(p[3], p[3], p[3], p[3], p[7], p[7], p[7], p[7])
    }

    /// One 0…255 factor in every lane of both pixels.
    @inline(__always)
    static func factor(_ f: UInt32) -> Lanes {
        Lanes(repeating: UInt16(truncatingIfNeeded: f))
    }

    /// A packed pixel's channels in the four lanes of both pixels (a tint).
    @inline(__always)
    static func channels(_ p: UInt32) -> Lanes {
        let four = spread(p)
        return unsafeBitCast(SIMD2<UInt64>(four, four), to: Lanes.self)
    }

    /// A packed pixel (R in the low byte) with each byte moved into its own
    /// 16-bit lane.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 {
        var x = UInt64(p)
        x = (x | x &<< 16) & 0x0000_FFFF_0000_FFFF
        return (x | x &<< 8) & 0x00FF_00FF_00FF_00FF
    }

    /// Source-over, `PixelMath.over` in each pixel: src + dst·(255 − αsrc)/255.
    @inline(__always)
    static func over(_ src: Lanes, _ dst: Lanes) -> Lanes {
        src &+ scale(dst, 255 &- alphas(src))
    }

    /// `plusLighter`: channels added, saturating at 255 (`Blend.plus`).
    @inline(__always)
    static func plus(_ src: Lanes, _ dst: Lanes) -> Lanes {
        pointwiseMin(src &+ dst, Lanes(repeating: 255))
    }

    /// Pixels x and x + 1 of a row (only x when `pair` is false) as lanes.
    /// (Lane by lane: a SIMD width conversion would not be inlined.)
    @inline(__always)
    static func load(_ row: UnsafeMutablePointer<UInt32>, _ x: Int, pair: Bool) -> Lanes {
        let b = pair ? UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt8>.self)
            : SIMD8<UInt8>(lowHalf: unsafeBitCast(row[x], to: SIMD4<UInt8>.self), highHalf: .zero)
        return Lanes(UInt16(b[0]), UInt16(b[1]), UInt16(b[2]), UInt16(b[3]),
                     UInt16(b[4]), UInt16(b[5]), UInt16(b[6]), UInt16(b[7]))
    }

    /// Stores lanes as pixels x and x + 1 (only x when `pair` is false).
    @inline(__always)
    static func store(_ p: Lanes, _ row: UnsafeMutablePointer<UInt32>, _ x: Int, pair: Bool) {
        let b = SIMD8<UInt8>(UInt8(truncatingIfNeeded: p[0]), UInt8(truncatingIfNeeded: p[1]),
                             UInt8(truncatingIfNeeded: p[2]), UInt8(truncatingIfNeeded: p[3]),
                             UInt8(truncatingIfNeeded: p[4]), UInt8(truncatingIfNeeded: p[5]),
                             UInt8(truncatingIfNeeded: p[6]), UInt8(truncatingIfNeeded: p[7]))
        if pair {
            UnsafeMutableRawPointer(row + x).storeBytes(of: b, as: SIMD8<UInt8>.self)
        } else {
            row[x] = unsafeBitCast(b.lowHalf, to: UInt32.self)
        }
    }
}
