import Foundation
import Media
import Pixels
import ProcessRunner
import Testing

/// `--set` and `reel batch` recolour a Lottie file: a fill item and a solid
/// layer named as parameters can be read colour parameters of those names.
@Suite struct LottieColorParameterTests {
    let cli = CommandLineTests()

    /// A 20×20 animation of 2 frames: a blue solid "Backdrop" under a 10×10
    /// square at the top-left filled red by the fill item "Accent".
    static let animation = ##"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 2, "w": 20, "h": 20, "layers": [{"ty": 4, "ind": 1, "nm": "Box", "ip": 0, "op": 2, "st": 0, "ks": {}, "shapes": [{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "nm": "Accent", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}]}, {"ty": 1, "ind": 2, "nm": "Backdrop", "ip": 0, "op": 2, "st": 0, "sw": 20, "sh": 20, "sc": "#0000ff", "ks": {}}]}"##

    func setUp() throws -> String {
        let dir = try cli.tempDir()
        try Self.animation.write(toFile: dir + "/card.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// The first PNG frame `reel render` writes with `set`.
    func firstFrame(_ dir: String, _ set: [String], _ name: String) throws -> Bitmap {
        let result = try Program.reel.run(["render", dir + "/card.json", "--format", "png", "-o", dir + "/" + name, "--no-cache", "--quiet"] + set)
        #expect(result.status == 0, "\(result.stderr)")
        return try PNGCodec.read(contentsOf: dir + "/" + name + "/frame_00000.png")
    }

    @Test func setRecoloursANamedFillAndSolid() throws {
        let dir = try setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plain = try firstFrame(dir, [], "plain")
        #expect(plain.pixel(x: 4, y: 4) == (255, 0, 0, 255) && plain.pixel(x: 15, y: 15) == (0, 0, 255, 255))
        let set = try firstFrame(dir, ["--set", "Accent=#00FF00", "--set", "Backdrop=white"], "set")
        #expect(set.pixel(x: 4, y: 4) == (0, 255, 0, 255))
        #expect(set.pixel(x: 15, y: 15) == (255, 255, 255, 255))
        let wrong = try Program.reel.run(["render", dir + "/card.json", "--format", "png", "-o", dir + "/wrong", "--set", "Accent=Hello"])
        #expect(wrong.status != 0)
    }

    /// One video per CSV row, each square the row's colour (H.264 in 4:2:0,
    /// so the square's inside is checked within 24 levels).
    @Test func batchTakesAColourColumn() throws {
        let dir = try setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "id,Accent\ngreen,#00FF00\nyellow,#FFFF00\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        let batch = try Program.reel.run(["batch", dir + "/card.json", "--data", dir + "/rows.csv", "-o", dir + "/out/{id}.mp4", "--no-cache"])
        #expect(batch.status == 0, "\(batch.stderr)")
        for (id, expected) in [("green", (0, 255, 0)), ("yellow", (255, 255, 0))] {
            let png = dir + "/out/\(id).png"
            let extract = try Program("/usr/bin/ffmpeg").run(["-v", "error", "-y", "-i", dir + "/out/\(id).mp4", "-frames:v", "1", png])
            #expect(extract.status == 0, "\(extract.stderr)")
            let p = try PNGCodec.read(contentsOf: png).pixel(x: 4, y: 4)
            #expect(abs(Int(p.r) - expected.0) <= 24 && abs(Int(p.g) - expected.1) <= 24 && abs(Int(p.b) - expected.2) <= 24, "\(id): \(p)")
        }
    }
}
