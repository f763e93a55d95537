import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// Layers lie over what they can hold (`LayerBounds`), not over their
/// whole parent: a frame-sized solid masked down to a small shape gets a
/// layer the shape's size, and the frame is byte for byte the one a layer
/// over the whole frame gives — here the same layer with a transparent
/// shadow, which takes the full-box path (`LayerExtent`) and adds nothing.
@Suite struct LayerBoundsTests {
    static let size = 64
    static let whole = Path.roundedRect(Rect(minX: -20, minY: -20, maxX: 90, maxY: 90), radii: (0, 0, 0, 0))

    static func fill(_ path: Path, _ color: Color) -> DisplayItem {
        .fill(path: path, transform: .identity, paint: .solid(color), rule: .nonzero)
    }

    static func rect(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> Path {
        .roundedRect(Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY), radii: (0, 0, 0, 0))
    }

    /// A solid larger than the frame, masked by an ellipse, with a shape
    /// drawn after the mask (which the mask does not cut), in `layer`.
    static func masked(_ layer: Layer, mode: MaskMode) -> [DisplayItem] {
        [fill(.ellipse(in: Rect(minX: 1, minY: 3, maxX: 60, maxY: 44)), Color(r: 0.2, g: 0.5, b: 0.9, a: 0.8)),
         .beginLayer(layer),
         fill(whole, Color(r: 1, g: 0.2, b: 0, a: 0.9)),
         .beginLayer(Layer(maskMode: mode)),
         fill(.ellipse(in: Rect(minX: 20.5, minY: 10.25, maxX: 41, maxY: 52)), Color(r: 0.7, g: 0.7, b: 0.7, a: 1)),
         .endLayer,
         fill(rect(44, 50, 60.5, 62), Color(r: 0, g: 1, b: 0.3, a: 0.5)),
         .endLayer]
    }

    static func draw(_ items: [DisplayItem], with rasterizer: Rasterizer = Rasterizer(reuse: false)) -> Bitmap {
        rasterizer.render(DisplayList(width: size, height: size, background: .white, items: items))
    }

    @Test(arguments: MaskMode.allCases) func maskedLayerMatchesFullBoxLayer(mode: MaskMode) {
        var full = Layer(opacity: 0.8)
        full.shadow = LayerShadow(color: .clear, sigma: 2, offset: Point(1, 1))
        let narrowed = Self.draw(Self.masked(Layer(opacity: 0.8), mode: mode))
        #expect(narrowed == Self.draw(Self.masked(full, mode: mode)))
        #expect(narrowed.pixel(x: 30, y: 30) != narrowed.pixel(x: 5, y: 30)) // the mask shows
        #expect(narrowed.pixel(x: 50, y: 55) != narrowed.pixel(x: 50, y: 45)) // so does what follows it
    }

    /// The masked layer and its mask lie over the ellipse's pixels, with the
    /// shape after the mask added; an inverted mask keeps what lies outside
    /// it, so its layer keeps the solid's box, cut to the frame when drawn.
    /// An item drawn on the frame has its own box (for `FrameDamage`), one
    /// inside a layer none.
    @Test func boxesOfAMaskedLayer() {
        var bounds = LayerBounds()
        bounds.measure(DisplayList(width: Self.size, height: Self.size, background: .white,
                                   items: Self.masked(Layer(), mode: .alpha)))
        let ellipse = PixelBox(minX: 20, minY: 10, maxX: 41, maxY: 52)
        #expect(bounds.box(at: 0) == PixelBox(minX: 1, minY: 3, maxX: 60, maxY: 44))
        #expect(bounds.box(at: 2) == nil)
        #expect(bounds.box(at: 3) == ellipse)
        #expect(bounds.box(at: 1) == ellipse.union(PixelBox(minX: 44, minY: 50, maxX: 61, maxY: 62)))
        bounds.measure(DisplayList(width: Self.size, height: Self.size, background: .white,
                                   items: Self.masked(Layer(), mode: .invertedAlpha)))
        #expect(bounds.box(at: 1) == PixelBox(minX: -20, minY: -20, maxX: 90, maxY: 90))
    }

    /// A layer with a blur or a shadow reaches beyond its content: neither
    /// it nor the layers around it are narrowed; a backdrop anywhere leaves
    /// every layer of the frame over its parent, as it reads them all.
    @Test func reachingLayersLeaveTheirParentsWhole() {
        let blurred: [DisplayItem] = [.beginLayer(Layer()), .beginLayer(Layer(blur: 2)), Self.fill(Self.rect(5, 5, 10, 10), .black),
                                      .endLayer, .endLayer, .beginLayer(Layer()), Self.fill(Self.rect(5, 5, 10, 10), .black), .endLayer]
        var bounds = LayerBounds()
        bounds.measure(DisplayList(width: Self.size, height: Self.size, background: .white, items: blurred))
        #expect(bounds.box(at: 0) == nil && bounds.box(at: 1) == nil && bounds.readsAround)
        #expect(bounds.box(at: 5) == PixelBox(minX: 5, minY: 5, maxX: 10, maxY: 10))
        let frosted = LayerBackdrop(shape: ClipPath(path: Self.rect(0, 0, 30, 30), transform: .identity), sigma: 3, tint: nil)
        bounds.measure(DisplayList(width: Self.size, height: Self.size, background: .white,
                                   items: blurred + [.beginLayer(Layer(backdrop: frosted)), .endLayer]))
        #expect(bounds.box(at: 5) == nil)
    }

