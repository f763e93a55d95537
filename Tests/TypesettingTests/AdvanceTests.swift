import Testing
import Geometry
@testable import Typesetting

@Suite struct AdvanceTests {
    /// The sum of FreeType's advances and kerning pairs, in points.
    func referenceWidth(_ text: String, size: Double, ref: ReferenceFace) -> Double {
        let glyphs = text.unicodeScalars.map { ref.glyph($0) }
        var units = 0
        for (i, g) in glyphs.enumerated() {
            units += ref.advance(g)
            if i > 0 { units += ref.kerning(glyphs[i - 1], g) }
        }
        return Double(units) * size / Double(ref.unitsPerEm)
    }

    @Test func widthIsSumOfAdvancesAndKerning() {
        let ref = ReferenceFace()
        for text in ["The quick brown fox", "AVATAR Tomorrow, We’re LT", "0123456789"] {
            let layout = bundled.layout(text, style: style(size: 32))
            let expected = referenceWidth(text, size: 32, ref: ref)
            #expect(abs(layout.bounds.width - expected) < 1e-9, "\(text)")
            #expect(abs(layout.lines[0].width - expected) < 1e-9)
        }
    }

    @Test func kerningIsApplied() {
        let ref = ReferenceFace()
        let pair = ref.kerning(ref.glyph("A"), ref.glyph("V"))
        #expect(pair != 0)   // DejaVu Sans kerns "AV"
        let av = bundled.layout("AV", style: style(size: 32))
        #expect(av.glyphs[1].origin.x == Double(ref.advance(ref.glyph("A")) + pair) * 32 / 2048)
    }

    @Test func glyphOriginsFollowTheAdvances() {
        let layout = bundled.layout("Hi!", style: style(size: 20))
        let ref = ReferenceFace()
        var x = 0.0
        for (glyph, scalar) in zip(layout.glyphs, "Hi!".unicodeScalars) {
            #expect(glyph.key == GlyphKey(face: 0, glyph: ref.glyph(scalar)))
            #expect(abs(glyph.origin.x - x) < 1e-12)
            x += Double(ref.advance(ref.glyph(scalar))) * 20 / 2048
        }
    }

    @Test func trackingFollowsEveryCharacterButTheLast() {
        let text = "The quick brown fox"
        let plain = bundled.layout(text, style: style(size: 32))
        let tracked = bundled.layout(text, style: style(size: 32, tracking: 2.5))
        #expect(abs(tracked.bounds.width - (plain.bounds.width + Double(text.count - 1) * 2.5)) < 1e-9)
        // Each glyph moves by tracking × its index.
        for (i, (a, b)) in zip(plain.glyphs, tracked.glyphs).enumerated() {
            #expect(abs(b.origin.x - a.origin.x - Double(i) * 2.5) < 1e-9)
        }
    }

    @Test func trackingRestartsOnEachLine() {
        let tracked = bundled.layout("ab\ncd", style: style(tracking: 4))
        let plain = bundled.layout("ab\ncd", style: style())
        #expect(tracked.lines.map(\.width) == plain.lines.map { $0.width + 4 })
        #expect(tracked.glyphs[2].origin.x == 0)
    }

    /// Kerning is read from the 'kern' table at load; it must agree with
    /// FT_Get_Kerning for every pair of Latin glyphs, in both bundled faces.
    @Test(arguments: [("DejaVuSans.ttf", 0), ("DejaVuSans-Bold.ttf", 1)])
    func kerningTableMatchesFreeType(file: String, face: Int) {
        let ref = ReferenceFace(ReferenceFace.bundledPath(file))
        let table = bundled.faces[face].kerning
        #expect(!table.isEmpty)
        let scalars = (0x20...0x24F).compactMap(Unicode.Scalar.init).filter { ref.glyph($0) != 0 }
        let glyphs = scalars.map { ref.glyph($0) }
        var nonZero = 0
        var mismatches = 0
        for l in glyphs {
            for r in glyphs {
                let expected = ref.kerning(l, r)
                if expected != 0 { nonZero += 1 }
                if Int(table.kerning(l, r)) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(nonZero > 100)
    }

    @Test func advancesMatchFreeType() {
        let ref = ReferenceFace()
        let face = bundled.faces[0]
        #expect(face.advances.count == Int(ref.face.pointee.num_glyphs))
        for g in stride(from: 0, to: face.advances.count, by: 7) {
            #expect(Int(face.advances[g]) == ref.advance(UInt32(g)))
        }
    }
}
