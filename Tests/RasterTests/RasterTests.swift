import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// Pixel tests of the fill rasterizer on tiny canvases. Tolerances are stated
/// per test; coverage is exact-area, so most values are exact.
@Suite struct RasterTests {
    func render(_ w: Int, _ h: Int, background: Color = .clear, _ items: [DisplayItem]) -> Bitmap {
        Rasterizer().render(DisplayList(width: w, height: h, background: background, items: items))
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: Color,
              transform: Transform = .identity, rule: FillRule = .nonzero) -> DisplayItem {
        .fill(path: .roundedRect(Rect(minX: x, minY: y, maxX: x + w, maxY: y + h), radii: (0, 0, 0, 0)),
              transform: transform, paint: .solid(c), rule: rule)
    }

    @Test func pixelAlignedRectIsExact() {
        let b = render(8, 8, background: .black, [rect(2, 2, 4, 3, Color(r: 1, g: 0, b: 0))])
        #expect(b.pixel(x: 2, y: 2) == (255, 0, 0, 255))
        #expect(b.pixel(x: 5, y: 4) == (255, 0, 0, 255))
        #expect(b.pixel(x: 6, y: 4) == (0, 0, 0, 255))
        #expect(b.pixel(x: 5, y: 5) == (0, 0, 0, 255))
        #expect(b.pixel(x: 1, y: 2) == (0, 0, 0, 255))
    }

    /// A rect edge through the middle of a pixel covers it half: 128 of 255 (±0).
    @Test func halfCoveredPixelsGetHalfAlpha() {
        let b = render(8, 8, [rect(2.5, 2, 3, 4, .white)])
        #expect(b.pixel(x: 2, y: 3) == (128, 128, 128, 128))
        #expect(b.pixel(x: 3, y: 3) == (255, 255, 255, 255))
        #expect(b.pixel(x: 5, y: 3) == (128, 128, 128, 128))
        // A quarter-covered corner pixel.
        let c = render(4, 4, [rect(0.5, 0.5, 3, 3, .white)])
        #expect(c.pixel(x: 0, y: 0).a == 64)
    }

    /// The summed coverage of a circle equals its area, less what flattening
    /// cuts off: chords lie inside the arc by at most the tolerance (0.05 px),
    /// on average 2/3 of it, so the loss is below perimeter × 0.05.
    @Test func circleCoverageMatchesArea() {
        let r = 20.0
        let b = render(64, 64, [.fill(path: .ellipse(in: Rect(minX: 12.3, minY: 10.7, maxX: 12.3 + 2 * r, maxY: 10.7 + 2 * r)),
                                      transform: .identity, paint: .solid(.white), rule: .nonzero)])
        var sum = 0.0
        for y in 0..<64 { for x in 0..<64 { sum += Double(b.pixel(x: x, y: y).a) / 255 } }
        let area = Double.pi * r * r, perimeter = 2 * Double.pi * r
        #expect(sum < area + 0.01 && sum > area - perimeter * Flattener.defaultTolerance)
    }

