import Geometry
import Pixels

/// An image as a paint, sampled bilinearly: SwiftUI's `Image` drawn with
/// `resizable()`, or `resizable(resizingMode: .tile)` when `tile` is set.
///
/// Image pixel (i, j) has its centre at (i + 0.5, j + 0.5) in image space;
/// a device pixel centre is mapped there by `inverse` (positions step along
/// the span in 32.32 fixed point) and the four nearest texels are weighted
/// with 8-bit fixed-point factors (positions resolve to 1/256 pixel), two
/// texels' four channels per 16-bit SIMD multiply: exact integers, so the
/// same bits everywhere. Premultiplied texels make
/// the weighted sum correct at transparent edges. Without tiling everything
/// beyond the image is transparent, so its outer half-pixel fades out (as
/// Skia and cairo do with clamp-to-transparent bilinear sampling); with
/// tiling positions wrap. A transform that only moves by whole pixels copies
/// texels directly.
struct ImageShader: SpanShader {
    private let image: Bitmap
    private let inverse: Transform
    let tile: Bool
    /// 0…255.
    let opacity: UInt32
    /// Whole-pixel offset image = device + offset, when `inverse` is one.
    private let shift: (x: Int, y: Int)?
    /// Whether spans are texel rows copied as they are (a whole-pixel offset).
    var copiesTexels: Bool { shift != nil }
    /// The 32.32 fixed-point sample position of device pixel (X, Y) as
    /// u = u0 + X·dux + Y·duy, v = v0 + X·dvx + Y·dvy (wrapped into the
    /// image when tiling), set up once per draw so a span starts with integer
    /// arithmetic alone (the same bits everywhere); nil when the transform is
    /// too large for it.
    let fixed: (u0: Int64, v0: Int64, dux: Int64, dvx: Int64, duy: Int64, dvy: Int64)?

    /// - Parameters:
    ///   - image: premultiplied RGBA8.
    ///   - inverse: device pixel → image pixel coordinates.
    ///   - opacity: 0…1, multiplies every texel.
    init(image: Bitmap, inverse: Transform, tile: Bool, opacity: Double) {
        self.image = image
        self.inverse = inverse
        self.tile = tile
        self.opacity = opacity > 0 ? UInt32((min(opacity, 1) * 255).rounded()) : 0
        let limit = 1.0e9
        if inverse.a == 1, inverse.b == 0, inverse.c == 0, inverse.d == 1,
           inverse.tx == inverse.tx.rounded(), inverse.ty == inverse.ty.rounded(),
           abs(inverse.tx) < limit, abs(inverse.ty) < limit {
            shift = (Int(inverse.tx), Int(inverse.ty))
        } else {
            shift = nil
        }
        let m = [inverse.a, inverse.b, inverse.c, inverse.d]
        if m.allSatisfy({ abs($0) < 1024 }), abs(inverse.tx) < 16_777_216, abs(inverse.ty) < 16_777_216 {
            let one = 4_294_967_296.0
            func q(_ v: Double) -> Int64 { Int64((v * one).rounded()) }
            // Pixel centres (X + 0.5, Y + 0.5), texel centres at whole positions.
            fixed = (q(inverse.a * 0.5 + inverse.c * 0.5 + inverse.tx - 0.5),
                     q(inverse.b * 0.5 + inverse.d * 0.5 + inverse.ty - 0.5),
                     q(inverse.a), q(inverse.b), q(inverse.c), q(inverse.d))
        } else {
            fixed = nil
        }
    }

    func shade(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>) {
        if opacity == 0 {
            span.update(repeating: 0, count: count)
            return
        }
        image.pixels.withUnsafeBytes { raw in
            let texels = raw.bindMemory(to: UInt32.self).baseAddress!
            if let shift {
                copy(texels, x: x + shift.x, y: y + shift.y, count: count, into: span)
            } else {
                sample(texels, x: x, y: y, count: count, into: span)
            }
        }
        if opacity < 255 {
            for i in 0..<count { span[i] = PixelMath.scale(span[i], opacity) }
        }
    }

    /// Texels u…u+count−1 of row v, transparent or wrapped beyond the image.
    private func copy(_ texels: UnsafePointer<UInt32>, x u: Int, y v: Int, count: Int,
                      into span: UnsafeMutablePointer<UInt32>) {
        let w = image.width, h = image.height
        if tile {
            let row = texels + Self.wrap(v, h) * w
            var i = 0, column = Self.wrap(u, w)
            while i < count {
                let run = min(count - i, w - column)
                (span + i).update(from: row + column, count: run)
                i += run
                column = 0
            }
            return
        }
        span.update(repeating: 0, count: count)
        guard v >= 0 && v < h else { return }
        let from = max(u, 0), to = min(u + count, w)
        if from < to { (span + (from - u)).update(from: texels + v * w + from, count: to - from) }
    }

