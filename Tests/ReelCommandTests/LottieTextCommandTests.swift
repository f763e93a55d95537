import Foundation
import Media
import Pixels
import ProcessRunner
import Testing

/// Lottie text in the font the file names, found in a `Fonts` folder above
/// the animation, and `--set` replacing the text of a layer by its name.
@Suite struct LottieTextCommandTests {
    let cli = CommandLineTests()

    /// A 100×100 animation with one text layer "Title" at (20, 90): "I" in Inter Bold, size 100, black.
    static let animation = #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 100, "h": 100, "fonts": {"list": [{"fName": "Inter-Bold", "fFamily": "Inter", "fStyle": "Bold", "ascent": 72}]}, "layers": [{"ty": 5, "ind": 1, "nm": "Title", "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 0, "k": [20, 90]}}, "t": {"d": {"k": [{"s": {"s": 100, "f": "Inter-Bold", "t": "I", "j": 0, "tr": 0, "lh": 120, "ls": 0, "fc": [0, 0, 0]}, "t": 0}]}, "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": []}}]}"#

    /// A folder with Fonts/Inter-Bold.otf (Reel's bundled copy) and the animation in sub/.
    func setUp() throws -> (dir: String, animation: String) {
        let dir = try cli.tempDir()
        try FileManager.default.createDirectory(atPath: dir + "/Fonts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.root.appendingPathComponent("Sources/Typesetting/Fonts/Inter-Bold.otf").path, toPath: dir + "/Fonts/Inter-Bold.otf")
        try Self.animation.write(toFile: dir + "/sub/title.json", atomically: true, encoding: .utf8)
        return (dir, dir + "/sub/title.json")
    }

    /// The rows the frame's opaque pixels span.
    static func rows(_ frame: Bitmap) -> ClosedRange<Int>? {
        let inked = (0..<frame.height).filter { y in (0..<frame.width).contains { frame.pixel(x: $0, y: y).a > 128 } }
        return inked.first.map { $0...inked.last! }
    }

    /// "I" stands on the baseline at y 90 and rises Inter's cap height (0.727 em) above it.
    @Test func fontBesideTheAnimationSetsTheTextOnItsBaseline() throws {
        let (dir, animation) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let imported = try Program.reel.run(["import", "lottie", animation])
        #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported.stderr)")
        #expect(imported.stdout.contains(#""fonts": {"Inter-Bold": "../Fonts/Inter-Bold.otf"}"#), "\(imported.stdout)")
        let still = try Program.reel.run(["still", animation, "--time", "0", "-o", dir + "/still.png"])
        #expect(still.status == 0, "\(still.stderr)")
        let rows = Self.rows(try PNGCodec.read(contentsOf: dir + "/still.png"))
        #expect(rows.map { (88...90).contains($0.upperBound) && (15...19).contains($0.lowerBound) } == true, "\(String(describing: rows))")
    }

    /// `--set Title=…` replaces the layer's text; its own text draws the same frame as none.
    @Test func setReplacesTheTextOfALayerByItsName() throws {
        let (dir, animation) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func still(_ set: [String], _ name: String) throws -> Bitmap {
            let result = try Program.reel.run(["still", animation, "--time", "0", "-o", dir + "/" + name] + set)
            #expect(result.status == 0, "\(result.stderr)")
            return try PNGCodec.read(contentsOf: dir + "/" + name)
        }
        let plain = try still([], "plain.png")
        #expect(try still(["--set", "Title=I"], "same.png") == plain)
        let changed = try still(["--set", "Title=__"], "changed.png")
        #expect(changed != plain)
        // Underscores sit below the baseline, where "I" has no ink.
        #expect(Self.rows(changed).map { $0.upperBound > 90 } == true)
    }
}