    /// Shapes sharing an edge on a pixel boundary leave no seam. Across a
    /// fractional edge, coverage composites like every coverage-based
    /// rasterizer (cairo, Skia): 0.3 then 0.7 source-over gives
    /// 1 − 0.7 × 0.3 = 0.79, i.e. 201…202 — pinned so a change is noticed.
    @Test func abuttingShapesLeaveNoSeam() {
        let blue = Color(r: 0, g: 0, b: 1)
        let b = render(10, 4, [rect(0, 0, 4, 4, blue), rect(4, 0, 6, 4, blue)])
        for y in 0..<4 { #expect(b.pixel(x: 3, y: y).a == 255 && b.pixel(x: 4, y: y).a == 255) }
        let f = render(10, 4, [rect(0, 0, 4.3, 4, blue), rect(4.3, 0, 5.7, 4, blue)])
        for y in 0..<4 { #expect((201...202).contains(f.pixel(x: 4, y: y).a)) }
    }

    @Test func rotatedShapeIsCoveredAroundItsCentre() {
        let t = Transform.translation(16, 16).concatenating(.rotation(degrees: 45)).concatenating(.translation(-8, -8))
        let b = render(32, 32, [rect(0, 0, 16, 16, .white, transform: t)])
        #expect(b.pixel(x: 16, y: 16).a == 255)
        #expect(b.pixel(x: 16, y: 7).a == 255)   // top vertex at y ≈ 4.69; 2.3 px wide at y = 7
        #expect(b.pixel(x: 16, y: 3).a == 0)
        #expect(b.pixel(x: 5, y: 5).a == 0)      // the square's old corner is empty now
    }

    @Test func evenOddLeavesAHoleWhereNonZeroFills() {
        var p = Path.roundedRect(Rect(minX: 0, minY: 0, maxX: 10, maxY: 10), radii: (0, 0, 0, 0))
        for e in Path.roundedRect(Rect(minX: 3, minY: 3, maxX: 7, maxY: 7), radii: (0, 0, 0, 0)).elements { p.append(e) }
        let nz = render(10, 10, [.fill(path: p, transform: .identity, paint: .solid(.white), rule: .nonzero)])
        let eo = render(10, 10, [.fill(path: p, transform: .identity, paint: .solid(.white), rule: .evenodd)])
        #expect(nz.pixel(x: 5, y: 5).a == 255)
        #expect(eo.pixel(x: 5, y: 5).a == 0)
        #expect(eo.pixel(x: 1, y: 1).a == 255)
    }

    /// Group opacity composites the group once: overlapping children at 50 %
    /// give a uniform 50 % where they overlap, not 75 %.
    @Test func layerOpacityAppliesToTheGroupAsAWhole() {
        let b = render(10, 2, background: .black, [
            .beginLayer(Layer(opacity: 0.5)),
            rect(0, 0, 6, 2, .white), rect(4, 0, 6, 2, .white),
            .endLayer,
        ])
        #expect(b.pixel(x: 2, y: 0) == (128, 128, 128, 255))
        #expect(b.pixel(x: 5, y: 0) == (128, 128, 128, 255))
        #expect(b.pixel(x: 8, y: 1) == (128, 128, 128, 255))
    }

    /// A frosted backdrop inside a group reads what the group has drawn so
    /// far over the frame (flattened), or the frame alone where the group
    /// is still empty: with an opaque group child, the same frame as drawing
    /// both at the top level.
    @Test func backdropInsideAGroupSeesTheGroupsContent() {
        let shape = ClipPath(path: Path.roundedRect(Rect(minX: 6, minY: 2, maxX: 18, maxY: 14), radii: (3, 3, 3, 3)),
                             transform: .identity)
        let frosted = Layer(backdrop: LayerBackdrop(shape: shape, sigma: 2, tint: Color(r: 1, g: 1, b: 1, a: 0.3)))
        let stripes = [rect(0, 0, 24, 16, Color(r: 0, g: 0, b: 1)), rect(8, 0, 4, 16, Color(r: 1, g: 0.5, b: 0))]
        let flat = render(24, 16, background: .black, [stripes[0], stripes[1], .beginLayer(frosted), .endLayer])
        for inside in [0, 1, 2] {
            // What the group draws before the card: nothing, the orange stripe, or both.
            let grouped = render(24, 16, background: .black,
                                 stripes.prefix(2 - inside) + [.beginLayer(Layer())] + stripes.suffix(inside)
                                     + [.beginLayer(frosted), .endLayer, .endLayer])
            #expect(grouped == flat, "\(inside) drawn inside the group")
        }
    }

    @Test func semiTransparentFillComposesSourceOver() {
        // 50 % red over opaque blue: (128, 0, 127) within ±1.
        let b = render(2, 2, background: Color(r: 0, g: 0, b: 1), [rect(0, 0, 2, 2, Color(r: 1, g: 0, b: 0, a: 0.5))])
        let p = b.pixel(x: 1, y: 1)
        #expect(abs(Int(p.r) - 128) <= 1 && p.g == 0 && abs(Int(p.b) - 127) <= 1 && p.a == 255)
    }

    @Test func shapesOutsideTheFrameAndNaNDrawNothing() {
        let b = render(4, 4, [rect(-10, -10, 5, 5, .white), rect(.nan, 0, 2, 2, .white), rect(10, 0, 3, 3, .white)])
        #expect(b.pixels.allSatisfy { $0 == 0 })
    }

    /// Shapes crossing the frame edge are clipped exactly: a rect from x = −2.5
    /// to 1.5 covers column 0 fully and column 1 half.
    @Test func shapesCrossingTheEdgeAreClipped() {
        let t = Transform.translation(0, 0)
        let b = render(4, 4, [rect(-2.5, 0, 4, 4, .white, transform: t)])
        #expect(b.pixel(x: 0, y: 2).a == 255)
        #expect(b.pixel(x: 1, y: 2).a == 128)
        #expect(b.pixel(x: 2, y: 2).a == 0)
    }

    /// A frame buffer handed back for reuse is drawn into where it lies: a
    /// reference the caller kept to it made the first write copy the whole
    /// frame into fresh memory, every frame.
    @Test func spareFrameIsDrawnInPlaceNotCopied() {
        let list = DisplayList(width: 16, height: 8, background: .black, items: [rect(2, 2, 4, 3, .white)])
        var spare: Bitmap? = Bitmap(width: 16, height: 8)
        let address = spare!.pixels.withUnsafeBytes { $0.baseAddress }
        let frame = Rasterizer().render(list, reusing: spare.take())
        #expect(frame.pixels.withUnsafeBytes { $0.baseAddress } == address)
        #expect(frame.pixel(x: 3, y: 3) == (255, 255, 255, 255))
        #expect(frame.pixel(x: 0, y: 0) == (0, 0, 0, 255))
    }
}
