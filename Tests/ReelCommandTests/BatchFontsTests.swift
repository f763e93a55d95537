import Foundation
import ProcessRunner
import Testing

/// `reel batch --fonts-only-declared`, as in `render`: no installed font
/// fills in a row's characters, and a row drawn one way is not taken as up
/// to date the other way.
@Suite struct BatchFontsTests {
    let cli = CommandLineTests()

    @Test func fontsOnlyDeclaredAppliesToEveryRowAndToTheManifest() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"canvas": {"width": 64, "height": 32, "fps": 10, "duration": 0.1, "background": "white"}, "variables": {"word": {"string": "x"}}, "layers": [{"type": "text", "text": "{word}", "size": 20, "position": [32, 16]}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        try "id,word\nr1,北京\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        func batch(_ extra: [String]) throws -> ProcessResult {
            try Program.reel.run(["batch", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/out/{id}.mp4", "--no-cache"] + extra)
        }
        let declared = try batch(["--fonts-only-declared"])
        #expect(declared.status == 0, "\(declared.stderr)")
        let withoutInstalled = FileManager.default.contents(atPath: dir + "/out/r1.mp4")
        #expect(try batch(["--fonts-only-declared"]).stderr.contains("1 row — 0 done, 1 skipped, 0 failed"))
        let installed = try batch([])
        #expect(installed.stderr.contains("1 row — 1 done, 0 skipped, 0 failed"), "\(installed.stderr)")
        // The installed CJK font drew the characters the declared fonts lack.
        #expect(withoutInstalled != nil && FileManager.default.contents(atPath: dir + "/out/r1.mp4") != withoutInstalled)
    }

    /// A row whose text fell back to an installed font is drawn again once
    /// that font file changes (it was skipped as up to date before).
    @Test func aChangedInstalledFontRedrawsTheRowsThatUsedIt() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A fontconfig of its own: one installed font, a copy this test can change.
        try FileManager.default.createDirectory(atPath: dir + "/fonts", withIntermediateDirectories: true)
        let font = dir + "/fonts/hi.ttf"
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf", toPath: font)
        try """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>\(dir)/fonts</dir><cachedir>\(dir)/fc-cache</cachedir></fontconfig>
            """.write(toFile: dir + "/fonts.conf", atomically: true, encoding: .utf8)
        try #"{"canvas": {"width": 64, "height": 32, "fps": 10, "duration": 0.1, "background": "white"}, "variables": {"word": {"string": "x"}}, "layers": [{"type": "text", "text": "{word}", "size": 20, "position": [32, 16]}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        try "id,word\nr1,नमस्ते\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        func batch() throws -> ProcessResult {
            try Program.reel.run(["batch", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/out/{id}.mp4"],
                                 environment: ["FONTCONFIG_FILE": dir + "/fonts.conf"])
        }
        let first = try batch()
        #expect(first.stderr.contains("1 row — 1 done"), "\(first.stderr)")
        #expect(try String(contentsOfFile: dir + "/out/.r1.mp4.reel-batch", encoding: .utf8).contains(" \(font)\n"))
        #expect(try batch().stderr.contains("1 row — 0 done, 1 skipped"))
        // Other bytes in the same file (a font still: trailing bytes are ignored).
        let handle = try #require(FileHandle(forWritingAtPath: font))
        handle.seekToEndOfFile()
        handle.write(Data([0, 0, 0, 0]))
        try handle.close()
        let changed = try batch()
        #expect(changed.stderr.contains("1 row — 1 done, 0 skipped"), "\(changed.stderr)")
    }
}