    /// A clip cuts a layer composited normally to its bounds; a layer with
    /// another blend mode keeps its drawn box (see `narrowToClip`).
    @Test func clipsCutLayersCompositedNormally() {
        let clip = ClipPath(path: Self.rect(8, 8, 16, 16), transform: .identity)
        var bounds = LayerBounds()
        for blend in [BlendMode.normal, .multiply] {
            bounds.measure(DisplayList(width: Self.size, height: Self.size, background: .white,
                                       items: [.beginLayer(Layer(blend: blend, clip: clip)), Self.fill(Self.rect(0, 0, 40, 40), .black), .endLayer]))
            #expect(bounds.box(at: 0) == (blend == .normal ? PixelBox(minX: 8, minY: 8, maxX: 16, maxY: 16)
                                                             : PixelBox(minX: 0, minY: 0, maxX: 40, maxY: 40)))
        }
    }

    /// A solid masked to a 10 × 10 square took two bitmaps of the frame's
    /// size and, on the first frame, their memory; now they hold the square
    /// with some room.
    @Test func layerBitmapsHoldTheirContentNotTheFrame() {
        let rasterizer = Rasterizer(reuse: false)
        let square = Self.draw([.beginLayer(Layer(opacity: 0.8)), Self.fill(Self.whole, .black), .beginLayer(Layer(maskMode: .alpha)),
                                Self.fill(Self.rect(10, 10, 20, 20), .black), .endLayer, .endLayer], with: rasterizer)
        #expect(square.pixel(x: 15, y: 15) != square.pixel(x: 25, y: 15))
        #expect(rasterizer.spareLayers.count == 2)
        for bitmap in rasterizer.spareLayers {
            #expect(bitmap.width == 32 && bitmap.height == 32)
            #expect(bitmap.pixels.allSatisfy { $0 == 0 }) // back in the pool transparent
        }
    }

    /// The pool gives the smallest bitmap that holds a box, else a new one a
    /// quarter larger (within the frame) in place of its smallest.
    @Test func poolGivesTheSmallestBitmapThatHolds() {
        let rasterizer = Rasterizer(reuse: false)
        var frame = Bitmap(width: Self.size, height: Self.size)
        rasterizer.begin(DisplayList(width: Self.size, height: Self.size, background: .white), into: &frame,
                         window: RowWindow(height: Self.size))
        rasterizer.spareLayers = [Bitmap(width: 40, height: 40), Bitmap(width: 20, height: 30), Bitmap(width: 30, height: 20)]
        let taken = rasterizer.spareBitmap(holding: PixelBox(minX: 5, minY: 5, maxX: 30, maxY: 20))
        #expect(taken.width == 30 && taken.height == 20)
        let grown = rasterizer.spareBitmap(holding: PixelBox(minX: 0, minY: 0, maxX: 50, maxY: 10))
        #expect(grown.width == 64 && grown.height == 32)
        #expect(rasterizer.spareLayers.map(\.width) == [40])
    }

    /// Sprites were placed across the whole row of a pooled bitmap wider
    /// than their layer: those beyond the layer's box stayed in the pool's
    /// bitmap, and a layer drawn later in it showed them.
    @Test func spritesInAWiderPooledBitmapStayInTheirLayer() {
        var dot = Bitmap(width: 4, height: 4)
        for i in 0..<16 { dot.pixels[4 * i] = 200; dot.pixels[4 * i + 3] = 255 }
        let sprites = SpriteBatch(sources: [.image("dot")], sprites: [
            Sprite(transform: .translation(4, 4), tint: 0xFFFF_FFFF, source: 0),
            Sprite(transform: .translation(50, 30), tint: 0xFFFF_FFFF, source: 0)])
        let frames: [[DisplayItem]] = [
            [.beginLayer(Layer(opacity: 0.5)), Self.fill(Self.whole, .black), .endLayer],
            [.beginLayer(Layer()), .sprites(sprites), .beginLayer(Layer(maskMode: .alpha)), Self.fill(Self.rect(0, 0, 20, 64), .black),
             .endLayer, .endLayer],
            [.beginLayer(Layer(opacity: 0.9)), Self.fill(Self.whole, Color(r: 0, g: 0, b: 1, a: 0.5)), .endLayer],
        ]
        let reused = Rasterizer(images: ["dot": dot], reuse: false)
        for items in frames {
            let list = DisplayList(width: Self.size, height: Self.size, background: .white, items: items)
            #expect(reused.render(list) == Rasterizer(images: ["dot": dot], reuse: false).render(list))
        }
    }

    /// A layer kept from earlier frames was taken over under a parent cut
    /// to a wider box than the one it was drawn in: its kept pixels, cut to
    /// the old box, stood in for the whole layer.
    @Test func keptLayerUnderAWiderParentIsDrawnAgain() {
        // A fill in the parent differs in every frame, so neither the parent
        // nor a kept start stands in for the layer.
        func frame(_ k: Int, mask: Double) -> DisplayList {
            DisplayList(width: Self.size, height: Self.size, background: .white, items: [
                .beginLayer(Layer()),
                .beginLayer(Layer(opacity: 0.8)), Self.fill(Self.whole, Color(r: 1, g: 0, b: 0, a: 1)), .endLayer,
                Self.fill(Self.rect(4, 4, 8, 8), Color(r: 0, g: 0, b: Double(k) / 4, a: 1)),
                .beginLayer(Layer(maskMode: .alpha)), Self.fill(Self.rect(0, 0, mask, mask), .black), .endLayer,
                .endLayer])
        }
        let reusing = Rasterizer(reuse: true)
        for (k, mask) in [16.0, 16, 16, 48].enumerated() {
            #expect(reusing.render(frame(k, mask: mask)) == Rasterizer(reuse: false).render(frame(k, mask: mask)), "frame \(k)")
        }
        #expect(reusing.reuse!.keptLayersUsed > 0)
    }
}
