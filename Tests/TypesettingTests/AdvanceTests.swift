import Testing
import Geometry
@testable import Typesetting

/// Shaping checked against HarfBuzz's own `hb-shape` on the same font file:
/// the same glyphs, and origins within 1e-9 pt of its advances and offsets
/// (both are exact font units scaled by size ÷ em).
@Suite struct AdvanceTests {
    /// The regular bundled face's file.
    var regularPath: String { bundled.faces[bundled.defaultFamily[0]].file.path }

    func expectMatchesReference(_ text: String, size: Double = 32, path: String, library: FontLibrary = bundled,
                                fonts: [String] = []) {
        let layout = library.layout(text, style: style(size: size, fonts: fonts))
        let reference = HarfBuzzReference.shape(text, font: path)
        let upem = Double(library.faces[layout.glyphs.first?.key.face ?? 0].unitsPerEm)
        #expect(layout.glyphs.map(\.key.glyph) == reference.map(\.glyph), "\(text)")
        var pen = 0
        for (glyph, ref) in zip(layout.glyphs, reference) {
            #expect(abs(glyph.origin.x - Double(pen + ref.xOffset) * size / upem) < 1e-9, "\(text)")
            pen += ref.advance
        }
        #expect(abs(layout.lines[0].width - Double(pen) * size / upem) < 1e-9, "\(text)")
    }

    @Test func latinMatchesHarfBuzz() {
        for text in ["The quick brown fox", "AVATAR Tomorrow, We’re LT", "0123456789", "office affluent"] {
            expectMatchesReference(text, path: regularPath)
        }
    }

    @Test func kerningComesFromGPOS() {
        let kerned = HarfBuzzReference.shape("AV", font: regularPath)
        let plain = HarfBuzzReference.shape("AV", font: regularPath, options: ["--features=-kern"])
        #expect(HarfBuzzReference.width(kerned) < HarfBuzzReference.width(plain))
        let layout = bundled.layout("AV", style: style(size: 32))
        let upem = Double(bundled.faces[layout.glyphs[0].key.face].unitsPerEm)
        #expect(abs(layout.glyphs[1].origin.x - Double(kerned[0].advance) * 32 / upem) < 1e-9)
    }

    /// DejaVu Sans (the bundled fallback, here as a scene font) ligates ffi;
    /// Inter does not by default.
    @Test func ligatureIsOneGlyphAndOneUnit() throws {
        let path = bundled.faces[bundled.fallbackFamily[0]].file.path
        let library = try FontLibrary(fonts: ["dejavu": path])
        let reference = HarfBuzzReference.shape("office", font: path)
        #expect(reference.count < 6)
        expectMatchesReference("office", path: path, library: library, fonts: ["dejavu"])
        // A width that would split the ligature breaks before or after it, never inside.
        let narrow = library.layout("office", style: style(size: 32, width: 1, fonts: ["dejavu"]))
        #expect(narrow.lines.count == reference.count)
    }

    @Test func glyphOriginsFollowTheAdvances() {
        let layout = bundled.layout("Hi!", style: style(size: 20))
        let reference = HarfBuzzReference.shape("Hi!", font: regularPath)
        let upem = Double(bundled.faces[0].unitsPerEm)
        var x = 0.0
        for (glyph, ref) in zip(layout.glyphs, reference) {
            #expect(glyph.key == GlyphKey(face: 0, glyph: ref.glyph))
            #expect(abs(glyph.origin.x - x) < 1e-12)
            x += Double(ref.advance) * 20 / upem
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
}
