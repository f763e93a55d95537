import Foundation
import Testing
import Geometry
@testable import Typesetting

@Suite struct FallbackTests {
    @Test func missingCharactersAreReportedOnceInOrder() {
        // DejaVu Sans has Cyrillic; it has no CJK and no emoji.
        let layout = bundled.layout("фж 漢字 漢 🙂", style: style())
        #expect(layout.missing == ["漢", "字", "🙂"])
        // They are drawn as the primary face's .notdef.
        #expect(layout.glyphs.filter { $0.key.glyph == 0 }.count == 4)
        #expect(bundled.layout("plain", style: style()).missing.isEmpty)
    }

    @Test func invisibleAndControlCharactersAreDroppedNotMissing() {
        // A joiner, a variation selector, a soft hyphen, BEL: no glyph, no advance.
        let layout = bundled.layout("a\u{200D}b\u{FE0F}c\u{00AD}d\u{0007}", style: style(tracking: 3))
        #expect(layout.missing.isEmpty)
        #expect(lineTexts(layout) == ["abcd"])
        let plain = bundled.layout("abcd", style: style(tracking: 3))
        #expect(layout.glyphs.map(\.key) == plain.glyphs.map(\.key) && layout.glyphs.map(\.origin) == plain.glyphs.map(\.origin))
        #expect(layout.lines == plain.lines && layout.bounds == plain.bounds)
        // Each glyph still names the character it sets: the soft hyphen is one (text animators count it).
        #expect(layout.glyphs.map(\.character) == [0, 1, 2, 4])
    }

    @Test func combiningMarksComeFromTheSameFace() {
        // e + U+0301 (one Character): shaped as HarfBuzz does (composed to é
        // when the font has it), one tracking step for the pair.
        let layout = bundled.layout("e\u{0301}x", style: style(tracking: 10))
        let reference = HarfBuzzReference.shape("e\u{0301}x", font: bundled.faces[0].file.path)
        #expect(layout.glyphs.map(\.key.glyph) == reference.map(\.glyph))
        #expect(layout.missing.isEmpty)
        #expect(Set(layout.glyphs.map(\.key.face)) == [0])
        let plain = bundled.layout("e\u{0301}x", style: style())
        #expect(abs(layout.bounds.width - plain.bounds.width - 10) < 1e-9)
    }

    @Test func tabIsASpace() {
        let tab = bundled.layout("a\tb", style: style())
        let space = bundled.layout("a b", style: style())
        #expect(tab == space)
    }

    @Test func sceneFontsComeFirstInTheChain() throws {
        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        let library = try FontLibrary(fonts: ["mono": mono])
        #expect(library.fontNames == ["mono"])
        let layout = library.layout("ii", style: style(fonts: ["mono"]))
        #expect(layout.glyphs.allSatisfy { $0.key.face == 5 })
        // Monospaced: every advance is the same.
        #expect(layout.glyphs[1].origin.x == library.layout("WW", style: style(fonts: ["mono"])).glyphs[1].origin.x)
        // Unknown names are skipped; the default closes the chain.
        #expect(library.layout("i", style: style(fonts: ["nope"])).glyphs[0].key.face == 0)
        #expect(library.layout("i", style: style(fonts: ["nope", "mono"])).glyphs[0].key.face == 5)
        // A one-face family serves every weight.
        #expect(library.layout("i", style: style(weight: .black, fonts: ["mono"])).glyphs[0].key.face == 5)
    }

    @Test func characterFallsBackToTheNextFontThatHasIt() throws {
        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        let library = try FontLibrary(fonts: ["mono": mono])
        let monoFace = library.faces[5], sans = library.faces[0]
        // A character the default has and the mono face lacks.
        let scalar = try #require(sans.cmap.keys.sorted().lazy.compactMap(Unicode.Scalar.init)
            .first { $0.value > 0x20 && monoFace.cmap[$0.value] == nil
                && !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control })
        let layout = library.layout("a" + String(scalar), style: style(fonts: ["mono"]))
        #expect(layout.glyphs.map(\.key.face) == [5, 0])
        #expect(layout.missing.isEmpty)
        // Line metrics are the first font's.
        #expect(layout.metrics == library.metrics(for: style(fonts: ["mono"])))
    }

    @Test func missingFontFileNamesThePath() {
        let path = "/nonexistent/dir/Inter-Bold.ttf"
        #expect {
            try FontLibrary(fonts: ["title": path])
        } throws: { error in
            let e = error as! FontError
            return e.failures == [FontFailure(name: "title", path: path, reason: .fileMissing)]
                && e.description.contains(path) && e.description.contains("title")
        }
    }

    @Test func everyBadFileIsReportedInNameOrder() {
        let junk = temporaryFile(named: "junk.ttf", contents: Data("not a font".utf8))
        let directory = FileManager.default.temporaryDirectory.path
        do {
            _ = try FontLibrary(fonts: ["b": junk, "a": "/missing.ttf", "c": directory])
            Issue.record("expected a FontError")
        } catch {
            #expect(error.failures.map(\.name) == ["a", "b", "c"])
            #expect(error.failures[0].reason == .fileMissing)
            if case .notAFont = error.failures[1].reason {} else { Issue.record("\(error.failures[1])") }
            #expect(error.failures[2].reason == .fileMissing)
            #expect(error.description.split(separator: "\n").count == 3)
            #expect(error.description.contains(junk))
        }
    }
}
