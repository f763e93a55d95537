import DisplayList
import Geometry

/// Composites one transformed, tinted sprite: the particle hot path.
///
/// Texture mapping by inverse scanning, as in Heckbert's "Fundamentals of
/// Texture Mapping" (1989): each target row inside the sprite's bounding box
/// is mapped back into the texture once in `Double`, then walked in 32.32
/// fixed point (one add per pixel and axis); a pixel reads the 2×2 texels
/// around its centre from the mip level nearest the drawn size and weights
/// them with `ImageShader.bilinear`'s exact 8-bit arithmetic, two pixels at a
/// time (`BilinearPairs`). Pairs whose texels are transparent cost the loads
/// and a test. The texture's
/// transparent border keeps the fetch free of edge cases: the range of each
/// row that can touch the texture is estimated first (a column wider on each
/// side), and a pixel whose texel index falls outside the bordered level
/// costs one unsigned compare (cheaper than solving the range exactly, which
/// took four 64-bit divisions per row).
enum SpriteCompositor {
    /// A sprite ready to draw: everything worked out once, before it is
    /// drawn (perhaps in several tiles).
    struct Placement {
        /// The mip level sampled.
        let level: Int
        /// Target pixel centre → padded texel index space of the level
        /// (texel i's centre at i + 1).
        let mapping: Transform
        /// Target pixels the sprite may touch, within the target.
        let box: PixelBox
        /// A disc (target pixels) beyond which it draws nothing, if known.
        let disc: (x: Double, y: Double, r: Double)?
        let tint: UInt32
    }

