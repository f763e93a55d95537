import Foundation
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
        func batch(_ extra: [String]) throws -> CommandLineTests.Run {
            try cli.run(["batch", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/out/{id}.mp4", "--no-cache"] + extra)
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
}