    /// Bilinear sampling along the span in 32.32 fixed point (`step` without
    /// tiling; with tiling, positions and texel indices wrap).
    private func sample(_ texels: UnsafePointer<UInt32>, x: Int, y: Int, count: Int,
                        into span: UnsafeMutablePointer<UInt32>) {
        let w = image.width, h = image.height
        let wideU = Int64(w) << 32, wideV = Int64(h) << 32
        var fu, fv, du, dv: Int64
        if let start = fixedStart(x: x, y: y, count: count) {
            guard tile else { return step(texels, fu: start.u, fv: start.v, du: start.du, dv: start.dv, count: count, into: span) }
            (fu, fv, du, dv) = (Self.wrap(start.u, wideU), Self.wrap(start.v, wideV), start.du, start.dv)
        } else {
            guard let start = floatingStart(x: x, y: y, count: count) else {
                // Positions out of fixed-point range (or NaN): nothing an image covers.
                span.update(repeating: 0, count: count)
                return
            }
            guard tile else { return step(texels, fu: start.u, fv: start.v, du: start.du, dv: start.dv, count: count, into: span) }
            (fu, fv, du, dv) = start
        }
        // Tiling keeps positions wrapped into the image as they step, while a
        // step is shorter than the image (else each pixel is wrapped anew).
        let stepWraps = abs(du) < wideU && abs(dv) < wideV
        let raw = UnsafeRawPointer(texels)
        @inline(__always) func pair(_ offset: Int) -> SIMD8<UInt16> {
            let bytes = raw.loadUnaligned(fromByteOffset: offset &* 4, as: UInt64.self)
            return SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(bytes, to: SIMD8<UInt8>.self))
        }
        for i in 0..<count {
            var iu = Int(truncatingIfNeeded: fu >> 32), iv = Int(truncatingIfNeeded: fv >> 32)
            let wx = UInt16(truncatingIfNeeded: fu >> 24) & 0xFF, wy = UInt16(truncatingIfNeeded: fv >> 24) & 0xFF
            fu &+= du
            fv &+= dv
            if stepWraps {
                fu = Self.wrapStep(fu, wideU)
                fv = Self.wrapStep(fv, wideV)
            }
            let top, bottom: SIMD8<UInt16>
            if iu >= 0 && iu < w &- 1 && iv >= 0 && iv < h &- 1 {
                let o = iv &* w &+ iu
                top = pair(o)
                bottom = pair(o &+ w)
            } else {
                iu = Self.wrap(iu, w)
                iv = Self.wrap(iv, h)
                let u1 = iu &+ 1 == w ? 0 : iu &+ 1, v1 = iv &+ 1 == h ? 0 : iv &+ 1
                top = Self.pair(texels[iv &* w &+ iu], texels[iv &* w &+ u1])
                bottom = Self.pair(texels[v1 &* w &+ iu], texels[v1 &* w &+ u1])
            }
            span[i] = Self.bilinear(top: top, bottom: bottom, wx: wx, wy: wy)
        }
    }

    /// A span's first position and per-pixel step from `fixed`, when the
    /// span lies in its range. |positions| < 2¹⁶·2¹⁰·2³²·2 + 2²⁴·2³²: no overflow.
    private func fixedStart(x: Int, y: Int, count: Int) -> (u: Int64, v: Int64, du: Int64, dv: Int64)? {
        guard let fixed, x >= 0, y >= 0, x < 65536, y < 65536, count < 65536 else { return nil }
        return (fixed.u0 &+ Int64(x) &* fixed.dux &+ Int64(y) &* fixed.duy,
                fixed.v0 &+ Int64(x) &* fixed.dvx &+ Int64(y) &* fixed.dvy, fixed.dux, fixed.dvx)
    }

    /// The same from the transform in floating point, for spans and
    /// transforms outside `fixed`'s range (wrapped into the image when
    /// tiling); nil when the positions leave 32.32's range or are NaN.
    private func floatingStart(x: Int, y: Int, count: Int) -> (u: Int64, v: Int64, du: Int64, dv: Int64)? {
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        // Position of the sample relative to texel centres: texel i at u = i.
        var u = inverse.a * cx + inverse.c * cy + inverse.tx - 0.5
        var v = inverse.b * cx + inverse.d * cy + inverse.ty - 0.5
        if tile {
            u = Self.wrap(u, Double(image.width))
            v = Self.wrap(v, Double(image.height))
        }
        let n = Double(count)
        let limit = 1.0e9
        guard abs(u) < limit, abs(v) < limit,
              abs(u + inverse.a * n) < limit, abs(v + inverse.b * n) < limit else { return nil }
        let one = 4_294_967_296.0
        return (Int64((u * one).rounded()), Int64((v * one).rounded()),
                Int64((inverse.a * one).rounded()), Int64((inverse.b * one).rounded()))
    }

    /// Bilinear samples without tiling from 32.32 position (fu, fv),
    /// stepping (du, dv) per pixel. Four transparent texels give 0 at once
    /// (what the weighting would give), which skips the clear margins of
    /// sprites.
    @inline(__always)
    private func step(_ texels: UnsafePointer<UInt32>, fu: Int64, fv: Int64, du: Int64, dv: Int64, count: Int,
                      into span: UnsafeMutablePointer<UInt32>) {
        let w = image.width, h = image.height
        let raw = UnsafeRawPointer(texels)
        var fu = fu, fv = fv
        for i in 0..<count {
            let iu = Int(truncatingIfNeeded: fu >> 32), iv = Int(truncatingIfNeeded: fv >> 32)
            let wx = UInt16(truncatingIfNeeded: fu >> 24) & 0xFF, wy = UInt16(truncatingIfNeeded: fv >> 24) & 0xFF
            fu &+= du
            fv &+= dv
            if iu >= 0 && iu < w &- 1 && iv >= 0 && iv < h &- 1 {
                let o = iv &* w &+ iu
                let t = raw.loadUnaligned(fromByteOffset: o &* 4, as: UInt64.self)
                let b = raw.loadUnaligned(fromByteOffset: (o &+ w) &* 4, as: UInt64.self)
                if t | b == 0 {
                    span[i] = 0
                    continue
                }
                let top = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(t, to: SIMD8<UInt8>.self))
                let bottom = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(b, to: SIMD8<UInt8>.self))
                span[i] = Self.bilinear(top: top, bottom: bottom, wx: wx, wy: wy)
            } else if iu < -1 || iu >= w || iv < -1 || iv >= h {
                span[i] = 0
            } else {
                @inline(__always) func texel(_ a: Int, _ b: Int) -> UInt32 {
                    a >= 0 && a < w && b >= 0 && b < h ? texels[b &* w &+ a] : 0
                }
                span[i] = Self.bilinear(top: Self.pair(texel(iu, iv), texel(iu &+ 1, iv)),
                                        bottom: Self.pair(texel(iu, iv &+ 1), texel(iu &+ 1, iv &+ 1)),
                                        wx: wx, wy: wy)
            }
        }
    }

    /// Texels (top-left, top-right) and (bottom-left, bottom-right), widened
    /// to 16-bit lanes, weighted by 8-bit fractions wx, wy (0…255 ↦ 0…255/256).
    /// The four weights sum to exactly 256, so a flat area stays exact and
    /// no lane exceeds 255·256.
    @inline(__always)
    static func bilinear(top: SIMD8<UInt16>, bottom: SIMD8<UInt16>, wx: UInt16, wy: UInt16) -> UInt32 {
        let w11 = (wx &* wy &+ 128) &>> 8
        let w10 = wx &- w11, w01 = wy &- w11
        let w00 = 256 &- wx &- wy &+ w11
        let upper = SIMD8(lowHalf: SIMD4(repeating: w00), highHalf: SIMD4(repeating: w10))
        let lower = SIMD8(lowHalf: SIMD4(repeating: w01), highHalf: SIMD4(repeating: w11))
        let s = top &* upper &+ bottom &* lower
        return GradientTable.packed(s.lowHalf &+ s.highHalf &+ 128)
    }

    /// Two packed texels side by side, widened to 16-bit lanes.
    @inline(__always)
    static func pair(_ a: UInt32, _ b: UInt32) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(a, b), to: SIMD8<UInt8>.self))
    }

    /// The four bytes of a pixel in four 16-bit lanes of a `UInt64`.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 {
        unsafeBitCast(SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(p, to: SIMD4<UInt8>.self)), to: UInt64.self)
    }

    @inline(__always)
    private static func wrap(_ i: Int, _ n: Int) -> Int {
        if i >= 0 && i < n { return i }
        let r = i % n
        return r < 0 ? r + n : r
    }

    /// A position that was in 0..<n before a step shorter than n, back in 0..<n.
    @inline(__always)
    static func wrapStep(_ p: Int64, _ n: Int64) -> Int64 {
        p >= n ? p &- n : p < 0 ? p &+ n : p
    }

    /// `p` modulo `n` (> 0), in 0..<n.
    @inline(__always)
    static func wrap(_ p: Int64, _ n: Int64) -> Int64 {
        if p >= 0 && p < n { return p }
        let r = p % n
        return r < 0 ? r + n : r
    }

    private static func wrap(_ value: Double, _ n: Double) -> Double {
        guard value.isFinite else { return value }
        let r = value.truncatingRemainder(dividingBy: n)
        return r < 0 ? r + n : r
    }
}
