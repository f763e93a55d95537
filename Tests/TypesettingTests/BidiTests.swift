import Testing
import Geometry
@testable import Typesetting

/// Right-to-left and mixed text: FriBidi's levels, runs shaped by HarfBuzz
/// and reordered per line (rule L2), alignment after the paragraph's
/// direction. Checked against `hb-shape` on the same fonts (Inter for Latin,
/// digits and spaces; the bundled fallback DejaVu Sans for Arabic and
/// Hebrew): glyphs and advances exactly (1e-9 pt).
@Suite struct BidiTests {
    func path(_ layout: TextLayout) -> String { bundled.faces[layout.glyphs[0].key.face].file.path }

    /// The layout's glyph ids, left to right.
    func ids(_ layout: TextLayout) -> [UInt32] { layout.glyphs.map(\.key.glyph) }

    @Test func arabicIsJoinedAndRightToLeft() {
        let text = "مرحبا"
        let layout = bundled.layout(text, style: style(size: 32))
        let reference = HarfBuzzReference.shape(text, font: path(layout))
        #expect(ids(layout) == reference.map(\.glyph))
        // Joined forms differ from the isolated letters' glyphs.
        let isolated = text.map { bundled.layout(String($0), style: style(size: 32)).glyphs[0].key.glyph }
        #expect(Set(ids(layout)).isDisjoint(with: isolated.dropFirst().dropLast()))
        #expect(layout.lines[0].rightToLeft)
        // Visual order: the first letter (م) is the rightmost glyph.
        #expect(layout.glyphs.last!.origin.x > layout.glyphs.first!.origin.x)
        #expect(reference.last!.cluster == 0)
    }

    @Test func hebrewIsRightToLeft() {
        let layout = bundled.layout("שלום", style: style(size: 32))
        #expect(ids(layout) == HarfBuzzReference.shape("שלום", font: path(layout)).map(\.glyph))
    }

    @Test func mixedLineOrdersRunsByDirection() {
        let text = "مرحبا office 123 שלום"
        let layout = bundled.layout(text, style: style(size: 32))
        #expect(layout.lines.count == 1 && layout.lines[0].rightToLeft)
        // Each run shaped as hb-shape shapes it alone, placed right to left:
        // Hebrew at the left, then the Latin and the digits (left to right
        // inside), the Arabic at the right.
        let dejaVu = path(layout), inter = bundled.faces[0].file.path
        let hebrew = HarfBuzzReference.shape("שלום", font: dejaVu).map(\.glyph)
        let latin = HarfBuzzReference.shape("office 123", font: inter).map(\.glyph)
        let arabic = HarfBuzzReference.shape("مرحبا", font: dejaVu).map(\.glyph)
        // Each space is set in the face of the character before it.
        let interSpace = HarfBuzzReference.shape(" ", font: inter).map(\.glyph)
        let dejaVuSpace = HarfBuzzReference.shape(" ", font: dejaVu).map(\.glyph)
        #expect(ids(layout) == hebrew + interSpace + latin + dejaVuSpace + arabic)
        func points(_ text: String, _ font: String, _ face: Int) -> Double {
            Double(HarfBuzzReference.width(HarfBuzzReference.shape(text, font: font))) * 32 / Double(bundled.faces[face].unitsPerEm)
        }
        let expected = points("שלום", dejaVu, 3) + points(" office 123", inter, 0) + points(" مرحبا", dejaVu, 3)
        #expect(abs(layout.lines[0].width - expected) < 1e-9)
    }

    @Test func digitsStayLeftToRightInsideRightToLeftText() {
        let layout = bundled.layout("عدد 123", style: style(size: 32))
        let digits = layout.glyphs.prefix(3).map(\.key.glyph)
        #expect(digits == "123".map { bundled.layout(String($0), style: style(size: 32)).glyphs[0].key.glyph })
    }

    @Test func leadingAndTrailingFollowTheParagraphDirection() {
        let rtl = "مرحبا بالعالم"
        let leading = bundled.layout(rtl, style: style(size: 20, alignment: .leading, width: 300))
        let trailing = bundled.layout(rtl, style: style(size: 20, alignment: .trailing, width: 300))
        let line = leading.lines[0]
        #expect(abs(line.origin.x - (300 - line.width)) < 1e-9)   // leading = right
        #expect(trailing.lines[0].origin.x == 0)                    // trailing = left
        // Left-to-right text is unchanged.
        let ltr = bundled.layout("Hello", style: style(size: 20, alignment: .leading, width: 300))
        #expect(ltr.lines[0].origin.x == 0)
    }

    @Test func eachParagraphHasItsOwnDirection() {
        let layout = bundled.layout("Hello\nمرحبا", style: style(size: 20, width: 200))
        #expect(layout.lines.map(\.rightToLeft) == [false, true])
        #expect(layout.lines[0].origin.x == 0 && layout.lines[1].origin.x > 0)
    }

    @Test func rightToLeftWrapsInReadingOrder() {
        // The first words of the paragraph make the first line.
        let layout = bundled.layout("אחת שתיים שלוש ארבע", style: style(size: 20, width: 90))
        #expect(layout.lines.count > 1)
        let first = bundled.layout("אחת", style: style(size: 20))
        #expect(Array(ids(layout)[layout.lines[0].glyphs].suffix(first.glyphs.count)) == ids(first))
    }
}
