import Foundation
import Media
import Pixels
import ProcessRunner
import Testing

/// A Lottie animation keeps its own times: `--time` is its frame ÷ fr (as
/// lottie-ios counts), while a render still covers its in…out points.
@Suite struct LottieTimeCommandTests {
    let cli = CommandLineTests()

    /// In point 30, out point 60 at 30 fps: a red solid only at frame 45.
    static let animation = ##"""
    {"v": "5.7.4", "fr": 30, "ip": 30, "op": 60, "w": 20, "h": 10, "layers": [
      {"ty": 1, "ind": 1, "ip": 45, "op": 46, "st": 0, "sw": 20, "sh": 10, "sc": "#ff0000", "ks": {}}]}
    """##

    /// `--time 1.5` is frame 45; the render has op − ip = 30 frames, the
    /// 16th (frame 45) red and its neighbours clear; a time before the in
    /// point is refused with the scene's span.
    @Test func timeIsTheAnimationsFrameOverItsFrameRate() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/late.json"
        try Self.animation.write(toFile: file, atomically: true, encoding: .utf8)
        let still = try Program.reel.run(["still", file, "--time", "1.5", "-o", dir + "/still.png"])
        #expect(still.status == 0, "\(still.stderr)")
        let red = try PNGCodec.read(contentsOf: dir + "/still.png")
        #expect(red.pixel(x: 10, y: 5) == (255, 0, 0, 255))
        let before = try Program.reel.run(["still", file, "--time", "0.5", "-o", dir + "/before.png"])
        #expect(before.status != 0)
        #expect(before.stderr.contains("--time 0.5: \(file) runs from 1 s to 2 s"), "\(before.stderr)")
        let render = try Program.reel.run(["render", file, "--format", "png", "-o", dir + "/frames", "--no-cache", "--quiet"])
        #expect(render.status == 0, "\(render.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        #expect(names.count == 30)
        let alpha = try names.map { try PNGCodec.read(contentsOf: dir + "/frames/" + $0).pixel(x: 10, y: 5).a }
        #expect(alpha.indices.filter { alpha[$0] != 0 } == [15])
    }
}
