import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// Items under an opaque rectangle covering the frame are skipped, and the
/// frame is byte for byte what drawing them gives: the same rectangle inside
/// a layer (which the cover check leaves alone) draws everything.
@Suite struct OpaqueCoverTests {
    let blue = Color(r: 0.12, g: 0.36, b: 1)

    func rect(_ r: Rect, _ c: Color, transform: Transform = .identity) -> DisplayItem {
        .fill(path: .roundedRect(r, radii: (0, 0, 0, 0)), transform: transform, paint: .solid(c), rule: .nonzero)
    }

    var beneath: [DisplayItem] {
        [.fill(path: .ellipse(in: Rect(minX: 3.3, minY: 2.1, maxX: 30.5, maxY: 21.7)), transform: .identity,
               paint: .solid(Color(r: 1, g: 0, b: 0, a: 0.7)), rule: .nonzero),
         .beginLayer(Layer(opacity: 0.5)), rect(Rect(minX: 1, minY: 1, maxX: 9, maxY: 9), .white), .endLayer]
    }

    var above: [DisplayItem] {
        [.fill(path: .ellipse(in: Rect(minX: 10.5, minY: 4.25, maxX: 20, maxY: 19)), transform: .identity,
               paint: .solid(Color(r: 0, g: 1, b: 0, a: 0.5)), rule: .nonzero)]
    }

    @Test func frameCoveringRectDropsWhatItHides() {
        // 12 × 8 points at scale 3: exactly the 36 × 24 frame, as a scene's full-screen rect.
        let cover = rect(Rect(minX: 0, minY: 0, maxX: 12, maxY: 8), blue, transform: .scale(3, 3))
        let list = DisplayList(width: 36, height: 24, background: .white, items: beneath + [cover] + above)
        let visible = OpaqueCover.visible(list)
        #expect(Array(list.items[visible.first...]) == above)
        #expect(visible.background == blue)
        let drawn = DisplayList(width: 36, height: 24, background: .white,
                                items: beneath + [.beginLayer(Layer()), cover, .endLayer] + above)
        #expect(OpaqueCover.visible(drawn) == (0, .white))
        #expect(Rasterizer(reuse: false).render(list) == Rasterizer(reuse: false).render(drawn))
    }

    /// A rectangle short of an edge, translucent, or inside a layer hides nothing.
    @Test func partialCoversKeepEverything() {
        let lists = [
            rect(Rect(minX: 0, minY: 0, maxX: 35.5, maxY: 24), blue),
            rect(Rect(minX: 0.01, minY: -1, maxX: 40, maxY: 30), blue),
            rect(Rect(minX: 0, minY: 0, maxX: 36, maxY: 24), blue.withOpacity(0.99)),
            rect(Rect(minX: 0, minY: 0, maxX: 36, maxY: 24), blue, transform: .rotation(degrees: 1)),
        ].map { DisplayList(width: 36, height: 24, background: .white, items: beneath + [$0] + above) }
        for list in lists { #expect(OpaqueCover.visible(list) == (0, .white)) }
        let nested = DisplayList(width: 36, height: 24, background: .white,
                                 items: [.beginLayer(Layer())] + beneath + [rect(Rect(minX: 0, minY: 0, maxX: 36, maxY: 24), blue), .endLayer])
        #expect(OpaqueCover.visible(nested) == (0, .white))
    }
}
