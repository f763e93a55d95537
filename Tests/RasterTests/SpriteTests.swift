import Testing
import DisplayList
import Determinism
import Geometry
import Pixels
@testable import Raster

/// Sprite batches: bilinear sampling from mip levels, tinting of
/// premultiplied texels, source-over and additive compositing, built-in
/// images and picture sources.
@Suite struct SpriteTests {
    /// A 4×2 image with distinct opaque pixels: R = 40·x + 10, G = 100·y + 20.
    static let image: Bitmap = {
        var b = Bitmap(width: 4, height: 2)
        for y in 0..<2 {
            for x in 0..<4 {
                let i = (y * 4 + x) * 4
                b.pixels[i] = UInt8(40 * x + 10); b.pixels[i + 1] = UInt8(100 * y + 20); b.pixels[i + 3] = 255
            }
        }
        return b
    }()

    static func solid(_ size: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) -> Bitmap {
        var b = Bitmap(width: size, height: size)
        for i in 0..<(size * size) {
            b.pixels[4 * i] = p.0; b.pixels[4 * i + 1] = p.1; b.pixels[4 * i + 2] = p.2; b.pixels[4 * i + 3] = p.3
        }
        return b
    }

    static func render(_ sprites: [Sprite], sources: [SpriteSource] = [.image("img")], blend: BlendMode = .normal,
                       images: [String: Bitmap] = ["img": image], width: Int = 8, height: Int = 6,
                       background: Color = .clear) -> Bitmap {
        let list = DisplayList(width: width, height: height, background: background,
                               items: [.sprites(SpriteBatch(sources: sources, sprites: sprites, blend: blend))])
        return Rasterizer(images: images).render(list)
    }

    /// Drawn at whole-pixel offsets and natural size, a sprite is its image.
    @Test func wholePixelPlacementCopiesTheImage() {
        let out = Self.render([Sprite(transform: .translation(2, 3), tint: 0xFFFF_FFFF, source: 0)])
        for y in 0..<6 {
            for x in 0..<8 {
                let inside = x >= 2 && x < 6 && y >= 3 && y < 5
                let p = out.pixel(x: x, y: y)
                if inside {
                    let q = Self.image.pixel(x: x - 2, y: y - 3)
                    #expect(p == q, "(\(x), \(y))")
                } else {
                    #expect(p == (0, 0, 0, 0), "(\(x), \(y))")
                }
            }
        }
    }

    /// Half a pixel across, each pixel averages two texels, and the edges
    /// fade to half (clamp-to-transparent bilinear, as `ImageShader`).
    @Test func halfPixelOffsetFilters() {
        let out = Self.render([Sprite(transform: .translation(2.5, 3), tint: 0xFFFF_FFFF, source: 0)])
        #expect(out.pixel(x: 3, y: 3).r == 30)       // (10 + 50) / 2
        #expect(out.pixel(x: 2, y: 3).a == 128)      // half the first texel over transparency
        #expect(out.pixel(x: 6, y: 3).a == 128)
    }

    /// The tint multiplies each premultiplied channel (white × colour = colour).
    @Test func tintMultipliesPremultipliedChannels() {
        let white = Self.solid(4, (255, 255, 255, 255))
        let tint = Sprite.tint(Color(r: 1, g: 0.5, b: 0, a: 0.5))
        #expect(tint == PackedPixel.pack(128, 64, 0, 128))
        let out = Self.render([Sprite(transform: .translation(0, 0), tint: tint, source: 0)], images: ["img": white])
        #expect(out.pixel(x: 1, y: 1) == (128, 64, 0, 128))
        // A white tint with alpha scales all four channels alike.
        let half = Self.render([Sprite(transform: .translation(0, 0), tint: 0x8080_8080, source: 0)])
        let p = Self.image.pixel(x: 1, y: 1)
        #expect(half.pixel(x: 1, y: 1) == (UInt8((Int(p.r) * 128 + 127) / 255), UInt8((Int(p.g) * 128 + 127) / 255), 0, 128))
    }

    /// Source-over in order, and `plus` adds (saturating), whatever the order.
    @Test func blendModes() {
        let red = Self.solid(2, (200, 0, 0, 200)), blue = Self.solid(2, (0, 0, 100, 100))
        let images = ["red": red, "blue": blue]
        let sprites = [Sprite(transform: .identity, tint: 0xFFFF_FFFF, source: 0),
                       Sprite(transform: .identity, tint: 0xFFFF_FFFF, source: 1)]
        let over = Self.render(sprites, sources: [.image("red"), .image("blue")], images: images)
        #expect(over.pixel(x: 0, y: 0) == (122, 0, 100, 222))   // blue + red·(1 − 100/255)
        let plus = Self.render(sprites, sources: [.image("red"), .image("blue")], blend: .plus, images: images)
        #expect(plus.pixel(x: 0, y: 0) == (200, 0, 100, 255))
        let reversed = Self.render(sprites.reversed(), sources: [.image("red"), .image("blue")], blend: .plus, images: images)
        #expect(reversed == plus)
    }

