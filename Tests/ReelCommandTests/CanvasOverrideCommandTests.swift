import Foundation
import Media
import Pixels
import ProcessRunner
import Testing

/// Overrides from the command line go through the same canvas checks as the
/// scene file: a canvas with no pixel or no frame is a usage error naming the
/// flag, never a trap; posters and stills share one time base.
@Suite struct CanvasOverrideCommandTests {
    let cli = CommandLineTests()

    /// A 320×240 scene, 3 s at 30 fps, with a square moving across it.
    func scene(in dir: String, poster: Double? = nil) throws -> String {
        let path = dir + "/s.json"
        let posterKey = poster.map { #", "poster": \#($0)"# } ?? ""
        try #"""
        {"canvas": {"width": 320, "height": 240, "fps": 30, "duration": 3, "background": "white"}\#(posterKey),
         "layers": [{"type": "rect", "size": [40, 40], "fill": "red",
                     "position": {"keyframes": [{"t": 0, "value": [20, 120]}, {"t": 3, "value": [300, 120]}]}}]}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let refusals: [(args: [String], stderr: String)] = [
        (["render", "S", "-o", "D/x.mp4", "--scale", "0.001"],
         "reel: --scale 0.001: S would be 0×0 pixels (width × scale, height × scale); each side must be 1…16384\n"),
        (["render", "S", "-o", "D/x.mp4", "--fps", "0.1"],
         "reel: --fps 0.1: S lasts 3 s, which gives no frame at 0.1 fps\n"),
        (["render", "S", "-o", "D/x.mp4", "--frames", "95-99"],
         "reel: --frames 95-99: S has 90 frames (0-89)\n"),
        (["still", "S", "-o", "D/x.png", "--time", "5"],
         "reel: --time 5: S lasts 3 s\n"),
        (["still", "S", "-o", "D/x.png", "--scale", "0.001"],
         "reel: --scale 0.001: S would be 0×0 pixels (width × scale, height × scale); each side must be 1…16384\n"),
        (["still", "S", "-o", "D/x.png", "--scale", "100"],
         "reel: --scale 100: S would be 32000×24000 pixels (width × scale, height × scale); each side must be 1…16384\n"),
        (["info", "S", "--fps", "0.1"],
         "reel: --fps 0.1: S lasts 3 s, which gives no frame at 0.1 fps\n"),
        (["preview", "S", "-o", "D/x.mp4", "--scale", "0.001"],
         "reel: --scale 0.001: S would be 0×0 pixels (width × scale, height × scale); each side must be 1…16384\n"),
    ]

    @Test(arguments: refusals.indices)
    func overridesThatLeaveNothingToDrawAreUsageErrors(index: Int) throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try scene(in: dir)
        let args = Self.refusals[index].args.map { $0 == "S" ? s : $0.replacingOccurrences(of: "D/", with: dir + "/") }
        let r = try Program.reel.run(args)
        #expect(r.status == 64)
        #expect(r.stderr == Self.refusals[index].stderr.replacingOccurrences(of: "S", with: s))
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.mp4") && !FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    /// A scale is bounded by the pixels it makes, not by itself: a 30-point
    /// Lottie icon drawn 1080 px wide (36 per point) used to be refused for
    /// a scale above 16.
    @Test func scaleAbove16OfASmallCanvasWasRefused() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let icon = dir + "/icon.json"
        try ##"{"canvas": {"width": 30, "height": 30, "fps": 30, "duration": 1}, "layers": [{"type": "rect", "size": [10, 30], "position": [5, 15], "fill": "#FF0000"}]}"##
            .write(toFile: icon, atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["still", icon, "--scale", "36", "-o", dir + "/icon.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let frame = try PNGCodec.read(contentsOf: dir + "/icon.png")
        #expect(frame.width == 1080 && frame.height == 1080)
        #expect(frame.pixel(x: 359, y: 540) == (255, 0, 0, 255) && frame.pixel(x: 360, y: 540).3 == 0)
    }

    /// A poster time between two frames used to be drawn at the frame before it.
    @Test func posterBetweenFramesIsExactlyTheStillOfItsTime() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try scene(in: dir, poster: 1.01)
        let render = try Program.reel.run(["render", s, "--png-dir", dir + "/f", "--poster", dir + "/poster.png", "--quiet", "--no-cache"])
        let still = try Program.reel.run(["still", s, "--time", "1.01", "-o", dir + "/still.png"])
        #expect(render.status == 0 && still.status == 0, "\(render.stderr)\(still.stderr)")
        let poster = FileManager.default.contents(atPath: dir + "/poster.png")
        #expect(poster != nil && poster == FileManager.default.contents(atPath: dir + "/still.png"))
        // The frame before the poster's time shows the square elsewhere.
        #expect(poster != FileManager.default.contents(atPath: dir + "/f/frame_00030.png"))
    }

    @Test func posterOnAFrameIsThatFrameAndTheStill() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try scene(in: dir)
        let render = try Program.reel.run(["render", s, "--png-dir", dir + "/f", "--poster", dir + "/poster.png", "--quiet", "--no-cache"])
        let still = try Program.reel.run(["still", s, "-o", dir + "/still.png"])
        #expect(render.status == 0 && still.status == 0, "\(render.stderr)\(still.stderr)")
        let frame = FileManager.default.contents(atPath: dir + "/f/frame_00045.png")
        #expect(frame != nil)
        #expect(FileManager.default.contents(atPath: dir + "/poster.png") == frame)
        #expect(FileManager.default.contents(atPath: dir + "/still.png") == frame)
    }
}
