import Foundation
import ProcessRunner
import Testing

/// The built `reel` executable, run as a user would: outputs, exit codes and
/// the exact texts of common mistakes.
@Suite struct CommandLineTests {
    /// A fresh empty folder for one test's files.
    func tempDir() throws -> String {
        let dir = NSTemporaryDirectory() + "reel-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Text rendered by two processes with different thread counts gives the same bytes.
    @Test func textIsIdenticalAcrossProcessesAndThreadCounts() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/text.json"
        try #"{"canvas": {"width": 120, "height": 60, "fps": 10, "duration": 0.4, "background": "white"}, "layers": [{"type": "text", "text": "Thread-safe ÅÉ", "size": {"keyframes": [{"t": 0, "value": 12}, {"t": 0.3, "value": 20}]}, "position": [60, 30], "weight": "bold"}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let one = try Program.reel.run(["render", scene, "--png-dir", dir + "/a", "--jobs", "1", "--quiet"])
        let two = try Program.reel.run(["render", scene, "--png-dir", dir + "/b", "--jobs", "2", "--quiet"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        for i in 0..<4 {
            let name = String(format: "frame_%05d.png", i)
            let a = FileManager.default.contents(atPath: "\(dir)/a/\(name)")
            #expect(a != nil && a == FileManager.default.contents(atPath: "\(dir)/b/\(name)"), "\(name)")
        }
    }

    static let mistakes: [(args: [String], status: Int32, stderr: String)] = [
        (["render"], 64, "reel: render: missing scene file; see 'reel render --help'\n"),
        (["render", "a.json", "--jobs", "0"], 64, "reel: --jobs expects a number from 1 to 256, found '0'\n"),
        (["render", "a.json", "--frames", "5-2"], 64, "reel: --frames expects A-B with 0 ≤ A ≤ B (or one frame number), found '5-2'\n"),
        (["render", "a.json", "--bogus"], 64, "reel: render: unknown option '--bogus'; see 'reel render --help'\n"),
        (["explode"], 64, "reel: unknown command 'explode'; run 'reel --help' for the list\n"),
        (["render", "/nonexistent/scene.json"], 66, "reel: cannot read scene /nonexistent/scene.json: no such file\n"),
        (["render", "a.json", "--crf", "60"], 64, "reel: --crf expects a number from 0 to 51, found '60'\n"),
        (["render", "a.json", "--preset", "quick"], 64,
         "reel: --preset expects ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow or placebo, found 'quick'\n"),
        (["render", "a.json", "--format", "avi"], 64, "reel: --format expects mp4, mov, webm, gif, png or contact, found 'avi'\n"),
        (["render", "a.json", "--every", "0"], 64, "reel: --every expects a number from 1 to 10000, found '0'\n"),
        (["render", "a.json", "-o", "/tmp/x.avi"], 64, "reel: -o /tmp/x.avi: unknown video format; use .mp4, .mov, .webm, .gif, or --format\n"),
        (["render", "a.json", "b.json", "--poster", "p.png"], 64, "reel: --poster names one file or folder; it needs a single scene (found 2)\n"),
        (["watch"], 64, "reel: watch: missing scene file; see 'reel watch --help'\n"),
        (["preview", "a.json", "--fps", "0"], 64, "reel: --fps expects frames per second, more than 0 and at most 240, found '0'\n"),
        (["still", "a.json"], 64, "reel: still: missing -o OUT.png; see 'reel still --help'\n"),
    ]

    @Test(arguments: 0..<mistakes.count)
    func mistakesGiveExactMessages(index: Int) throws {
        let (args, status, stderr) = Self.mistakes[index]
        let r = try Program.reel.run(args)
        #expect(r.status == status)
        #expect(r.stderr.hasPrefix(stderr), "\(r.stderr)")
    }

    /// `--progress json`: one object per frame and line, for CI tools.
    @Test func progressAsJSONLines() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Repository.root.appendingPathComponent("Scenes/hello.json").path
        let r = try Program.reel.run(["render", scene, "--frames", "0-2", "--png-dir", dir + "/f", "--progress", "json", "--jobs", "1"])
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for (i, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["job"] as? String == dir + "/f")
            #expect(object?["frame"] as? Int == i + 1)
            #expect(object?["total"] as? Int == 3)
            #expect(object?["fps"] is Double || object?["fps"] is Int)
        }
    }

    /// The poster is the scene's middle frame, written even when `--frames`
    /// leaves it out, and equal to that frame rendered in the sequence.
    @Test func posterIsWrittenWhenOutsideTheRenderedFrames() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Repository.root.appendingPathComponent("Scenes/hello.json").path
        let partial = try Program.reel.run(["render", scene, "--frames", "0-2", "--png-dir", dir + "/a", "--poster", dir + "/p1.png", "--quiet"])
        let full = try Program.reel.run(["render", scene, "--frames", "90", "--png-dir", dir + "/b", "--poster", dir + "/p2.png", "--quiet"])
        #expect(partial.status == 0 && full.status == 0)
        let middle = FileManager.default.contents(atPath: dir + "/b/frame_00090.png")
        #expect(middle != nil)
        #expect(FileManager.default.contents(atPath: dir + "/p1.png") == middle)
        #expect(FileManager.default.contents(atPath: dir + "/p2.png") == middle)
    }

    @Test func invalidSceneListsEveryProblemWithItsPosition() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/bad.json"
        try "{\"canvas\": {\"width\": 10, \"height\": 10, \"duration\": 1},\n \"layers\": [{\"type\": \"rect\", \"size\": [1, 1], \"fill\": \"#12\", \"opacty\": 1}]}"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["validate", scene])
        #expect(r.status == 65)
        #expect(r.stderr == """
            \(scene):2:61: $.layers[0].opacty: unknown key "opacty" in a node of type "rect"; did you mean "opacity"?
            \(scene):2:54: $.layers[0].fill: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA" or a name), found "#12"

            """)
    }

    @Test func validateSummarisesAValidScene() throws {
        let scene = Repository.root.appendingPathComponent("Scenes/thermometer.json").path
        let r = try Program.reel.run(["validate", scene])
        #expect(r.status == 0)
        #expect(r.stdout == "\(scene): ok — 360 frames, 6 s at 60 fps, 1170×2532 px, 6 layers, 5 variables\n")
    }
}
