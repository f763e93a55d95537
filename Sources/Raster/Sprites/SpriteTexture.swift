import Pixels

/// A sprite image prepared for fast compositing: a mip chain (Williams,
/// "Pyramidal Parametrics", 1983) of premultiplied levels, each half the
/// size of the one before, so a sprite drawn much smaller than its image
/// samples a level near its drawn size and bilinear filtering stays
/// alias-free without reading many texels per pixel.
///
/// Each level keeps a one-texel transparent border, so the compositor reads
/// any 2×2 neighbourhood of texel indices 0…w by 0…h without bounds checks
/// and the image's outer half-texel fades out as clamp-to-transparent
/// bilinear sampling does (like `ImageShader`).
///
/// Image fills use only level 0 (or the wrapped copy for tiling), so the
/// coarser levels and the radius are computed on first use: a thumbnail or
/// a background image costs one bordered copy, not a pyramid.
/// Not thread-safe: each rasterizer keeps its own textures (`SpriteCache`).
final class SpriteTexture {
    struct Level {
        /// Texels across and down, without the border.
        let width: Int
        let height: Int
        /// Premultiplied pixels, each channel in a 16-bit lane
        /// (`ImageShader.spread`), so bilinear weighting needs no unpacking
        /// per pixel: `(width + 2) × (height + 2)` with a transparent border,
        /// or, for `wrapped`, `(width + 1) × (height + 1)` whose last column
        /// and row repeat the first.
        let texels: [UInt64]
        /// Texels from one row to the next.
        let stride: Int
    }

    private let image: Bitmap
    /// Level 0 is the image itself; level k has ⌈w / 2^k⌉ × ⌈h / 2^k⌉ texels,
    /// texel i covering image pixels [i·2^k, (i + 1)·2^k).
    private(set) lazy var levels: [Level] = mipChain()
    /// Level 0 alone, what image fills sample.
    private(set) lazy var base: Level = image.pixels.withUnsafeBytes {
        Self.bordered(Array($0.bindMemory(to: UInt32.self)), width: image.width, height: image.height)
    }
    /// The image for tiling: texel index i in 0…w reads image column i mod w
    /// (rows likewise), so a 2×2 fetch at a wrapped position needs no checks.
    private(set) lazy var wrapped: Level = Self.wrapping(image)
    /// The empty blocks of `base` and `wrapped`, for axis-aligned image fills.
    private(set) lazy var baseOccupancy: TexelOccupancy? = TexelOccupancy(base)
    private(set) lazy var wrappedOccupancy: TexelOccupancy? = TexelOccupancy(wrapped)
    /// Image pixels: no pixel beyond this distance from the image centre
    /// is drawn (a corner of the farthest non-transparent pixel); for a
    /// round sprite (a dot, a snowflake) far less than the half diagonal.
    private(set) lazy var radius: Double = Self.radius(of: image)
    /// Image pixels (level 0).
    var width: Int { image.width }
    var height: Int { image.height }

    init(_ image: Bitmap) {
        self.image = image
    }

    private func mipChain() -> [Level] {
        var levels = [base]
        var texels = image.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        var w = image.width, h = image.height
        while w > 1 || h > 1 {
            (texels, w, h) = Self.halved(texels, width: w, height: h)
            levels.append(Self.bordered(texels, width: w, height: h))
        }
        return levels
    }

    private static func radius(of image: Bitmap) -> Double {
        let w = image.width, h = image.height
        var farthest = 0.0
        image.pixels.withUnsafeBytes { raw in
            let texels = raw.bindMemory(to: UInt32.self)
            for y in 0..<h {
                for x in 0..<w where texels[y * w + x] != 0 {
                    let dx = max(abs(Double(x) - Double(w) / 2), abs(Double(x + 1) - Double(w) / 2))
                    let dy = max(abs(Double(y) - Double(h) / 2), abs(Double(y + 1) - Double(h) / 2))
                    farthest = max(farthest, dx * dx + dy * dy)
                }
            }
        }
        return farthest.squareRoot()
    }

    private static func wrapping(_ image: Bitmap) -> Level {
        let w = image.width, h = image.height
        var out = [UInt64](repeating: 0, count: (w + 1) * (h + 1))
        image.pixels.withUnsafeBytes { raw in
            let texels = raw.bindMemory(to: UInt32.self)
            for y in 0...h {
                for x in 0...w { out[y * (w + 1) + x] = ImageShader.spread(texels[(y % h) * w + x % w]) }
            }
        }
        return Level(width: w, height: h, texels: out, stride: w + 1)
    }

    /// The texels with a transparent border of one texel.
    private static func bordered(_ texels: [UInt32], width w: Int, height h: Int) -> Level {
        var out = [UInt64](repeating: 0, count: (w + 2) * (h + 2))
        for y in 0..<h {
            for x in 0..<w { out[(y + 1) * (w + 2) + x + 1] = ImageShader.spread(texels[y * w + x]) }
        }
        return Level(width: w, height: h, texels: out, stride: w + 2)
    }

    /// The next level: each texel the average of a 2×2 block (a box filter),
    /// rounded to nearest per channel; texels beyond an odd edge count as
    /// transparent, so the level covers the same area of the image.
    private static func halved(_ texels: [UInt32], width w: Int, height h: Int) -> ([UInt32], Int, Int) {
        let w2 = (w + 1) / 2, h2 = (h + 1) / 2
        var out = [UInt32](repeating: 0, count: w2 * h2)
        func texel(_ x: Int, _ y: Int) -> UInt64 {
            x < w && y < h ? ImageShader.spread(texels[y * w + x]) : 0
        }
        for y in 0..<h2 {
            for x in 0..<w2 {
                let sum = texel(2 * x, 2 * y) + texel(2 * x + 1, 2 * y) + texel(2 * x, 2 * y + 1)
                    + texel(2 * x + 1, 2 * y + 1) + 0x0002_0002_0002_0002
                // Each 16-bit lane holds at most 4·255 + 2; /4 per lane is a shift of the whole word.
                let q = (sum >> 2) & 0x00FF_00FF_00FF_00FF
                out[y * w2 + x] = UInt32(truncatingIfNeeded: q & 0xFF) | UInt32(truncatingIfNeeded: (q >> 8) & 0xFF00)
                    | UInt32(truncatingIfNeeded: (q >> 16) & 0xFF_0000) | UInt32(truncatingIfNeeded: (q >> 24) & 0xFF00_0000)
            }
        }
        return (out, w2, h2)
    }

    /// Image pixels: how far from the image centre level `k` can draw. Its
    /// non-transparent texels' centres lie within `radius` + half a texel
    /// diagonal, and bilinear sampling reaches a texel diagonal further:
    /// 1.5·√2 < 2.5 texels of 2^k pixels.
    func reach(level k: Int) -> Double {
        radius + 2.5 * Double(1 << k)
    }

    /// The level to sample for a sprite drawn `scale` target pixels per image
    /// pixel: the one whose texels come closest to one pixel, choosing the
    /// finer level up to a ratio of √2 (so every level is drawn at between
    /// 0.71 and 1.41 pixels per texel, except level 0 when magnified).
    func level(forScale scale: Double) -> Int {
        var k = 0, s = scale
        // s × 2 is exact, so the choice is the same on every machine.
        while k + 1 < levels.count && s * 2 <= 1.4142135623730951 {
            s *= 2
            k += 1
        }
        return k
    }
}
