import Geometry

/// An image as a paint, sampled bilinearly: SwiftUI's `Image` drawn with
/// `resizable()`, or `resizable(resizingMode: .tile)` when `tile` is set.
///
/// Image pixel (i, j) has its centre at (i + 0.5, j + 0.5) in image space;
/// a device pixel centre is mapped there by `inverse` and the four nearest
/// texels are weighted with 8-bit fixed-point factors (positions resolve to
/// 1/256 pixel), all four channels at once in 16-bit lanes of a `UInt64`:
/// exact integers, so the same bits everywhere. Premultiplied texels make
/// the weighted sum correct at transparent edges. Without tiling everything
/// beyond the image is transparent, so its outer half-pixel fades out (as
/// Skia and cairo do with clamp-to-transparent bilinear sampling); with
/// tiling positions wrap. A transform that only moves by whole pixels copies
/// texels directly.
struct ImageShader: SpanShader {
    private let image: Bitmap
    private let inverse: Transform
    private let tile: Bool
    /// 0…255.
    private let opacity: UInt32
    /// Whole-pixel offset image = device + offset, when `inverse` is one.
    private let shift: (x: Int, y: Int)?

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

    /// Bilinear sampling along the span in 32.32 fixed point.
    private func sample(_ texels: UnsafePointer<UInt32>, x: Int, y: Int, count: Int,
                        into span: UnsafeMutablePointer<UInt32>) {
        let w = image.width, h = image.height
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        // Position of the sample relative to texel centres: texel i at u = i.
        var u = inverse.a * cx + inverse.c * cy + inverse.tx - 0.5
        var v = inverse.b * cx + inverse.d * cy + inverse.ty - 0.5
        if tile {
            u = Self.wrap(u, Double(w))
            v = Self.wrap(v, Double(h))
        }
        let n = Double(count)
        let limit = 1.0e9
        guard abs(u) < limit, abs(v) < limit,
              abs(u + inverse.a * n) < limit, abs(v + inverse.b * n) < limit else {
            // Positions out of fixed-point range (or NaN): nothing an image covers.
            span.update(repeating: 0, count: count)
            return
        }
        let one = 4_294_967_296.0
        var fu = Int64((u * one).rounded()), fv = Int64((v * one).rounded())
        let du = Int64((inverse.a * one).rounded()), dv = Int64((inverse.b * one).rounded())
        for i in 0..<count {
            let iu = Int(truncatingIfNeeded: fu >> 32), iv = Int(truncatingIfNeeded: fv >> 32)
            let wx = UInt64(truncatingIfNeeded: fu >> 24) & 0xFF
            let wy = UInt64(truncatingIfNeeded: fv >> 24) & 0xFF
            fu &+= du
            fv &+= dv
            let p00, p10, p01, p11: UInt32
            if iu >= 0 && iu < w - 1 && iv >= 0 && iv < h - 1 {
                let p = texels + iv * w + iu
                p00 = p[0]; p10 = p[1]; p01 = p[w]; p11 = p[w + 1]
            } else if tile {
                let u0 = Self.wrap(iu, w), v0 = Self.wrap(iv, h)
                let u1 = u0 + 1 == w ? 0 : u0 + 1, v1 = v0 + 1 == h ? 0 : v0 + 1
                p00 = texels[v0 * w + u0]; p10 = texels[v0 * w + u1]
                p01 = texels[v1 * w + u0]; p11 = texels[v1 * w + u1]
            } else if iu < -1 || iu >= w || iv < -1 || iv >= h {
                span[i] = 0
                continue
            } else {
                func texel(_ a: Int, _ b: Int) -> UInt32 {
                    a >= 0 && a < w && b >= 0 && b < h ? texels[b * w + a] : 0
                }
                p00 = texel(iu, iv); p10 = texel(iu + 1, iv)
                p01 = texel(iu, iv + 1); p11 = texel(iu + 1, iv + 1)
            }
            span[i] = Self.bilinear(p00, p10, p01, p11, wx: wx, wy: wy)
        }
    }

    /// The four texels weighted by 8-bit fractions wx, wy (0…255 ↦ 0…255/256);
    /// the weights sum to exactly 256, so a flat area stays exact.
    @inline(__always)
    static func bilinear(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
                         wx: UInt64, wy: UInt64) -> UInt32 {
        let w11 = (wx &* wy &+ 128) >> 8
        let w10 = wx &- w11, w01 = wy &- w11
        let w00 = 256 &- wx &- wy &+ w11
        let sum = spread(p00) &* w00 &+ spread(p10) &* w10 &+ spread(p01) &* w01
            &+ spread(p11) &* w11 &+ 0x0080_0080_0080_0080
        return GradientTable.packed(sum)
    }

    /// The four bytes of a pixel in four 16-bit lanes.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 {
        let q = UInt64(p)
        return (q & 0xFF) | (q & 0xFF00) << 8 | (q & 0xFF_0000) << 16 | (q & 0xFF00_0000) << 24
    }

    @inline(__always)
    private static func wrap(_ i: Int, _ n: Int) -> Int {
        if i >= 0 && i < n { return i }
        let r = i % n
        return r < 0 ? r + n : r
    }

    private static func wrap(_ value: Double, _ n: Double) -> Double {
        guard value.isFinite else { return value }
        let r = value.truncatingRemainder(dividingBy: n)
        return r < 0 ? r + n : r
    }
}
