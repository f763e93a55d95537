import Foundation
import ProcessRunner
import Testing

/// A point parameter through the command line: `--set NAME=x,y`, `--vars`
/// with `[x, y]`, and `reel info` printing it as JSON of its own type.
@Suite struct PointParameterCommandTests {
    static let scene = #"{"canvas": {"width": 40, "height": 40, "duration": 1}, "variables": {"pos": [10, 20]}, "layers": [{"type": "rect", "size": [4, 4], "position": {"expr": "pos"}, "fill": "black"}]}"#

    @Test func infoPrintsPointsAsArraysAndTakesThemFromSetAndVars() throws {
        let dir = try CommandLineTests().tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/points.json", vars = dir + "/vars.json"
        try Self.scene.write(toFile: path, atomically: true, encoding: .utf8)
        try #"{"pos": [5, 6.5]}"#.write(toFile: vars, atomically: true, encoding: .utf8)
        func parameter(_ args: [String]) throws -> [String: Any]? {
            let r = try Program.reel.run(["info", path, "--json", "--no-estimate"] + args)
            #expect(r.status == 0, "\(r.stderr)")
            let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
            return (parsed?.first?["parameters"] as? [[String: Any]])?.first
        }
        let declared = try parameter([])
        #expect(declared?["kind"] as? String == "point")
        #expect(declared?["value"] as? [Double] == [10, 20])
        #expect(try parameter(["--set", "pos=100,200"])?["value"] as? [Double] == [100, 200])
        #expect(try parameter(["--vars", vars])?["value"] as? [Double] == [5, 6.5])
        let text = try Program.reel.run(["info", path, "--no-estimate", "--set", "pos=1,2"])
        #expect(text.stdout.contains("  params    pos (point) = 1,2\n"), "\(text.stdout)")
        let wrong = try Program.reel.run(["info", path, "--no-estimate", "--set", "pos=1"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "reel: --set pos=1: expected a point (two numbers: x,y), found \"1\"\n")
    }
}
