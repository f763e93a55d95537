import Foundation
import Testing

/// `reel watch` with an image parameter set to a PNG: saving that PNG
/// renders again (it was not watched, being named by no `assets` entry).
@Suite struct WatchParameterTests {
    let cli = CommandLineTests()

    func solid(_ colour: String, to path: String, in dir: String) throws {
        let scene = dir + "/\(colour.dropFirst()).json"
        try #"{"canvas": {"width": 8, "height": 8, "fps": 10, "duration": 0.1, "background": "\#(colour)"}, "layers": []}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let still = try cli.run(["still", scene, "-o", path])
        #expect(still.status == 0, "\(still.stderr)")
    }

    @Test func savingAPNGGivenToAnImageParameterRendersAgain() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try solid("#FF0000", to: dir + "/a.png", in: dir)
        try solid("#00FF00", to: dir + "/b.png", in: dir)
        let scene = dir + "/card.json"
        try #"""
            {"canvas": {"width": 16, "height": 16, "fps": 10, "duration": 0.2, "background": "white"},
             "assets": {"images": {"a": "a.png"}},
             "variables": {"photo": {"image": "a"}},
             "layers": [{"type": "image", "image": "photo", "size": [16, 16], "position": [8, 8]}]}
            """#.write(toFile: scene, atomically: true, encoding: .utf8)
        let watch = try RenderCommandTests.Running(["watch", scene, "--set", "photo=" + dir + "/b.png",
                                                    "-o", dir + "/out.mp4", "--jobs", "1"])
        #expect(watch.waitFor("watch: waiting for changes"))
        try solid("#0000FF", to: dir + "/b.png", in: dir)
        #expect(watch.waitFor("watch: waiting for changes", count: 2))
        #expect(watch.stop(SIGINT) == 130)
        #expect(watch.stderr.contains("watch: \(dir)/b.png changed; rendering again\n"), "\(watch.stderr)")
    }
}
