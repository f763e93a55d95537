import Foundation
import Media
@testable import Pipeline
import Pixels
import ProcessRunner
import Testing

/// `reel diff` on videos and PNG folders: lossy encodes of the same frames
/// pass the default tolerance, a moved shape does not; frames are paired
/// by presentation time.
@Suite struct DiffTests {
    let cli = CommandLineTests()

    /// 96×64 pixels, 1 s at 30 fps: a card turning, a dot at `dotX`, a word.
    static func scene(dotX: Int = 70) -> String {
        ##"{"version": 1, "canvas": {"width": 96, "height": 64, "fps": 30, "duration": 1, "background": "#1F5BFF"}, "layers": [{"type": "rect", "position": [30, 32], "size": [36, 28], "cornerRadius": 6, "fill": "#FFFFFF", "rotation": {"keyframes": [{"t": 0, "value": -8}, {"t": 1, "value": 8}]}}, {"type": "circle", "position": [\##(dotX), 32], "radius": 10, "fill": "#FFCC00"}, {"type": "text", "text": "Reel", "position": [48, 56], "size": 10, "color": "white"}]}"##
    }

    /// Renders `scene` to `output` with extra `render` options.
    func render(_ scene: String, to output: String, in dir: String, _ options: [String] = []) throws {
        let path = dir + "/" + UUID().uuidString + ".json"
        try scene.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["render", path, "-o", output, "--no-cache", "--quiet"] + options)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func anotherX264PresetPassesTheDefaultTolerance() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try render(Self.scene(), to: dir + "/a.mp4", in: dir)
        try render(Self.scene(), to: dir + "/b.mp4", in: dir, ["--preset", "medium"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.mp4")) != Data(contentsOf: URL(fileURLWithPath: dir + "/b.mp4")))
        let r = try Program.reel.run(["diff", dir + "/a.mp4", dir + "/b.mp4", "--sheet", dir + "/d.png"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("reel diff: 1 pair, 30 frames unchanged ("))
        // Not identical: the encodes differ, within the tolerance.
        #expect(!r.stdout.contains("all identical"))
    }

    @Test func aFourPixelShiftOfOneNodeFails() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try render(Self.scene(), to: dir + "/a.mp4", in: dir)
        try render(Self.scene(dotX: 74), to: dir + "/c.mp4", in: dir, ["--preset", "medium"])
        let r = try Program.reel.run(["diff", dir + "/a.mp4", dir + "/c.mp4", "--sheet", dir + "/d.png", "--junit", dir + "/j.xml"])
        #expect(r.status == 1)
        #expect(r.stderr == "reel: diff: 30 of 30 frames changed beyond tolerance\n")
        #expect(r.stdout.contains("a.mp4 vs \(dir)/c.mp4 frames 0-29 (0.00-0.97 s), 30 of 30 frames beyond tolerance; diff sheet \(dir)/d.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/d.png"))
        #expect(try String(contentsOfFile: dir + "/j.xml", encoding: .utf8).contains(#"<testsuites name="reel diff" tests="1" failures="1""#))
    }

    /// A PNG folder compares with a copy of itself as identical, with a
    /// ProRes video of the same frames within the tolerance; a folder
    /// missing its last frames reports them.
    @Test func pngFoldersAndVideosCompareFrameByFrame() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try render(Self.scene(), to: dir + "/frames", in: dir, ["--format", "png"])
        try render(Self.scene(), to: dir + "/a.mov", in: dir)
        try FileManager.default.copyItem(atPath: dir + "/frames", toPath: dir + "/copy")
        let same = try Program.reel.run(["diff", dir + "/frames", dir + "/copy", "--exact"])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.hasPrefix("reel diff: 1 pair, 30 frames unchanged (all identical)"))
        let prores = try Program.reel.run(["diff", dir + "/frames", dir + "/a.mov", "--sheet", dir + "/p.png"])
        #expect(prores.status == 0, "\(prores.stdout)\(prores.stderr)")
        for i in 25..<30 { try FileManager.default.removeItem(atPath: dir + "/copy/" + PNGSequenceWriter.fileName(forFrame: i)) }
        let short = try Program.reel.run(["diff", dir + "/frames", dir + "/copy", "--sheet", dir + "/d.png", "--report-json", dir + "/r.json"])
        #expect(short.status == 1)
        #expect(short.stdout.contains("frames 25-29 (0.83-0.97 s), 5 of 30 frames beyond tolerance"))
        #expect(try String(contentsOfFile: dir + "/r.json", encoding: .utf8).contains(#""comparedWith" : "missing""#))
    }

    @Test func anUnreadableInputIsNamed() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "not a video".write(toFile: dir + "/x.mp4", atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["diff", dir + "/x.mp4", dir + "/x.mp4"])
        #expect(r.status == 66)
        #expect(r.stderr.hasPrefix("reel: cannot read \(dir)/x.mp4: not a video file ("))
    }
}

/// Pairing by presentation time, on frames made in memory.
@Suite struct FrameAlignmentTests {
    /// Frames at `times`, each a 1×1 bitmap whose red is its index.
    final class Frames: FrameSource {
        let path = "memory"
        let frameRate: Double?
        private var times: [Double]
        private var index = 0

        init(_ times: [Double], fps: Double) {
            self.times = times
            frameRate = fps
        }

        func next() -> TimedFrame? {
            guard index < times.count else { return nil }
            defer { index += 1 }
            return TimedFrame(time: times[index], bitmap: Bitmap(width: 1, height: 1, pixels: [UInt8(index), 0, 0, 255]))
        }
    }

    /// Each pair as (first's index, second's index), -1 for none.
    func pairs(_ a: [Double], _ aFPS: Double, _ b: [Double], _ bFPS: Double) throws -> [[Int]] {
        var alignment = FrameAlignment(Frames(a, fps: aFPS), Frames(b, fps: bFPS))
        var result: [[Int]] = []
        while let (x, y) = try alignment.next() { result.append([x.map { Int($0.bitmap.pixels[0]) } ?? -1, y.map { Int($0.bitmap.pixels[0]) } ?? -1]) }
        return result
    }

    @Test func eachFrameMeetsTheFrameShownAtItsTime() throws {
        // 10 fps against 5 fps: two frames of the first to each of the second.
        #expect(try pairs([0, 0.1, 0.2, 0.3], 10, [0, 0.2], 5) == [[0, 0], [1, 0], [2, 1], [3, 1]])
        // 5 fps against 10 fps: every other frame of the second is skipped.
        #expect(try pairs([0, 0.2], 5, [0, 0.1, 0.2, 0.3], 10) == [[0, 0], [1, 2]])
        // Rounded timestamps still meet.
        #expect(try pairs([0, 0.0333, 0.0667], 30, [0, 0.03334, 0.06666], 30) == [[0, 0], [1, 1], [2, 2]])
    }

    @Test func framesOneSideLacksAreUnpaired() throws {
        // The second starts late and ends early; its frames after the first ends come last.
        #expect(try pairs([0, 0.1, 0.2], 10, [0.1], 10) == [[0, -1], [1, 0], [2, -1]])
        #expect(try pairs([0, 0.1], 10, [0, 0.1, 0.2, 0.3], 10) == [[0, 0], [1, 1], [-1, 2], [-1, 3]])
    }
}
