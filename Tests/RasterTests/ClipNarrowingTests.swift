import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// A clipped layer is masked and composited only over its clip's bounds
/// (the rest cleared): the frame is byte for byte the one a layer that keeps
/// its whole box gives — here the same layer with a transparent shadow,
/// which takes the full-box path and adds nothing.
@Suite struct ClipNarrowingTests {
    @Test(arguments: [1.0, 0.6]) func clipBoundsLayerMatchesFullBoxLayer(opacity: Double) {
        let clip = ClipPath(path: .ellipse(in: Rect(minX: 20.5, minY: 10.25, maxX: 41, maxY: 52)), transform: .identity)
        func frame(_ layer: Layer) -> Bitmap {
            let items: [DisplayItem] = [
                .fill(path: .ellipse(in: Rect(minX: 1, minY: 3, maxX: 60, maxY: 44)), transform: .identity,
                      paint: .solid(Color(r: 0.2, g: 0.5, b: 0.9, a: 0.8)), rule: .nonzero),
                .beginLayer(layer),
                .fill(path: .roundedRect(Rect(minX: 0, minY: 0, maxX: 64, maxY: 40.5), radii: (0, 0, 0, 0)),
                      transform: .identity, paint: .solid(Color(r: 1, g: 0.2, b: 0, a: 0.9)), rule: .nonzero),
                .endLayer,
                // A second frame-sized layer from the pool must start transparent.
                .beginLayer(Layer(opacity: 0.7)),
                .fill(path: .ellipse(in: Rect(minX: 30, minY: 30, maxX: 62, maxY: 62)), transform: .identity,
                      paint: .solid(Color(r: 0, g: 1, b: 0.3, a: 0.5)), rule: .nonzero),
                .endLayer,
            ]
            return Rasterizer(reuse: false).render(DisplayList(width: 64, height: 64, background: .white, items: items))
        }
        let narrowed = frame(Layer(opacity: opacity, clip: clip))
        var full = Layer(opacity: opacity, clip: clip)
        full.shadow = LayerShadow(color: .clear, sigma: 2, offset: Point(1, 1))
        #expect(narrowed == frame(full))
        #expect(narrowed.pixel(x: 2, y: 20) != narrowed.pixel(x: 30, y: 20)) // the clip shows
    }
}
