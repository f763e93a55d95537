import Testing
import Geometry
@testable import Typesetting

/// Installed fonts through fontconfig (fonts-noto-cjk, fonts-lohit-deva,
/// fonts-noto-color-emoji, which `scripts/install-deps.sh` installs), checked
/// against `hb-shape` on the file and face fontconfig chose: the same glyphs,
/// origins within 1e-9 pt.
@Suite struct SystemFallbackTests {
    func library(_ texts: [String], weight: FontWeight = .regular) throws -> FontLibrary {
        try FontLibrary(systemFallbackFor: texts.map { TextSample(text: $0, weight: weight) })
    }

    /// hb-shape on the face that set the layout's first glyph.
    func reference(_ text: String, _ layout: TextLayout, _ library: FontLibrary) -> [HarfBuzzReference.Glyph] {
        let face = library.faces[layout.glyphs[0].key.face]
        return HarfBuzzReference.shape(text, font: face.file.path, options: ["--face-index=\(face.faceIndex)"])
    }

    @Test func chineseAndJapaneseComeFromAnInstalledCJKFont() throws {
        let texts = ["北京欢迎你", "東京の天気は晴れです。"]
        let lib = try library(texts)
        #expect(lib.systemFontPaths.count == 1)
        #expect(lib.systemFontPaths[0].hasSuffix("NotoSansCJK-Regular.ttc"))
        for text in texts {
            let layout = lib.layout(text, style: style(size: 20))
            #expect(layout.missing.isEmpty)
            #expect(layout.glyphs.map(\.key.glyph) == reference(text, layout, lib).map(\.glyph))
        }
    }

    @Test func cjkWrapsBetweenIdeographsAtTheWidth() throws {
        let text = "東京の天気は晴れです。明日は雨が降るでしょう。"
        let lib = try library([text])
        let layout = lib.layout(text, style: style(size: 20, width: 100))
        #expect(layout.lines.count > 2)
        for line in layout.lines { #expect(line.width <= 100 + 1e-9) }
        // Every full-width character is one em: five per 100 pt line, and the
        // closing 。 never starts a line (kinsoku).
        #expect(layout.lines[0].glyphs.count == 5)
        let period = lib.layout("。", style: style(size: 20)).glyphs[0].key.glyph
        for line in layout.lines.dropFirst() { #expect(layout.glyphs[line.glyphs.lowerBound].key.glyph != period) }
    }

    @Test func devanagariConjunctIsShaped() throws {
        let text = "क्षत्रिय"
        let lib = try library([text])
        let layout = lib.layout(text, style: style(size: 24))
        #expect(layout.missing.isEmpty)
        let ref = reference(text, layout, lib)
        #expect(layout.glyphs.map(\.key.glyph) == ref.map(\.glyph))
        #expect(ref.count < text.unicodeScalars.count)   // क + ् + ष became one conjunct glyph
        let upem = Double(lib.faces[layout.glyphs[0].key.face].unitsPerEm)
        #expect(abs(layout.lines[0].width - Double(HarfBuzzReference.width(ref)) * 24 / upem) < 1e-9)
    }

    @Test func withoutFallbackTheCharactersAreMissingAndAFontIsNamed() throws {
        let layout = bundled.layout("北京", style: style())
        #expect(layout.missing == ["北", "京"])
        let named = try #require(FontLibrary.installedFont(for: layout.missing))
        #expect(named.contains("Noto Sans CJK") && named.contains("NotoSansCJK-Regular.ttc"))
    }

    @Test func emojiPresentationTakesTheColourFont() throws {
        let lib = try library(["a 😀 ☃"])
        #expect(lib.systemFontPaths.contains { $0.hasSuffix("NotoColorEmoji.ttf") })
        let layout = lib.layout("a 😀 ☃", style: style())
        let faces = layout.glyphs.map { lib.faces[$0.key.face] }
        #expect(faces.map(\.isColor) == [false, false, true, false, false])   // ☃ defaults to text presentation
        #expect(lib.layout("☃\u{FE0F}", style: style()).glyphs.allSatisfy { lib.faces[$0.key.face].isColor })
    }

    @Test func bundledFontsComeBeforeInstalledOnes() throws {
        let lib = try library(["abc 北"])
        let layout = lib.layout("abc 北", style: style())
        #expect(layout.glyphs.prefix(4).allSatisfy { lib.faces[$0.key.face].file.origin == .bundled })
        #expect(lib.faces[layout.glyphs[4].key.face].file.origin == .system)
    }

    @Test func textsTheBundledFontsCoverLoadNothing() throws {
        #expect(try library(["Hello, world", "Grüße"]).systemFontPaths.isEmpty)
        #expect(!bundled.needsSystemFonts(for: [TextSample(text: "Hello", weight: .bold)]))
    }
}
