import Foundation
import ProcessRunner
import Testing

/// `reel info` and `reel schema` run as a user would: exact texts of the
/// figures that do not depend on the machine, and of common mistakes.
@Suite struct InfoAndSchemaCommandTests {
    let cli = CommandLineTests()

    func scene(_ name: String) -> String {
        Repository.root.appendingPathComponent("Scenes/\(name).json").path
    }

    @Test func infoDescribesAScene() throws {
        let path = scene("hello")
        let r = try Program.reel.run(["info", path, "--no-estimate"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            \(path)
              frames    180 (3 s at 60 fps)
              canvas    320×240 pt at 2× = 640×480 px
              layers    4 top-level, 8 nodes
              emitters  none
              fonts     bundled and declared only

            """)
        #expect(r.stderr == "")
    }

    /// The estimate: three frames drawn, extrapolated to every frame and
    /// spread over the cores asked for.
    @Test func infoEstimatesTheRenderTime() throws {
        let r = try Program.reel.run(["info", scene("hello"), "--jobs", "4", "--scale", "0.25"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines[2] == "  canvas    320×240 pt at 0.25× = 80×60 px")
        #expect(lines[6].hasPrefix("  cost      ") && lines[6].hasSuffix(" CPU-s in all"), "\(lines[6])")
        #expect(lines[7].hasPrefix("            ≈ ") && lines[7].hasSuffix(" s on 4 cores, rendering only; encoding extra"),
                "\(lines[7])")
    }

    @Test func infoAsJSONCountsParticles() throws {
        let r = try Program.reel.run(["info", scene("snowfall"), scene("hello"), "--json", "--jobs", "2", "--scale", "0.25"])
        #expect(r.status == 0, "\(r.stderr)")
        let array = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        #expect(array?.count == 2)
        let snow = try #require(array?.first)
        #expect(snow["frames"] as? Int == 120)
        #expect(snow["emitters"] as? Int == 2)
        #expect(snow["particleSamples"] as? Int == 120)
        #expect((snow["peakParticles"] as? Int ?? 0) > 0)
        #expect(snow["pixelWidth"] as? Int == 98)
        let estimate = snow["estimate"] as? [String: Any]
        #expect(estimate?["cores"] as? Int == 2)
        #expect(estimate?["sampleFrames"] as? [Int] == [0, 60, 119])
        let ms = estimate?["msPerFrame"] as? Double ?? 0, cpu = estimate?["cpuSeconds"] as? Double ?? 0
        #expect(ms > 0 && abs(cpu - ms * 120 / 1000) < 1e-9)
        #expect(array?.last?["emitters"] as? Int == 0 && array?.last?["peakParticles"] as? Int == 0)
    }

    /// A bad scene among good ones: the good are described, the bad reported
    /// compiler style, and the status is the bad scene's.
    @Test func infoReportsAnInvalidScene() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = dir + "/bad.json"
        try #"{"canvas": {"width": 10, "height": 10, "duration": 1, "fsp": 30}}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["info", scene("hello"), bad, "--no-estimate"])
        #expect(r.status == 65)
        #expect(r.stdout.hasPrefix(scene("hello") + "\n"))
        #expect(r.stderr == "\(bad):1:55: $.canvas.fsp: unknown key \"fsp\" in canvas; did you mean \"fps\"?\n")
    }

    static let mistakes: [(args: [String], status: Int32, stderr: String)] = [
        (["info"], 64, "reel: info: missing scene file; see 'reel info --help'\n"),
        (["info", "a.json", "--bogus"], 64, "reel: info: unknown option '--bogus'; see 'reel info --help'\n"),
        (["info", "a.json", "--jobs", "0"], 64, "reel: --jobs expects a number from 1 to 256, found '0'\n"),
        (["info", "a.json", "--scale"], 64, "reel: info: --scale needs a value; see 'reel info --help'\n"),
        (["info", "/nonexistent/scene.json"], 66, "reel: cannot read scene /nonexistent/scene.json: no such file\n"),
        (["schema", "--bogus"], 64, "reel: schema: unknown option '--bogus'; see 'reel schema --help'\n"),
        (["schema", "scene.json"], 64, "reel: schema: unexpected argument 'scene.json'; see 'reel schema --help'\n"),
        (["schema", "-o"], 64, "reel: schema: -o needs a value; see 'reel schema --help'\n"),
        (["schema", "-o", "/nonexistent/folder/s.json"], 74,
         "reel: cannot write /nonexistent/folder/s.json: No such file or directory\n"),
    ]

    @Test(arguments: 0..<mistakes.count)
    func mistakesGiveExactMessages(index: Int) throws {
        let (args, status, stderr) = Self.mistakes[index]
        let r = try Program.reel.run(args)
        #expect(r.status == status)
        #expect(r.stderr == stderr)
        #expect(r.stdout == "")
    }

    /// The installed binary carries the schema: the repository's one copy, byte for byte.
    @Test func schemaPrintsTheBundledFile() throws {
        let file = try Data(contentsOf: Repository.root.appendingPathComponent("Sources/SceneModel/Resources/reel-scene.schema.json"))
        let r = try Program.reel.run(["schema"])
        #expect(r.status == 0 && r.stderr == "")
        #expect(Data(r.stdout.utf8) == file)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func schemaWritesAFile() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Program.reel.run(["schema", "-o", dir + "/s.json"])
        #expect(r.status == 0 && r.stdout == "" && r.stderr == "")
        let file = try Data(contentsOf: Repository.root.appendingPathComponent("Sources/SceneModel/Resources/reel-scene.schema.json"))
        #expect(FileManager.default.contents(atPath: dir + "/s.json") == file)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["s.json"])
    }

    @Test func helpListsTheNewCommands() throws {
        let r = try Program.reel.run(["help"])
        #expect(r.stdout.contains("\n  info      describe scenes and estimate what rendering them costs\n"))
        #expect(r.stdout.contains("\n  schema    print the JSON Schema of the scene format\n"))
        #expect(try Program.reel.run(["help", "info"]).stdout.hasPrefix("reel info — describe scenes"))
        #expect(try Program.reel.run(["schema", "--help"]).stdout.hasPrefix("reel schema — print the JSON Schema"))
    }
}
