import Testing
import Geometry
@testable import Typesetting

@Suite struct OutlineTests {
    func key(_ c: Unicode.Scalar, face: Int = 0) -> GlyphKey {
        GlyphKey(face: face, glyph: bundled.faces[face].glyph(for: c)!)
    }

    @Test func letterOIsTwoClosedContoursWithFreeTypesBox() {
        let ref = ReferenceFace()
        let path = bundled.outline(of: key("o"))
        let moves = path.elements.filter { if case .move = $0 { return true } else { return false } }.count
        let closes = path.elements.filter { $0 == .close }.count
        #expect(moves == 2 && closes == 2 && ref.contourCount(ref.glyph("o")) == 2)
        #expect(path.elements.last == .close)
        // Every contour ends where it began.
        var start = Point.zero, last = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p): start = p; last = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): last = p
            case .close: #expect(last == start)
            }
        }
        // Control box in font units, y flipped: FreeType's box exactly.
        let box = ref.controlBox(ref.glyph("o"))
        let b = path.controlBounds
        #expect(b == Rect(minX: Double(box.xMin), minY: Double(-box.yMax), maxX: Double(box.xMax), maxY: Double(-box.yMin)))
    }

    @Test func outlinesUseQuadraticsFromTrueTypeAndCubicsFromCFF() {
        let dejaVu = bundled.outline(of: key("S", face: 3)), inter = bundled.outline(of: key("S"))
        #expect(dejaVu.elements.contains { if case .quad = $0 { return true } else { return false } })
        #expect(inter.elements.contains { if case .cubic = $0 { return true } else { return false } })
    }

    @Test func spaceHasNoOutline() {
        #expect(bundled.outline(of: key(" ")).isEmpty)
        #expect(bundled.outline(of: GlyphKey(face: 99, glyph: 1)).isEmpty)
        #expect(bundled.outline(of: GlyphKey(face: 0, glyph: 1_000_000)).isEmpty)
    }

    @Test func cachedOutlineIsTheSame() {
        let a = bundled.outline(of: key("g")), b = bundled.outline(of: key("g"))
        #expect(a == b && !a.isEmpty)
    }

    @Test func boldDiffersFromRegular() {
        let regular = bundled.layout("o", style: style(weight: .regular))
        let bold = bundled.layout("o", style: style(weight: .bold))
        #expect(regular.glyphs[0].key.face == 0)
        #expect(bold.glyphs[0].key.face == 2)
        #expect(bundled.outline(of: regular.glyphs[0].key) != bundled.outline(of: bold.glyphs[0].key))
        #expect(bold.bounds.width > regular.bounds.width)
    }

    @Test func weightPicksTheNearestFace() {
        let expected: [FontWeight: Int] = [.ultraLight: 0, .thin: 0, .light: 0, .regular: 0, .medium: 0,
                                           .semibold: 1, .bold: 2, .heavy: 2, .black: 2]
        for (weight, face) in expected {
            #expect(bundled.layout("x", style: style(weight: weight)).glyphs[0].key.face == face, "\(weight)")
        }
        #expect(bundled.faces.map(\.weightClass) == [400, 600, 700, 400, 700])
    }

    @Test func nearestWeightBreaksTiesLikeCSS() {
        let weights = [300, 500, 700, 900]
        #expect(FontLibrary.nearestWeight(weights, to: 400) == 0)   // tie 300/500, light side: lighter
        #expect(FontLibrary.nearestWeight(weights, to: 600) == 2)   // tie 500/700, bold side: heavier
        #expect(FontLibrary.nearestWeight(weights, to: 800) == 3)
        #expect(FontLibrary.nearestWeight(weights, to: 100) == 0)
        #expect(FontLibrary.nearestWeight([700], to: 100) == 0)
        #expect(FontLibrary.nearestWeight([], to: 400) == nil)
    }

    @Test func layoutPathPlacesEachGlyphOutline() {
        let layout = bundled.layout("Ho\nho", style: style(size: 20, alignment: .center))
        let path = layout.path(library: bundled)
        var expected: [PathElement] = []
        for g in layout.glyphs {
            expected += bundled.outline(of: g.key).applying(g.transform).elements
        }
        #expect(path.elements == expected)
        let bounds = path.controlBounds
        #expect(bounds.minX >= 0 && bounds.maxX <= layout.bounds.width)
        #expect(bounds.minY >= 0 && bounds.maxY <= layout.bounds.height)
    }

    @Test func prepareFillsTheCache() {
        let library = try! FontLibrary()
        let layout = library.prepare("Prepared", style: style())
        #expect(layout == library.layout("Prepared", style: style()))
        let cached = library.outlineCacheCount
        #expect(cached == Set(layout.glyphs.map(\.key)).count)
        _ = layout.path(library: library)
        #expect(library.outlineCacheCount == cached)
    }
}
