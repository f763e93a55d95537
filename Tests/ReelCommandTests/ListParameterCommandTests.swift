import Foundation
import ProcessRunner
import Testing

/// List parameters from outside the file: `--set` and a CSV cell give the
/// list as JSON text, a JSON Lines row as an array — each the same frames as
/// the list written into the scene.
@Suite struct ListParameterCommandTests {
    let cli = CommandLineTests()

    static let scene = ##"""
        {"canvas": {"width": 32, "height": 16, "fps": 10, "duration": 0.2, "background": "white"},
         "variables": {"bars": {"list": [1, 2, 3]}},
         "layers": [{"type": "hstack", "spacing": 2, "alignment": "bottom", "anchor": [0, 1], "position": [0, 16],
           "children": [{"type": "forEach", "in": "bars", "content": {"type": "rect", "size": [4, {"expr": "item * 2"}], "fill": "#FF0000"}}]}]}
        """##

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func setCSVAndJSONLinesGiveTheWrittenList() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.scene.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        try Self.scene.replacingOccurrences(of: "[1, 2, 3]", with: "[6, 2, 5, 1]")
            .write(toFile: dir + "/w.json", atomically: true, encoding: .utf8)
        try "id,bars\nx,\"[6, 2, 5, 1]\"\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        try #"{"id": "x", "bars": [6, 2, 5, 1]}"#.write(toFile: dir + "/rows.jsonl", atomically: true, encoding: .utf8)
        let runs = [
            ["render", dir + "/w.json", "-o", dir + "/written.mp4"],
            ["render", dir + "/t.json", "--set", "bars=[6, 2, 5, 1]", "-o", dir + "/set.mp4"],
            ["batch", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/csv-{id}.mp4"],
            ["batch", dir + "/t.json", "--data", dir + "/rows.jsonl", "-o", dir + "/jsonl-{id}.mp4"],
            ["render", dir + "/t.json", "-o", dir + "/default.mp4"],
        ]
        for args in runs {
            let r = try Program.reel.run(args + ["--quiet", "--no-cache"])
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        let written = bytes(dir + "/written.mp4")
        #expect(written != nil)
        for name in ["set.mp4", "csv-x.mp4", "jsonl-x.mp4"] { #expect(bytes(dir + "/" + name) == written, "\(name)") }
        #expect(bytes(dir + "/default.mp4") != written)
    }

    @Test func aBadListNamesTheFlag() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.scene.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["still", dir + "/t.json", "--set", "bars=[1, [2]]", "-o", dir + "/s.png"])
        #expect(r.status == 64)
        #expect(r.stderr == "reel: --set bars=[1, [2]]: item 1: expected a number, a string, true/false or an object of those, found an array of 1 item\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.png"))
    }
}
