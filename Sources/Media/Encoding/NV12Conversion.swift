/// Premultiplied RGBA8 → 8-bit BT.709 limited-range 4:2:0 in NV12 layout (a
/// luma plane, then one plane of interleaved Cb Cr), the input x264 takes
/// without a conversion of its own.
///
/// **Why not swscale.** Only swscale's bit-exact path gives the same bytes
/// on every CPU (its SIMD paths differ between instruction sets), and that
/// path costs about 10 ms per 1170 × 2532 frame on the thread feeding the
/// encoder — a fifth of x264's own time at `veryfast`. This is integer
/// arithmetic in portable Swift SIMD: the same bytes on every machine, vector
/// or scalar, at a fraction of the cost. The alpha formats still go through
/// swscale (`FrameConverter`).
///
/// **Arithmetic.** Coefficients are BT.709's scaled by 256 and rounded,
/// the chroma rows adjusted to sum to zero so greys get Cb = Cr = 128:
/// Y  = (47 R + 157 G + 16 B + 16.5·256) >> 8   (16 … 235)
/// Cb = (−26 R − 86 G + 112 B + 128.5·256) >> 8  (16 … 240)
/// Cr = (112 R − 102 G − 10 B + 128.5·256) >> 8  (16 … 240)
/// Each chroma sample converts the rounded mean of its 2 × 2 block of RGB.
/// **Alpha.** Dropped: the premultiplied colour is the frame over black.
/// **Padding.** Pixels past the bitmap's right or bottom edge (an encoded
/// size rounded up to even) repeat the last column or row.
enum NV12Conversion {
    /// A destination plane: its first byte and the bytes from row to row.
    struct Plane {
        var base: UnsafeMutablePointer<UInt8>
        var rowBytes: Int
    }

    /// Converts `pixels` (`width` × `height`, packed) into `luma` and
    /// `chroma` of `encodedWidth` × `encodedHeight` (both even, at least the
    /// bitmap's size).
    static func convert(_ pixels: UnsafePointer<UInt32>, width: Int, height: Int,
                        encodedWidth: Int, encodedHeight: Int, luma: Plane, chroma: Plane) {
        precondition(encodedWidth % 2 == 0 && encodedHeight % 2 == 0 && encodedWidth >= width && encodedHeight >= height)
        // Whole 8-pixel steps that stay inside the bitmap.
        let vectorWidth = width & ~7
        for pair in 0..<(encodedHeight / 2) {
            let top = pixels + min(2 * pair, height - 1) * width
            let bottom = pixels + min(2 * pair + 1, height - 1) * width
            let lumaTop = luma.base + 2 * pair * luma.rowBytes
            let lumaBottom = lumaTop + luma.rowBytes
            let chromaRow = chroma.base + pair * chroma.rowBytes
            var x = 0
            while x < vectorWidth {
                let a = UnsafeRawPointer(top + x).loadUnaligned(as: SIMD8<UInt32>.self)
                let b = UnsafeRawPointer(bottom + x).loadUnaligned(as: SIMD8<UInt32>.self)
                UnsafeMutableRawPointer(lumaTop + x).storeBytes(of: luma8(a), as: SIMD8<UInt8>.self)
                UnsafeMutableRawPointer(lumaBottom + x).storeBytes(of: luma8(b), as: SIMD8<UInt8>.self)
                UnsafeMutableRawPointer(chromaRow + x).storeBytes(of: chroma4(a, b), as: SIMD8<UInt8>.self)
                x += 8
            }
            while x < encodedWidth {
                let x0 = min(x, width - 1), x1 = min(x + 1, width - 1)
                let quad = (top[x0], top[x1], bottom[x0], bottom[x1])
                lumaTop[x] = lumaSample(quad.0)
                lumaTop[x + 1] = lumaSample(quad.1)
                lumaBottom[x] = lumaSample(quad.2)
                lumaBottom[x + 1] = lumaSample(quad.3)
                (chromaRow[x], chromaRow[x + 1]) = chromaSample(quad)
                x += 2
            }
        }
    }

    // MARK: - One pixel (the definition; the vector paths compute the same)

    static func lumaSample(_ p: UInt32) -> UInt8 {
        let (r, g, b) = (p & 0xFF, p >> 8 & 0xFF, p >> 16 & 0xFF)
        return UInt8((47 * r + 157 * g + 16 * b + 4224) >> 8)
    }