    /// Works out how `sprite` lands on a `width` × `height` target; nil when
    /// it draws nothing there (outside, singular, transparent).
    static func place(_ sprite: Sprite, texture: SpriteTexture, width: Int, height: Int) -> Placement? {
        let m = sprite.transform
        let det = m.a * m.d - m.b * m.c
        guard let inverse = m.inverted, sprite.tint >> 24 != 0 else { return nil }
        let k = texture.level(forScale: abs(det).squareRoot())
        let level = texture.levels[k]
        let texelSize = Double(1 << k)
        // The footprint: the level's texels plus the half texel over which the edge fades.
        let reach = Rect(minX: -texelSize / 2, minY: -texelSize / 2,
                         maxX: (Double(level.width) + 0.5) * texelSize, maxY: (Double(level.height) + 0.5) * texelSize)
        let box = PixelBox(covering: m.boundingBox(of: reach))
            .intersection(PixelBox(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !box.isEmpty else { return nil }
        let f = 1 / texelSize
        let mapping = Transform(a: inverse.a * f, b: inverse.b * f, c: inverse.c * f, d: inverse.d * f,
                                tx: inverse.tx * f + 0.5, ty: inverse.ty * f + 0.5)
        return Placement(level: k, mapping: mapping, box: box, disc: disc(m, texture: texture, level: k), tint: sprite.tint)
    }

    /// Draws a placed sprite within `clip` onto `pixels` (rows of `width`
    /// premultiplied pixels), source-over or (for `.plus`) additively.
    static func draw(_ p: Placement, texture: SpriteTexture, clip: PixelBox, blend: BlendMode,
                     into pixels: UnsafeMutablePointer<UInt32>, width: Int) {
        let box = p.box.intersection(clip)
        guard !box.isEmpty else { return }
        let level = texture.levels[p.level], tint = p.tint
        let uniform = tint & 0xFF == tint >> 24 && (tint >> 8) & 0xFF == tint >> 24 && (tint >> 16) & 0xFF == tint >> 24
        let m = p.mapping, disc = p.disc
        switch (tint == 0xFFFF_FFFF, uniform, blend == .plus) {
        case (true, _, false): walk(level, m, box, disc, pixels, width, tint, Untinted.self, Over.self)
        case (true, _, true): walk(level, m, box, disc, pixels, width, tint, Untinted.self, Plus.self)
        case (false, true, false): walk(level, m, box, disc, pixels, width, tint, UniformTint.self, Over.self)
        case (false, true, true): walk(level, m, box, disc, pixels, width, tint, UniformTint.self, Plus.self)
        case (false, false, false): walk(level, m, box, disc, pixels, width, tint, ChannelTint.self, Over.self)
        case (false, false, true): walk(level, m, box, disc, pixels, width, tint, ChannelTint.self, Plus.self)
        }
    }

    /// A disc in target pixels outside which the sprite draws nothing, when
    /// the transform keeps circles round (rotation and uniform scale, as
    /// particles are drawn): rows are cut to it, which skips the transparent
    /// corners of round sprites. nil for other transforms.
    private static func disc(_ m: Transform, texture: SpriteTexture, level k: Int) -> (x: Double, y: Double, r: Double)? {
        let size = max(abs(m.a), abs(m.b), abs(m.c), abs(m.d))
        let tolerance = size * 1e-6
        let rotation = abs(m.a - m.d) <= tolerance && abs(m.b + m.c) <= tolerance
        let reflection = abs(m.a + m.d) <= tolerance && abs(m.b - m.c) <= tolerance
        guard rotation || reflection, size > 0 else { return nil }
        let scale = (m.a * m.a + m.b * m.b).squareRoot()
        let centre = m.apply(Point(Double(texture.width) / 2, Double(texture.height) / 2))
        // One pixel more for the slack of the similarity test and rounding.
        return (centre.x, centre.y, texture.reach(level: k) * scale * (1 + 1e-5) + 1)
    }

    /// The rows of `box`, specialised for a tint and a blend.
    private static func walk<T: Tint, B: Blending>(
        _ level: SpriteTexture.Level, _ mapping: Transform, _ box: PixelBox, _ disc: (x: Double, y: Double, r: Double)?,
        _ pixels: UnsafeMutablePointer<UInt32>, _ width: Int, _ tint: UInt32, _: T.Type, _: B.Type
    ) {
        let one = 4_294_967_296.0
        let limit = 1.0e9
        // Valid top-left texel indices: 0…w (and 0…h), so the 2×2 block stays inside the border.
        let maxU = UInt(level.width), maxV = UInt(level.height)
        let stride = level.stride
        let count = box.maxX - box.minX
        let du = mapping.a, dv = mapping.b
        guard abs(du) < limit, abs(dv) < limit else { return }
        let fdu = Int64(du * one), fdv = Int64(dv * one)
        level.texels.withUnsafeBufferPointer { buffer in
            let texels = buffer.baseAddress!
            for y in box.minY..<box.maxY {
                let cx = Double(box.minX) + 0.5, cy = Double(y) + 0.5
                let u = mapping.a * cx + mapping.c * cy + mapping.tx
                let v = mapping.b * cx + mapping.d * cy + mapping.ty
                // Columns where 0 ≤ u < w + 1 and 0 ≤ v < h + 1, widened by one for rounding.
                var lo = 0, hi = count
                if let disc {
                    // Pixel centres within the disc: |x + 0.5 − cx| ≤ √(r² − dy²).
                    let dy = cy - disc.y, q = disc.r * disc.r - dy * dy
                    guard q > 0 else { continue }
                    let half = q.squareRoot()
                    span(cx - disc.x + half, 1, 2 * half, &lo, &hi)
                }
                span(u, du, Double(level.width) + 1, &lo, &hi)
                span(v, dv, Double(level.height) + 1, &lo, &hi)
                guard lo < hi else { continue }
                let u0 = u + du * Double(lo), v0 = v + dv * Double(lo)
                guard abs(u0) < limit, abs(v0) < limit,
                      abs(u0 + du * Double(hi - lo)) < limit, abs(v0 + dv * Double(hi - lo)) < limit else { continue }
                // Truncation, not rounding: one instruction, and exact the same everywhere.
                let fu = Int64(u0 * one), fv = Int64(v0 * one)
                let row = pixels + (y &* width &+ box.minX &+ lo)
                var sink = Sink<T, B>(row: row, tint: tint)
                BilinearPairs.walk(texels, stride: stride, maxU: maxU, maxV: maxV, fu: fu, fv: fv, du: fdu, dv: fdv,
                                   count: hi &- lo, into: &sink)
            }
        }
    }

    /// Narrows [lo, hi) to the columns i where 0 ≤ start + step·i < end
    /// (conservatively: a column more on each side).
    @inline(__always)
    private static func span(_ start: Double, _ step: Double, _ end: Double, _ lo: inout Int, _ hi: inout Int) {
        if step == 0 {
            if !(start >= -1 && start < end + 1) { hi = lo }
            return
        }
        let a = (0 - start) / step, b = (end - start) / step
        let first = min(a, b), last = max(a, b)
        // Also false for NaN; within range, truncation towards zero is at most one column off.
        guard first < Double(hi) + 1, last > Double(lo) - 1 else { hi = lo; return }
        lo = max(lo, Int(max(first, Double(lo) - 1)) - 1)
        hi = min(hi, Int(min(last, Double(hi) + 1)) + 2)
    }
}

extension SpriteCompositor {
    /// Tints the samples and blends them onto one row.
    struct Sink<T: Tint, B: Blending>: BilinearPairs.Sink {
        let row: UnsafeMutablePointer<UInt32>
        let tint: UInt32

        @inline(__always)
        mutating func composite(_ i: Int, pair: Bool, _ samples: BilinearPairs.Lanes) {
            BilinearPairs.store(B.blend(T.apply(samples, tint), BilinearPairs.load(row, i, pair: pair)), row, i, pair: pair)
        }
    }

    /// How a sprite's texels are tinted.
    protocol Tint {
        static func apply(_ p: BilinearPairs.Lanes, _ tint: UInt32) -> BilinearPairs.Lanes
    }

    /// White, opaque: texels as they are.
    enum Untinted: Tint {
        @inline(__always) static func apply(_ p: BilinearPairs.Lanes, _ tint: UInt32) -> BilinearPairs.Lanes { p }
    }

    /// White with alpha a: every channel × a / 255.
    enum UniformTint: Tint {
        @inline(__always) static func apply(_ p: BilinearPairs.Lanes, _ tint: UInt32) -> BilinearPairs.Lanes {
            BilinearPairs.scale(p, BilinearPairs.factor(tint >> 24))
        }
    }

    /// Each premultiplied channel × the tint's channel / 255, rounded to nearest.
    enum ChannelTint: Tint {
        @inline(__always) static func apply(_ p: BilinearPairs.Lanes, _ tint: UInt32) -> BilinearPairs.Lanes {
            BilinearPairs.scale(p, BilinearPairs.channels(tint))
        }
    }

    /// How a tinted texel meets the target.
    protocol Blending {
        static func blend(_ src: BilinearPairs.Lanes, _ dst: BilinearPairs.Lanes) -> BilinearPairs.Lanes
    }

    /// Source-over.
    enum Over: Blending {
        @inline(__always) static func blend(_ src: BilinearPairs.Lanes, _ dst: BilinearPairs.Lanes) -> BilinearPairs.Lanes {
            BilinearPairs.over(src, dst)
        }
    }

    /// `plusLighter`: channels added, saturating.
    enum Plus: Blending {
        @inline(__always) static func blend(_ src: BilinearPairs.Lanes, _ dst: BilinearPairs.Lanes) -> BilinearPairs.Lanes {
            BilinearPairs.plus(src, dst)
        }
    }
}