    /// Drawn at an eighth of its size, a sprite samples the level whose
    /// texels are near a pixel: a flat image stays flat and exact.
    @Test func minifiedSpritesUseMipLevels() {
        let texture = SpriteTexture(Self.solid(64, (255, 255, 255, 255)))
        #expect(texture.levels.map(\.width) == [64, 32, 16, 8, 4, 2, 1])
        #expect(texture.level(forScale: 1) == 0 && texture.level(forScale: 0.125) == 3)
        #expect(texture.level(forScale: 0.7) == 1 && texture.level(forScale: 0.71) == 0)
        #expect(texture.level(forScale: 1e-9) == 6)
        let out = Self.render([Sprite(transform: Transform.translation(2, 1).concatenating(.scale(0.125, 0.125)),
                                      tint: 0xFFFF_FFFF, source: 0)],
                              images: ["img": Self.solid(64, (255, 255, 255, 255))], width: 12, height: 10)
        for y in 1..<9 { for x in 2..<10 { #expect(out.pixel(x: x, y: y) == (255, 255, 255, 255)) } }
        #expect(out.pixel(x: 1, y: 1) == (0, 0, 0, 0) && out.pixel(x: 10, y: 9) == (0, 0, 0, 0))
        // A checkerboard averages to grey at its coarse levels.
        var checker = Bitmap(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 where (x + y) % 2 == 0 { for c in 0..<4 { checker.pixels[(y * 16 + x) * 4 + c] = 255 } } }
        let level = SpriteTexture(checker).levels[1]
        #expect(level.texels[level.stride + 1] == ImageShader.spread(PackedPixel.pack(128, 128, 128, 128)))
    }

    /// Rotated sprites land where their transform says; degenerate ones draw nothing.
    @Test func rotationAndDegenerateTransforms() {
        let white = Self.solid(4, (255, 255, 255, 255))
        // 90° clockwise about the image's centre, centred on (4, 4).
        let m = Transform.translation(4, 4).concatenating(.rotation(degrees: 90)).concatenating(.translation(-2, -2))
        let out = Self.render([Sprite(transform: m, tint: 0xFFFF_FFFF, source: 0)], images: ["img": white], width: 8, height: 8)
        #expect(out.pixel(x: 3, y: 3) == (255, 255, 255, 255) && out.pixel(x: 1, y: 1) == (0, 0, 0, 0))
        let flat = Transform(a: 1, b: 0, c: 0, d: 0, tx: 1, ty: 1)
        let none = Self.render([Sprite(transform: flat, tint: 0xFFFF_FFFF, source: 0),
                                Sprite(transform: .translation(1e30, 0), tint: 0xFFFF_FFFF, source: 0),
                                Sprite(transform: .identity, tint: 0xFFFF_FFFF, source: 7)],
                               images: ["img": white])
        #expect(none.pixels.allSatisfy { $0 == 0 })
    }

    /// The built-in images exist without being declared, at their sizes, and
    /// are the same bits on every machine (pinned by a hash).
    @Test func builtInImages() {
        let dot = BuiltInSprites.dot, flake = BuiltInSprites.snowflake
        #expect(dot.width == 64 && dot.height == 64 && flake.width == 256 && flake.height == 256)
        #expect(dot.pixel(x: 32, y: 32) == (255, 255, 255, 255) && dot.pixel(x: 0, y: 0) == (0, 0, 0, 0))
        #expect(flake.pixel(x: 128, y: 128).a == 255 && flake.pixel(x: 253, y: 128).a == 0)
        // Six arms: the arm along +x and the one at 60° (x = 128 + 100·cos 60°, y = 128 + 100·sin 60°).
        #expect(flake.pixel(x: 228, y: 128).a == 255 && flake.pixel(x: 178, y: 214).a > 200)
        // Mirror-symmetric across both axes.
        for (x, y) in [(140, 100), (200, 60), (90, 150), (10, 128)] {
            #expect(flake.pixel(x: x, y: y) == flake.pixel(x: 255 - x, y: y))
            #expect(flake.pixel(x: x, y: y) == flake.pixel(x: x, y: 255 - y))
        }
        func fnv(_ b: Bitmap) -> UInt64 {
            var h = FNV1a()
            h.combine(bytes: b.pixels)
            return h.value
        }
        #expect(fnv(dot) == SpriteTests.dotHash, "dot \(fnv(dot))")
        #expect(fnv(flake) == SpriteTests.snowflakeHash, "snowflake \(fnv(flake))")
        let out = Self.render([Sprite(transform: .translation(-28, -30), tint: 0xFFFF_FFFF, source: 0)],
                              sources: [.image("dot")], images: [:])
        #expect(out.pixel(x: 4, y: 2) == (255, 255, 255, 255))
    }

    static let dotHash: UInt64 = 7_803_526_328_614_775_237
    static let snowflakeHash: UInt64 = 10_465_796_381_380_137_893

    /// A picture source is rendered once and drawn like an image.
    @Test func pictureSources() {
        let picture = DisplayList(width: 4, height: 4, background: .clear,
                                  items: [.fill(path: .roundedRect(Rect(minX: 0, minY: 0, maxX: 4, maxY: 4), radii: (0, 0, 0, 0)),
                                                transform: .identity, paint: .solid(Color(r: 1, g: 0, b: 0)), rule: .nonzero)])
        let rasterizer = Rasterizer()
        let list = DisplayList(width: 8, height: 8, background: .clear,
                               items: [.sprites(SpriteBatch(sources: [.picture(picture)],
                                                            sprites: [Sprite(transform: .translation(2, 2), tint: 0xFFFF_FFFF, source: 0)]))])
        let first = rasterizer.render(list)
        #expect(first.pixel(x: 3, y: 3) == (255, 0, 0, 255) && first.pixel(x: 1, y: 1) == (0, 0, 0, 0))
        #expect(rasterizer.render(list) == first)
    }

    /// A turned, scaled sprite samples like the image paint (`ImageShader`)
    /// with the same transform, within 1 per channel (positions round
    /// differently in the last of 32 fraction bits); the rows cut to the
    /// sprite's disc lose nothing.
    @Test func matchesTheImagePaint() {
        let flake = BuiltInSprites.snowflake
        for (angle, scale) in [(30.0, 1.0), (-75.0, 1.2), (10.0, 0.9)] {
            let m = Transform.translation(150, 140).concatenating(.rotation(degrees: angle))
                .concatenating(.scale(scale, scale)).concatenating(.translation(-128, -128))
            let sprite = Self.render([Sprite(transform: m, tint: 0xFFFF_FFFF, source: 0)], images: ["img": flake],
                                     width: 300, height: 280)
            let paint = Rasterizer(images: ["img": flake]).render(
                DisplayList(width: 300, height: 280, background: .clear,
                            items: [.fill(path: .roundedRect(Rect(minX: 0, minY: 0, maxX: 300, maxY: 280), radii: (0, 0, 0, 0)),
                                          transform: .identity, paint: .image(name: "img", transform: m, tile: false, opacity: 1),
                                          rule: .nonzero)]))
            var worst = 0, lit = 0
            for i in 0..<sprite.pixels.count {
                worst = max(worst, abs(Int(sprite.pixels[i]) - Int(paint.pixels[i])))
                if i % 4 == 3 && paint.pixels[i] > 0 { lit += 1 }
            }
            #expect(worst <= 1, "angle \(angle)")
            #expect(lit > 5000)
        }
    }

    /// A large batch is drawn tile by tile; every pixel still gets its
    /// sprites in batch order, so the bits equal drawing them one by one.
    @Test func tiledBatchesEqualSpriteBySpriteDrawing() {
        var state: UInt64 = 42
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) * 0x1p-53
        }
        let images = ["img": Self.image, "dot": BuiltInSprites.dot]
        var sprites: [Sprite] = []
        for i in 0..<300 {
            let m = Transform.translation(next() * 300 - 20, next() * 300 - 20)
                .concatenating(.rotation(degrees: next() * 360)).concatenating(.scale(0.2 + next() * 3, 0.2 + next() * 3))
            sprites.append(Sprite(transform: m, tint: i % 3 == 0 ? 0xFFFF_FFFF : Sprite.tint(Color(r: next(), g: next(), b: 1, a: next())),
                                  source: UInt32(i % 2)))
        }
        for blend in [BlendMode.normal, .plus] {
            let sources: [SpriteSource] = [.image("img"), .image("dot")]
            let tiled = Rasterizer(images: images).render(
                DisplayList(width: 260, height: 270, background: Color(r: 0.1, g: 0.2, b: 0.3),
                            items: [.sprites(SpriteBatch(sources: sources, sprites: sprites, blend: blend))]))
            let oneByOne = Rasterizer(images: images).render(
                DisplayList(width: 260, height: 270, background: Color(r: 0.1, g: 0.2, b: 0.3),
                            items: sprites.map { .sprites(SpriteBatch(sources: sources, sprites: [$0], blend: blend)) }))
            #expect(tiled == oneByOne)
            #expect(tiled.pixels.count == 260 * 270 * 4)
        }
    }

    /// Inside a layer, sprites mark what they draw, so the layer's opacity applies to them.
    @Test func spritesInsideALayer() {
        let list = DisplayList(width: 8, height: 6, background: .clear,
                               items: [.beginLayer(Layer(opacity: 0.5)),
                                       .sprites(SpriteBatch(sources: [.image("img")],
                                                            sprites: [Sprite(transform: .translation(2, 3), tint: 0xFFFF_FFFF, source: 0)])),
                                       .endLayer])
        let out = Rasterizer(images: ["img": Self.image]).render(list)
        #expect(out.pixel(x: 2, y: 3).a == 128)
    }
}
