import Foundation
import Media
import Pixels
import ProcessRunner
import Testing

/// `reel bench`: drawing times alone, at the canvas's size or another.
@Suite struct BenchCommandTests {
    let cli = CommandLineTests()

    /// --scale 2 draws the 40×30 animation at 80×60; one time per repetition.
    @Test func benchDrawsAtTheScaleAsked() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let animation = Repository.root.appendingPathComponent("Tests/ReelCommandTests/Lottie/bounce.json").path
        let result = try Program.reel.run(["bench", animation, "--scale", "2", "--repeat", "3", "--jobs", "1", "--png", dir + "/frame.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try PNGCodec.read(contentsOf: dir + "/frame.png")
        #expect(frame.width == 80 && frame.height == 60)
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.hasPrefix("{\"ms\": [") && line.split(separator: ",").count == 3, "\(line)")
    }
}
