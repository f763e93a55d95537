import Foundation
import Pipeline
import ProcessRunner
import Testing

/// Text in every script through the `reel` executable: byte-identical
/// frames across processes and thread counts, the installed fonts named in
/// the summary, `--fonts-only-declared`, and a frame cache that never
/// reuses frames once a font file changed.
@Suite struct TextRenderCommandTests {
    let cli = CommandLineTests()

    static let mixed = #"北京 ☃ 😀 مرحبا office क्षत्रिय שלום 123"#

    func scene(_ dir: String, text: String = mixed, font: String? = nil) throws -> String {
        let path = dir + "/text.json"
        let assets = font.map { #""assets": {"fonts": {"f": "\#($0)"}}, "# } ?? ""
        let fontKey = font == nil ? "" : #", "font": "f""#
        try #"{\#(assets)"canvas": {"width": 200, "height": 60, "fps": 10, "duration": 0.4, "background": "white"}, "layers": [{"type": "text", "text": "\#(text)", "size": {"keyframes": [{"t": 0, "value": 12}, {"t": 0.3, "value": 16}]}, "width": 190, "anchor": [0, 0], "position": [4, 4]\#(fontKey)}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func frames(_ folder: String) -> [Data?] {
        (0..<4).map { FileManager.default.contents(atPath: folder + String(format: "/frame_%05d.png", $0)) }
    }

    @Test func everyScriptIsIdenticalAcrossProcessesAndThreadCounts() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try scene(dir)
        let one = try Program.reel.run(["render", path, "--png-dir", dir + "/a", "--jobs", "1", "--no-cache"])
        let two = try Program.reel.run(["render", path, "--png-dir", dir + "/b", "--jobs", "2", "--no-cache"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        let a = frames(dir + "/a")
        #expect(a.allSatisfy { $0 != nil } && a == frames(dir + "/b"))
        // The summary names the installed files the text needed.
        for file in ["NotoSansCJK-Regular.ttc", "NotoColorEmoji.ttf", "Lohit-Devanagari.ttf"] {
            #expect(one.stderr.contains(file), "\(file): \(one.stderr)")
        }
        #expect(one.stderr.contains("\(dir)/a: drawn with installed fonts: "), "\(one.stderr)")
    }

    @Test func fontsOnlyDeclaredLeavesInstalledFontsOut() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try scene(dir, text: "北京")
        let run = try Program.reel.run(["render", path, "--png-dir", dir + "/a", "--no-cache", "--fonts-only-declared"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: no font has glyphs for '北', '京'; installed: Noto Sans CJK"), "\(run.stderr)")
        #expect(!run.stderr.contains("drawn with installed fonts"))
        let info = try Program.reel.run(["info", path, "--no-estimate"])
        #expect(info.stdout.contains("fonts     installed: ") && info.stdout.contains("NotoSansCJK-Regular.ttc"), "\(info.stdout)")
    }

    @Test func aChangedFontFileIsNeverACacheHit() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let font = dir + "/f.ttf"
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: font)
        let path = try scene(dir, text: "Cache", font: "f.ttf")
        let first = try Program.reel.run(["render", path, "--format", "png", "-o", dir + "/out", "--cache-dir", dir + "/cache"])
        let again = try Program.reel.run(["render", path, "--format", "png", "-o", dir + "/out", "--cache-dir", dir + "/cache"])
        #expect(again.stderr.contains("0 of 4 frames drawn, 4 reused"), "\(again.stderr)")
        // The same path, other bytes: every frame is drawn again.
        try FileManager.default.removeItem(atPath: font)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: font)
        let changed = try Program.reel.run(["render", path, "--format", "png", "-o", dir + "/out", "--cache-dir", dir + "/cache"])
        #expect(first.status == 0 && changed.status == 0)
        #expect(changed.stderr.contains("4 of 4 frames drawn, 0 reused"), "\(changed.stderr)")
    }

    /// Regression: missing-glyph warnings were given only for texts whose
    /// content and size are constant; an animated size hid them.
    @Test func missingGlyphWarningCoversAnimatedTexts() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let prepared = try PreparedScene.load(try scene(dir, text: "北京"), systemFonts: false)
        #expect(prepared.warnings.map(\.missing) == [["北", "京"]])
        #expect(prepared.warnings.first?.installedFont?.contains("NotoSansCJK-Regular.ttc") == true)
    }
}
