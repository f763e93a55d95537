import Testing
import Geometry
import Pixels
@testable import Raster

/// Bilinear image sampling. Texel centres sit at +0.5; weights are 8-bit
/// fixed point, so results are exact where the weights are (0, ½) and
/// within 1 elsewhere.
@Suite struct ImageShaderTests {
    /// A 4×3 image whose pixels are all distinct: R = 10·x + 1, G = 10·y + 1, B = 0, opaque.
    static let image: Bitmap = {
        var b = Bitmap(width: 4, height: 3)
        for y in 0..<3 {
            for x in 0..<4 {
                let i = (y * 4 + x) * 4
                b.pixels[i] = UInt8(10 * x + 1); b.pixels[i + 1] = UInt8(10 * y + 1); b.pixels[i + 3] = 255
            }
        }
        return b
    }()

    static func texel(_ x: Int, _ y: Int) -> UInt32 {
        let p = image.pixel(x: x, y: y)
        return PackedPixel.pack(p.r, p.g, p.b, p.a)
    }

    static func shade(_ shader: ImageShader, x: Int, y: Int, count: Int) -> [UInt32] {
        let span = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { span.deallocate() }
        shader.shade(x: x, y: y, count: count, into: span)
        return Array(UnsafeBufferPointer(start: span, count: count))
    }

    static func channel(_ p: UInt32, _ c: Int) -> Int { Int((p >> (8 * UInt32(c))) & 0xFF) }

    @Test func identityReproducesTheImage() {
        let shader = ImageShader(image: Self.image, inverse: .identity, tile: false, opacity: 1)
        for y in 0..<3 {
            #expect(Self.shade(shader, x: 0, y: y, count: 4) == (0..<4).map { Self.texel($0, y) })
        }
        // A fractional-looking transform that is the identity still goes the bilinear way, exactly.
        let nearly = ImageShader(image: Self.image, inverse: Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 1e-12),
                                 tile: false, opacity: 1)
        #expect(Self.shade(nearly, x: 0, y: 1, count: 4) == (0..<4).map { Self.texel($0, 1) })
    }

    @Test func wholePixelTranslationCopies() {
        // Device x ↦ image x + 1.
        let shader = ImageShader(image: Self.image, inverse: .translation(1, 0), tile: false, opacity: 1)
        #expect(Self.shade(shader, x: -2, y: 1, count: 6)
                == [0, Self.texel(0, 1), Self.texel(1, 1), Self.texel(2, 1), Self.texel(3, 1), 0])
    }

    /// Half a pixel across: each output is the average of two neighbours,
    /// rounded half up (R: 10x + 1 and 10x + 11 → 10x + 6).
    @Test func halfPixelTranslationAveragesNeighbours() {
        let shader = ImageShader(image: Self.image, inverse: .translation(0.5, 0), tile: false, opacity: 1)
        let row = Self.shade(shader, x: 0, y: 1, count: 3)
        for x in 0..<3 {
            #expect(Self.channel(row[x], 0) == 10 * x + 6)
            #expect(Self.channel(row[x], 1) == 11)
            #expect(Self.channel(row[x], 3) == 255)
        }
        // Half a pixel in both directions: four texels, equal weights.
        let both = ImageShader(image: Self.image, inverse: .translation(0.5, 0.5), tile: false, opacity: 1)
        let p = Self.shade(both, x: 1, y: 0, count: 1)[0]
        #expect(Self.channel(p, 0) == 16 && Self.channel(p, 1) == 6)
    }

    /// Magnified 2×: device pixel centres fall at image x = 0.25, 0.75, 1.25, …,
    /// i.e. ¾·left + ¼·right and so on (±1 for 8-bit weights).
    @Test func scaleTwoInterpolatesBilinearly() {
        let shader = ImageShader(image: Self.image, inverse: .scale(0.5, 0.5), tile: false, opacity: 1)
        let row = Self.shade(shader, x: 2, y: 2, count: 4) // image y = 1.25 → rows 0 (¼) and 1 (¾)
        let expectedR = [11 - 2.5, 11 + 2.5, 21 - 2.5, 21 + 2.5] // x = 1.25, 1.75, 2.25, 2.75 around texel centres
        for i in 0..<4 {
            #expect(abs(Double(Self.channel(row[i], 0)) - expectedR[i]) <= 1, "pixel \(i)")
            #expect(abs(Self.channel(row[i], 1) - 8) <= 1) // 0.25·1 + 0.75·11 = 8.5
        }
    }

    /// Without tiling, the texels beyond the image are transparent: the
    /// outer half-pixel fades (premultiplied, so colour fades with alpha)
    /// and everything farther out is 0.
    @Test func outsideIsTransparentWithoutTiling() {
        let shader = ImageShader(image: Self.image, inverse: .translation(0.5, 0), tile: false, opacity: 1)
        // Device x = 3 samples image x = 4.0: between texel 3 and the transparent outside.
        let row = Self.shade(shader, x: -3, y: 0, count: 8)
        #expect(row[0] == 0 && row[1] == 0)
        #expect(Self.channel(row[2], 3) == 128)        // image x = 0: half texel 0, half outside
        #expect(Self.channel(row[6], 3) == 128)        // image x = 4
        #expect(row[7] == 0)
        let far = ImageShader(image: Self.image, inverse: .scale(0.5, 0.5), tile: false, opacity: 1)
        #expect(Self.shade(far, x: 20, y: 20, count: 4).allSatisfy { $0 == 0 })
    }

    @Test func tilingWraps() {
        let shader = ImageShader(image: Self.image, inverse: .identity, tile: true, opacity: 1)
        #expect(Self.shade(shader, x: -4, y: 5, count: 12)
                == (-4..<8).map { Self.texel(($0 + 8) % 4, 5 % 3) })
        // Between the last and first column the bilinear blend wraps too.
        let half = ImageShader(image: Self.image, inverse: .translation(0.5, 0), tile: true, opacity: 1)
        let p = Self.shade(half, x: 3, y: 0, count: 1)[0] // image x = 4.0: texels 3 and 0
        #expect(Self.channel(p, 0) == 16 && Self.channel(p, 3) == 255)
        // Rotated and tiled: every pixel is opaque (no gaps between tiles).
        let rotated = ImageShader(image: Self.image, inverse: .rotation(degrees: 33), tile: true, opacity: 1)
        for y in -10..<10 {
            #expect(Self.shade(rotated, x: -10, y: y, count: 20).allSatisfy { $0 >> 24 == 255 })
        }
    }

    @Test func opacityScalesEveryChannel() {
        let shader = ImageShader(image: Self.image, inverse: .identity, tile: false, opacity: 0.5)
        let p = Self.shade(shader, x: 2, y: 2, count: 1)[0] // texel (21, 21, 0, 255)
        #expect(p == PackedPixel.pack(11, 11, 0, 128))
        let none = ImageShader(image: Self.image, inverse: .identity, tile: false, opacity: 0)
        #expect(Self.shade(none, x: 0, y: 0, count: 4).allSatisfy { $0 == 0 })
    }
}
