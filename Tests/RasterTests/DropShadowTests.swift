import Testing
import Geometry
import Pixels
@testable import Raster

/// Drop shadows drawn under a layer's content, in place.
@Suite struct DropShadowTests {
    /// A layer holding an opaque white 10×10 square at (20, 20).
    static func layer() -> Bitmap {
        var b = Bitmap(width: 64, height: 64)
        for y in 20..<30 {
            for x in 20..<30 {
                let i = (y * 64 + x) * 4
                b.pixels[i] = 255; b.pixels[i + 1] = 255; b.pixels[i + 2] = 255; b.pixels[i + 3] = 255
            }
        }
        return b
    }

    static let content = PixelBox(minX: 20, minY: 20, maxX: 30, maxY: 30)

    /// A hard shadow (σ 0) is the square's silhouette in the shadow colour,
    /// moved by the offset, under the content: the content stays white.
    @Test func hardShadowIsTheMovedSilhouette() {
        var b = Self.layer()
        let touched = DropShadow.draw(under: &b, content: Self.content, color: Color(r: 0, g: 0, b: 1, a: 0.5),
                                      offset: Point(4, 6), sigma: 0, scratch: BlurScratch())
        #expect(touched == PixelBox(minX: 24, minY: 26, maxX: 34, maxY: 36))
        #expect(b.pixel(x: 25, y: 25) == (255, 255, 255, 255))   // content over its own shadow
        #expect(b.pixel(x: 32, y: 34) == (0, 0, 128, 128))       // shadow only
        #expect(b.pixel(x: 34, y: 34) == (0, 0, 0, 0))           // past the shadow
        #expect(b.pixel(x: 22, y: 33) == (0, 0, 0, 0))           // left of the moved square
    }

    /// A blurred shadow is offset (centred at the moved square), soft (no
    /// hard edge, symmetric about its centre) and spreads about 3σ.
    @Test func blurredShadowIsOffsetAndSoft() {
        var b = Self.layer()
        let touched = DropShadow.draw(under: &b, content: Self.content, color: Color(r: 0, g: 0, b: 0, a: 1),
                                      offset: Point(8, 8), sigma: 3, scratch: BlurScratch())
        #expect(touched.minX < 28 && touched.maxX > 38 && touched.maxX <= 64)
        #expect(b.pixel(x: 25, y: 25) == (255, 255, 255, 255))
        // The moved square spans 28..<38, centred on x = y = 33 (between pixels 32 and 33):
        // ≈ 255·(erf(5 / (σ√2)))² ≈ 208 for a true Gaussian, a little less for the boxes (σ 3.14).
        let centre = b.pixel(x: 33, y: 33).a
        #expect(centre > 180 && centre < 215)
        // Symmetric about that centre, beyond the content (whose own alpha covers the shadow).
        for d in 0..<12 { #expect(b.pixel(x: 32 - d, y: 36).a == b.pixel(x: 33 + d, y: 36).a) }
        for d in 0..<12 { #expect(b.pixel(x: 36, y: 32 - d).a == b.pixel(x: 36, y: 33 + d).a) }
        // A gradual edge: alpha falls off over several pixels outside the moved square.
        let profile = (38..<46).map { Int(b.pixel(x: $0, y: 33).a) }
        #expect(profile.first! > 60 && profile.first! < 200)
        #expect(zip(profile, profile.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(profile.last! < 10)
        // Where content and shadow overlap at the content's edge, the content is on top.
        #expect(b.pixel(x: 29, y: 29) == (255, 255, 255, 255))
        // Shadow colour is black: premultiplied colour channels stay 0 outside the content.
        #expect(b.pixel(x: 40, y: 40).r == 0)
    }

    /// Half-transparent content casts a half-strength shadow, and the
    /// content is composited over it (destination-over).
    @Test func translucentContentCastsAFainterShadowBeneath() {
        var b = Bitmap(width: 32, height: 32)
        for y in 8..<16 { for x in 8..<16 { let i = (y * 32 + x) * 4; b.pixels[i] = 128; b.pixels[i + 3] = 128 } }
        DropShadow.draw(under: &b, content: PixelBox(minX: 8, minY: 8, maxX: 16, maxY: 16),
                        color: Color(r: 0, g: 0, b: 0, a: 1), offset: Point(4, 0), sigma: 0, scratch: BlurScratch())
        #expect(b.pixel(x: 18, y: 10) == (0, 0, 0, 128))   // shadow alone: alpha 128
        // Overlap: content (128, 0, 0, 128) over shadow (0, 0, 0, 128) → alpha 128 + 128·127/255 ≈ 192.
        let p = b.pixel(x: 14, y: 10)
        #expect(p.r == 128 && abs(Int(p.a) - 192) <= 1)
        #expect(b.pixel(x: 9, y: 10) == (128, 0, 0, 128))  // content alone
    }

    /// A fractional offset moves the silhouette bilinearly: half a pixel
    /// gives a half-covered edge column.
    @Test func fractionalOffsetGlides() {
        var b = Self.layer()
        DropShadow.draw(under: &b, content: Self.content, color: Color(r: 0, g: 0, b: 0, a: 1),
                        offset: Point(10.5, 0), sigma: 0, scratch: BlurScratch())
        #expect(b.pixel(x: 30, y: 25).a == 128)  // moved square spans x 30.5 ..< 40.5
        #expect(b.pixel(x: 35, y: 25).a == 255)
        #expect(b.pixel(x: 40, y: 25).a == 128)
        #expect(b.pixel(x: 41, y: 25).a == 0)
    }

    @Test func nothingToCastOrInvisibleColourTouchesNothing() {
        var b = Self.layer()
        let before = b
        #expect(DropShadow.draw(under: &b, content: Self.content, color: .clear, offset: Point(3, 3), sigma: 2,
                                scratch: BlurScratch()) == .empty)
        #expect(DropShadow.draw(under: &b, content: .empty, color: .black, offset: Point(3, 3), sigma: 2,
                                scratch: BlurScratch()) == .empty)
        #expect(DropShadow.draw(under: &b, content: Self.content, color: .black, offset: Point(500, 0), sigma: 2,
                                scratch: BlurScratch()) == .empty)
        #expect(b == before)
    }
}
