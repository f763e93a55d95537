import Foundation
import Media
import Pixels
import ProcessRunner
import Testing

/// `reel render --chunks N --poster P`: the poster is drawn with every
/// setting of the render, as `reel still` draws that moment.
@Suite struct ChunkedPosterTests {
    let cli = CommandLineTests()

    /// Four frames of 16×16: a rect in the `accent` colour moving right, so
    /// the poster's moment and its parameter both show in its pixels.
    static let scene = ##"""
        {"canvas": {"width": 16, "height": 16, "fps": 10, "duration": 0.4, "background": "white"},
         "variables": {"accent": "#FF0000"},
         "layers": [{"type": "rect", "size": [8, 16], "fill": {"expr": "accent"},
                     "position": [{"expr": "t * 40"}, 8]}]}
        """##

    /// Regression: the poster of a chunked render was drawn with the scene's
    /// default parameters (its settings were cut down to the scale). With
    /// `--set`, its pixels are now those of `reel still --set` at the
    /// poster's moment (the middle), and differ from the default still.
    @Test func chunkedPosterTakesTheRenderSettings() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/t.json"
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let set = ["--set", "accent=#34C759"]

        let render = try Program.reel.run(["render", scene, "--chunks", "2", "--gop", "2", "--jobs", "2"] + set
                                 + ["--poster", dir + "/poster.png", "-o", dir + "/t.mp4", "--no-cache", "--quiet"])
        #expect(render.status == 0, "\(render.stderr)")
        let still = try Program.reel.run(["still", scene] + set + ["-o", dir + "/still.png"])
        let plain = try Program.reel.run(["still", scene, "-o", dir + "/plain.png"])
        #expect(still.status == 0 && plain.status == 0, "\(still.stderr)\(plain.stderr)")

        let poster = try PNGCodec.read(contentsOf: dir + "/poster.png")
        #expect(poster == (try PNGCodec.read(contentsOf: dir + "/still.png")))
        #expect(poster != (try PNGCodec.read(contentsOf: dir + "/plain.png")))
        // At t = 0.2 the rect is centred on x = 8 (4…12): the set colour there, white beside it.
        #expect(poster.pixel(x: 8, y: 8) == (0x34, 0xC7, 0x59, 255))
        #expect(poster.pixel(x: 14, y: 8) == (255, 255, 255, 255))
    }
}
