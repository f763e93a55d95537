import Foundation
import Testing
import Evaluation
import Media
import Pipeline
import Pixels
import ProcessRunner
import Raster
import Typesetting

/// Text in several scripts, rendered through the whole prepare step (system
/// font fallback on) and compared with reference images exactly, as
/// `RasterReferenceTests`. Each text is also drawn alone and
/// measured against HarfBuzz's own renderer, `hb-view`, on the same font
/// file: its ink width (columns darker than mid-grey) within 2 px, and the
/// line's advance width within 1 px of hb-view's image width (hb-view makes
/// the image as wide as the advances, rounded up).
@Suite struct TextReferenceTests {
    struct Case: Sendable {
        var name: String
        var width: Int, height: Int
        /// Text nodes: (text, size, extra keys).
        var texts: [(String, Double, String)]
        /// Installed font files the render must name (file name suffixes).
        var installed: [String] = []
        /// Compare ink widths (emoji: hb-view draws colour glyphs blank).
        var ink = true
        /// A font file every text is set in, declared as `assets.fonts.f`.
        var font: String?
        /// What is measured against hb-view, which sets a text in one font:
        /// the texts, or for mixed ones their single-font parts.
        var parts: [String]?
    }

    /// The bundled fallback, DejaVu Sans: it ligates ffi (Inter does not).
    static let dejaVu = Repository.root.appendingPathComponent("Sources/Typesetting/Fonts/DejaVuSans.ttf").path

    static let cases: [Case] = [
        Case(name: "text-arabic-hebrew-mixed", width: 200, height: 48,
             texts: [("مرحبا office 123 שלום", 16, ""), ("سلام عليكم", 16, "")],
             parts: ["مرحبا", "office 123", "שלום", "سلام عليكم"]),
        Case(name: "text-devanagari-conjunct", width: 140, height: 28,
             texts: [("क्षत्रिय नमस्ते", 18, "")], installed: ["Lohit-Devanagari.ttf"]),
        Case(name: "text-latin-ligature-kerning", width: 150, height: 30,
             texts: [("office AVATAR To", 18, "")], font: dejaVu),
        Case(name: "text-cjk-wrapped", width: 100, height: 100,
             texts: [("北京欢迎你。東京の天気は晴れです。", 14, #", "width": 90"#)], installed: ["NotoSansCJK-Regular.ttc"],
             parts: ["北京欢迎你。", "東京の天気は晴れです。"]),
        Case(name: "text-emoji-sizes-opacity", width: 120, height: 60,
             texts: [("😀👍🏽", 12, ""), ("😀👍🏽", 28, #", "opacity": 0.5"#)], installed: ["NotoColorEmoji.ttf"], ink: false),
        Case(name: "text-rtl-alignment", width: 160, height: 64,
             texts: [("مرحبا بالعالم", 14, #", "width": 150, "align": "leading""#),
                     ("مرحبا بالعالم", 14, #", "width": 150, "align": "trailing""#),
                     ("שלום עולם", 14, #", "width": 150, "align": "center""#)],
             parts: ["مرحبا بالعالم", "שלום עולם"]),
    ]

    static func scene(_ c: Case, only: Int? = nil) -> String {
        var y = 2.0
        var layers: [String] = []
        for (i, (text, size, extra)) in c.texts.enumerated() {
            if only == nil || only == i {
                let font = c.font == nil ? "" : #", "font": "f""#
                layers.append(#"{"type": "text", "text": "\#(text)", "size": \#(size), "color": "black", "anchor": [0, 0], "position": [4, \#(only == nil ? y : 2)]\#(font)\#(extra)}"#)
            }
            y += size * 1.6
        }
        let assets = c.font.map { #""assets": {"fonts": {"f": "\#($0)"}}, "# } ?? ""
        return #"{\#(assets)"canvas": {"width": \#(c.width), "height": \#(c.height), "duration": 1, "background": "white"}, "layers": [\#(layers.joined(separator: ", "))]}"#
    }

    static func prepare(_ json: String, name: String) throws -> PreparedScene {
        let dir = NSTemporaryDirectory() + "reel-text-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/\(name).json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return try PreparedScene.load(path)
    }

    @Test(arguments: cases.map(\.name))
    func matchesReference(name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        let prepared = try Self.prepare(Self.scene(c), name: name)
        #expect(prepared.warnings.isEmpty)
        for suffix in c.installed { #expect(prepared.systemFontPaths.contains { $0.hasSuffix(suffix) }, "\(suffix)") }
        let frame = prepared.makeRasterizer().render(prepared.evaluator.displayList(at: 0))
        try ReferenceImage.check(frame, named: name, tolerance: 0)
    }

    @Test(arguments: cases.map(\.name))
    func agreesWithHarfBuzzView(name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        let size = c.texts[0].1
        let parts = c.parts ?? c.texts.map(\.0)
        #expect(!parts.isEmpty)
        for text in parts {
            let single = Case(name: name, width: 400, height: c.height, texts: [(text, size, "")], font: c.font)
            let prepared = try Self.prepare(Self.scene(single), name: name)
            let library = prepared.evaluator.texts.library
            let layout = library.layout(text, style: TextStyle(fonts: c.font == nil ? [] : ["f"], size: size))
            let primary = try #require(library.fontFile(of: layout.glyphs[0].key))
            let view = try HarfBuzzView.render(text, font: primary.path, index: primary.index, size: size)
            #expect(abs(Double(view.width) - layout.lines[0].width) <= 1, "\(text): advance")
            guard c.ink else { continue }
            let ours = prepared.makeRasterizer().render(prepared.evaluator.displayList(at: 0))
            let (a, b) = (HarfBuzzView.inkWidth(ours), HarfBuzzView.inkWidth(view))
            #expect(abs(a - b) <= 2, "\(text): ink \(a) px, hb-view \(b) px")
        }
    }
}

/// `hb-view` (libharfbuzz-bin): HarfBuzz's reference renderer, black on white.
enum HarfBuzzView {
    static func render(_ text: String, font: String, index: Int, size: Double) throws -> Bitmap {
        let out = NSTemporaryDirectory() + "reel-hb-view-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try Program("/usr/bin/hb-view").run(["--font-size=\(size)", "--margin=0", "--face-index=\(index)", "-O", "png",
                                                 "-o", out, font, text])
        return try PNGCodec.read(contentsOf: out)
    }

    /// Columns with a pixel darker than mid-grey, first to last (pixels).
    static func inkWidth(_ b: Bitmap) -> Int {
        var first: Int?, last = -1
        for x in 0..<b.width {
            for y in 0..<b.height where b.pixel(x: x, y: y).g < 128 && b.pixel(x: x, y: y).a > 128 {
                if first == nil { first = x }
                last = x
                break
            }
        }
        return first.map { last - $0 + 1 } ?? 0
    }
}