    static func chromaSample(_ quad: (UInt32, UInt32, UInt32, UInt32)) -> (cb: UInt8, cr: UInt8) {
        func mean(_ shift: UInt32) -> Int {
            let sum = (quad.0 >> shift & 0xFF) + (quad.1 >> shift & 0xFF) + (quad.2 >> shift & 0xFF) + (quad.3 >> shift & 0xFF)
            return Int((sum + 2) >> 2)
        }
        let (r, g, b) = (mean(0), mean(8), mean(16))
        return (UInt8((-26 * r - 86 * g + 112 * b + 32896) >> 8), UInt8((112 * r - 102 * g - 10 * b + 32896) >> 8))
    }

    // MARK: - Eight pixels

    /// Luma of eight pixels. Each pixel's 16-bit halves hold (R, G) and
    /// (B, A); one multiply per half gives 47 R + 157 G and 16 B, summed per pixel.
    @inline(__always)
    private static func luma8(_ p: SIMD8<UInt32>) -> SIMD8<UInt8> {
        let lanes = unsafeBitCast(p, to: SIMD16<UInt16>.self)
        let low = SIMD16<UInt16>(repeating: 0xFF)
        let terms = (lanes & low) &* lumaLow &+ (lanes &>> 8) &* lumaHigh
        let halves = unsafeBitCast(terms, to: SIMD8<UInt32>.self)
        return SIMD8<UInt8>(truncatingIfNeeded: ((halves & 0xFFFF) &+ (halves &>> 16) &+ 4224) &>> 8)
    }

    /// Four Cb Cr pairs, interleaved, from eight pixels of two rows.
    @inline(__always)
    private static func chroma4(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>) -> SIMD8<UInt8> {
        let low = SIMD16<UInt16>(repeating: 0xFF)
        let la = unsafeBitCast(a, to: SIMD16<UInt16>.self), lb = unsafeBitCast(b, to: SIMD16<UInt16>.self)
        // Column sums of (R, B) and (G, A), then the two columns of each block
        // (one 64-bit lane holds two pixels): 10-bit sums in the low 32 bits.
        let rb = unsafeBitCast((la & low) &+ (lb & low), to: SIMD4<UInt64>.self)
        let ga = unsafeBitCast((la &>> 8) &+ (lb &>> 8), to: SIMD4<UInt64>.self)
        let mask32 = SIMD4<UInt64>(repeating: 0xFFFF_FFFF)
        let rbSum = (rb & mask32) &+ (rb &>> 32), gaSum = (ga & mask32) &+ (ga &>> 32)
        // Rounded means (the mask drops bits shifted across 16-bit fields),
        // copied into the upper 32 bits: one half for Cb, the other for Cr.
        let round = SIMD4<UInt64>(repeating: 0x0002_0002), fields = SIMD4<UInt64>(repeating: 0x00FF_00FF)
        let rbMean = ((rbSum &+ round) &>> 2) & fields, gMean = ((gaSum &+ round) &>> 2) & fields
        let rbTerms = unsafeBitCast(rbMean | rbMean &<< 32, to: SIMD16<UInt16>.self) &* chromaRB
        let gTerms = unsafeBitCast(gMean | gMean &<< 32, to: SIMD16<UInt16>.self) &* chromaG
        // Sum of each 32-bit lane's halves, modulo 2¹⁶ (the terms wrap; the
        // true sum lies in 0…65535).
        let halves = unsafeBitCast(rbTerms &+ gTerms, to: SIMD8<UInt32>.self)
        let sums = ((halves & 0xFFFF) &+ (halves &>> 16) &+ 32896) & 0xFFFF
        return SIMD8<UInt8>(truncatingIfNeeded: sums &>> 8)
    }

    /// Luma factors for the (R, B) and (G, A) bytes of each pixel.
    private static var lumaLow: SIMD16<UInt16> { pattern(47, 16, 47, 16) }
    private static var lumaHigh: SIMD16<UInt16> { pattern(157, 0, 157, 0) }
    /// Chroma factors per 16-bit field: (R, B) → Cb (−26, 112), Cr (112, −10);
    /// G → Cb −86, Cr −102 (negative factors as their 16-bit two's complement).
    private static var chromaRB: SIMD16<UInt16> { pattern(0 &- 26, 112, 112, 0 &- 10) }
    private static var chromaG: SIMD16<UInt16> { pattern(0 &- 86, 0, 0 &- 102, 0) }

    @inline(__always)
    private static func pattern(_ a: UInt16, _ b: UInt16, _ c: UInt16, _ d: UInt16) -> SIMD16<UInt16> {
        SIMD16(a, b, c, d, a, b, c, d, a, b, c, d, a, b, c, d)
    }
}
