import CSpanBlend
import Testing
import Determinism
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// The fast paths of the rasterizer against the general ones they replace:
/// vector blends against the scalar packed-lane arithmetic (identical bytes),
/// the deferred clear against clearing first (identical frames).
@Suite(.serialized) struct FastPathTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Stream {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A valid premultiplied pixel; alpha 0 and 255 are frequent.
        mutating func pixel() -> UInt32 {
            let r = next()
            let a: UInt32 = switch r & 3 { case 0: 0; case 1: 255; default: UInt32((r >> 8) & 0xFF) }
            func c(_ shift: UInt64) -> UInt32 { a == 0 ? 0 : UInt32((r >> shift) & 0xFF) % (a + 1) }
            return PackedPixel.pack(UInt8(c(16)), UInt8(c(24)), UInt8(c(32)), UInt8(a))
        }
    }

    /// The span loops' variants this machine can run: the portable one, and
    /// AVX2 where the CPU has it. Both must give the scalar bytes.
    static var spanLoopVariants: [Int32] {
        reel_span_blend_select(-1)
        return reel_span_blend_variant() == 1 ? [0, 1] : [0]
    }

    /// Runs `body` with the span loops of `variant`, then lets the CPU choose
    /// again (other tests may run meanwhile: every variant gives the same bytes).
    static func withSpanLoops(_ variant: Int32, _ body: () -> Void) {
        reel_span_blend_select(variant)
        defer { reel_span_blend_select(-1) }
        #expect(reel_span_blend_variant() == variant)
        body()
    }

    @Test(arguments: spanLoopVariants)
    func constantSourceOverMatchesScalar(variant: Int32) {
        Self.withSpanLoops(variant) { constantSourceOver() }
    }

    private func constantSourceOver() {
        var rng = Stream(state: 1)
        for count in [0, 1, 7, 8, 9, 31, 100] {
            for _ in 0..<20 {
                let src = rng.pixel(), inverse = 255 - (src >> 24)
                let dst = (0..<count).map { _ in rng.pixel() }
                var fast = dst
                fast.withUnsafeMutableBufferPointer { PixelMath.overConstant(src, inverse: inverse, onto: $0.baseAddress!, count: count) }
                let slow = dst.map { src &+ PixelMath.scale($0, inverse) }
                #expect(fast == slow)
            }
        }
    }

    @Test(arguments: spanLoopVariants)
    func spanSourceOverMatchesScalar(variant: Int32) {
        Self.withSpanLoops(variant) { spanSourceOver() }
    }

    private func spanSourceOver() {
        var rng = Stream(state: 2)
        for count in [1, 8, 13, 64, 77] {
            for round in 0..<30 {
                // Some spans entirely opaque or transparent, to take the shortcuts.
                let src: [UInt32] = (0..<count).map { _ in
                    round % 3 == 0 ? PackedPixel.pack(9, 8, 7, 255) : round % 3 == 1 && round % 2 == 0 ? 0 : rng.pixel()
                }
                let dst = (0..<count).map { _ in rng.pixel() }
                let coverage = UInt32(rng.next() % 256)
                var fast = dst, fastCovered = dst
                src.withUnsafeBufferPointer { s in
                    fast.withUnsafeMutableBufferPointer { PixelMath.over(s.baseAddress!, onto: $0.baseAddress!, count: count) }
                    fastCovered.withUnsafeMutableBufferPointer {
                        PixelMath.over(s.baseAddress!, coverage: coverage, onto: $0.baseAddress!, count: count)
                    }
                }
                #expect(fast == zip(src, dst).map { PixelMath.over($0, $1) })
                #expect(fastCovered == zip(src, dst).map { $0 == 0 ? $1 : PixelMath.over(PixelMath.scale($0, coverage), $1) })
            }
        }
    }

    /// Fills of every length around the switch to the C library, from every
    /// alignment: each pixel of the run holds the value, its neighbours are untouched.
    @Test func fillsStoreTheRunAndNothingElse() {
        let value: UInt32 = 0x2018_1010, guardValue: UInt32 = 0xDEAD_BEEF
        for offset in 0..<17 {
            for count in [0, 1, 15, 16, 17, 255, 256, 257, 300, 1_000] {
                var pixels = [UInt32](repeating: guardValue, count: offset + count + 1)
                pixels.withUnsafeMutableBufferPointer { PixelFill.fill($0.baseAddress! + offset, with: value, count: count) }
                #expect(pixels[..<offset].allSatisfy { $0 == guardValue }, "offset \(offset) count \(count)")
                #expect(pixels[offset..<(offset + count)].allSatisfy { $0 == value }, "offset \(offset) count \(count)")
                #expect(pixels.last == guardValue, "offset \(offset) count \(count)")
            }
        }
    }

    /// The first fill over a deferred clear (rows cleared as it paints them,
    /// solid runs stored as one precomputed colour) gives the frame that
    /// clearing first gives; an empty layer forces the clear before the fill.
    @Test func deferredClearMatchesClearingFirst() {
        let background = Color(r: 0.1, g: 0.2, b: 0.3)
        let paints: [DisplayPaint] = [
            .solid(Color(r: 0.9, g: 0.3, b: 0.2, a: 0.5)),
            .solid(Color(r: 0.2, g: 0.9, b: 0.4)),
            .linearGradient(Gradient(stops: [GradientStop(location: 0, color: .white),
                                             GradientStop(location: 1, color: Color(r: 0, g: 0, b: 1, a: 0.4))]),
                            start: Point(0, 0), end: Point(30, 20)),
        ]
        let shapes: [Path] = [
            .ellipse(in: Rect(minX: 3.3, minY: 5.7, maxX: 27.1, maxY: 19.2)),
            .roundedRect(Rect(minX: -4, minY: -4, maxX: 40, maxY: 30), radii: (0, 0, 0, 0)),
            .roundedRect(Rect(minX: 10.5, minY: 0.25, maxX: 20.5, maxY: 9.75), radii: (2, 2, 2, 2)),
        ]
        for paint in paints {
            for shape in shapes {
                let fill = DisplayItem.fill(path: shape, transform: .identity, paint: paint, rule: .nonzero)
                let second = DisplayItem.fill(path: .ellipse(in: Rect(minX: 0, minY: 0, maxX: 12, maxY: 12)),
                                              transform: .identity, paint: .solid(Color(r: 1, g: 1, b: 1, a: 0.3)),
                                              rule: .nonzero)
                let deferred = Rasterizer().render(DisplayList(width: 32, height: 24, background: background,
                                                               items: [fill, second]))
                let direct = Rasterizer().render(DisplayList(width: 32, height: 24, background: background,
                                                             items: [.beginLayer(Layer()), .endLayer, fill, second]))
                #expect(deferred.pixels == direct.pixels)
            }
        }
    }

    /// Rendering into a reused bitmap clears what the previous frame left.
    @Test func deferredClearReplacesOldContents() {
        let rasterizer = Rasterizer()
        let list = DisplayList(width: 16, height: 16, background: Color(r: 0, g: 0, b: 0, a: 1),
                               items: [.fill(path: .ellipse(in: Rect(minX: 2, minY: 2, maxX: 6, maxY: 6)),
                                             transform: .identity, paint: .solid(.white), rule: .nonzero)])
        var bitmap = Bitmap(width: 16, height: 16, pixels: [UInt8](repeating: 77, count: 16 * 16 * 4))
        rasterizer.render(list, into: &bitmap)
        #expect(bitmap == Rasterizer().render(list))
    }

    /// The fixed-point image sampling (positions from per-draw integer
    /// constants) gives the same pixels however a row is split into spans.
    @Test func imageSamplingIgnoresSpanSplits() {
        var rng = Stream(state: 3)
        let image = Bitmap(width: 9, height: 7, pixels: (0..<(9 * 7)).flatMap { _ -> [UInt8] in
            let p = rng.pixel()
            return [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24)]
        })
        let inverse = Transform.rotation(degrees: 23).concatenating(.scale(0.37, 0.41))
            .concatenating(.translation(-3.3, 2.7))
        // Compare the shader with itself on spans split differently (the
        // split changes where each span's position is set up, not the pixels),
        // tiled or not.
        for tile in [false, true] {
            let shader = ImageShader(image: image, inverse: inverse, tile: tile, opacity: 1)
            var whole = [UInt32](repeating: 0, count: 40), parts = whole
            shader.shade(x: 3, y: 5, count: 40, into: &whole)
            parts.withUnsafeMutableBufferPointer { p in
                shader.shade(x: 3, y: 5, count: 17, into: p.baseAddress!)
                shader.shade(x: 20, y: 5, count: 23, into: p.baseAddress! + 17)
            }
            #expect(whole == parts, "tile \(tile)")
        }
    }

    /// The fused image painter (sampling and blending in one pass over the
    /// bordered or wrapped texture) gives the bytes of shading a span and
    /// compositing it, for every coverage and opacity, inside, across and
    /// outside the image's edges, tiled or not; a sparse image (mostly
    /// transparent) placed axis-aligned takes the walk that skips empty blocks.
    @Test(arguments: [false, true]) func imagePainterMatchesShaderAndBlend(sparse: Bool) {
        var rng = Stream(state: 4)
        let image = Bitmap(width: 9, height: 7, pixels: (0..<(9 * 7)).flatMap { _ -> [UInt8] in
            let p = rng.pixel()
            guard !sparse || p % 3 == 0 else { return [0, 0, 0, 0] }
            return [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24)]
        })
        let texture = SpriteTexture(image)
        #expect((texture.baseOccupancy != nil) == sparse && (texture.wrappedOccupancy != nil) == sparse)
        let inverses = [
            Transform.rotation(degrees: 23).concatenating(.scale(0.37, 0.41)).concatenating(.translation(-3.3, 2.7)),
            Transform.scale(0.5, 0.5).concatenating(.translation(-1.25, -0.5)),
            Transform.rotation(degrees: -140).concatenating(.translation(-20, -9)),
        ]
        let width = 48, height = 20
        for inverse in inverses {
            for opacity in [1.0, 0.6] {
                for tile in [false, true] {
                    let shader = ImageShader(image: image, inverse: inverse, tile: tile, opacity: opacity)
                    let level = tile ? texture.wrapped : texture.base
                    let dst = (0..<(width * height)).map { _ in rng.pixel() }
                    var fused = dst, reference = dst
                    let span = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
                    defer { span.deallocate() }
                    level.texels.withUnsafeBufferPointer { texels in
                        fused.withUnsafeMutableBufferPointer { f in
                            reference.withUnsafeMutableBufferPointer { r in
                                var painter = ImagePainter(shader, level: level, texels: texels.baseAddress!,
                                                           origin: f.baseAddress! + width + 2, rowPixels: width,
                                                           rows: height, originX: 2, originY: 1,
                                                           occupancy: tile ? texture.wrappedOccupancy : texture.baseOccupancy,
                                                           boxWidth: width - 2)!
                                var slow = ShaderPainter(shader: shader, origin: r.baseAddress! + width + 2, rowPixels: width,
                                                         originX: 2, originY: 1, span: span, mode: .normal)
                                for y in 0..<(height - 1) {
                                    for coverage: UInt32 in [255, 0, 1, 128, 254] {
                                        let x = Int(rng.next() % 20), count = 1 + Int(rng.next() % UInt64(width - 3 - x))
                                        painter.paint(x: x, y: y, count: count, coverage: coverage)
                                        slow.paint(x: x, y: y, count: count, coverage: coverage)
                                    }
                                }
                            }
                        }
                    }
                    #expect(fused == reference, "tile \(tile), opacity \(opacity)")
                }
            }
        }
    }
}
