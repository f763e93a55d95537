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

    /// --all-frames draws the 10 frames of the animation once each, in order:
    /// ten times, and the last drawing is the last frame as `reel still` draws it.
    @Test func allFramesDrawsEveryFrameOnceAndEndsOnTheLast() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let animation = Repository.root.appendingPathComponent("Tests/ReelCommandTests/Lottie/bounce.json").path
        let result = try Program.reel.run(["bench", animation, "--all-frames", "--png", dir + "/last.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("10 frames: median ") == true, "\(result.stdout)")
        #expect(lines.last.map { $0.hasPrefix("{\"ms\": [") && $0.split(separator: ",").count == 10 } == true, "\(result.stdout)")
        let still = try Program.reel.run(["still", animation, "--frame", "9", "-o", dir + "/still.png"])
        #expect(still.status == 0, "\(still.stderr)")
        let (last, expected) = (try PNGCodec.read(contentsOf: dir + "/last.png"), try PNGCodec.read(contentsOf: dir + "/still.png"))
        #expect(last.width == 40 && last.pixels == expected.pixels)
    }

    /// Frame 0 again and again and every frame once are different questions.
    @Test func allFramesRefusesRepeat() throws {
        let animation = Repository.root.appendingPathComponent("Tests/ReelCommandTests/Lottie/bounce.json").path
        let result = try Program.reel.run(["bench", animation, "--all-frames", "--repeat", "3"])
        #expect(result.status == 64)
        #expect(result.stderr == "reel: --all-frames draws each frame once; --repeat is for frame 0 drawn again and again\n")
    }
}
