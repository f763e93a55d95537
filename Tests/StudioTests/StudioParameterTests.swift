import Foundation
import ProcessRunner
import Testing

/// Parameters in the studio: `--set`/`--vars` at start and edits from the
/// page both load the scene as `--set` does, and never touch the file.
@Suite struct StudioParameterTests {
    static let scene = StudioEndpointTests.scene

    /// The frame at `t` as `reel still` draws it with `sets`.
    func still(_ studio: StudioProcess, at t: String, _ sets: [String]) throws -> [UInt8] {
        let out = studio.folder + "/../still-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try Program.reel.run(["still", studio.scene, "--time", t, "-o", out] + sets.flatMap { ["--set", $0] })
        #expect(run.status == 0, "\(run.stderr)")
        return [UInt8](try #require(FileManager.default.contents(atPath: out)))
    }

    @Test func setOnTheCommandLineDrawsWhatReelStillDrawsWithTheSameSet() throws {
        let sets = ["x=30", "tint=#0000FF"]
        let studio = try StudioProcess(sceneJSON: Self.scene, arguments: sets.flatMap { ["--set", $0] })
        defer { studio.stop() }
        #expect(try studio.get("/api/frame.png?t=0.3").body == still(studio, at: "0.3", sets))
        #expect(try studio.get("/api/frame.png?t=0.3").body != still(studio, at: "0.3", []))
        let parameters = try #require(try studio.get("/api/scene").json()["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["value"] as? NSObject } == [30 as NSNumber, "#0000FFFF" as NSString])
        #expect(parameters.map { $0["set"] as? Bool } == [true, true])
    }

    @Test func anEditFromThePageAppliesAsSetWouldAndLeavesTheFileAlone() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let events = try EventReader(port: studio.port)
        #expect(try events.next(timeout: 5)?.name == "hello")
        let reply = try studio.post("/api/parameters", body: #"{"x": 45, "tint": "blue"}"#)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(try events.next("reload", timeout: 5)?.data == #"{"version":2,"warnings":[]}"#)
        #expect(try studio.get("/api/frame.png?t=0.3").body == still(studio, at: "0.3", ["x=45", "tint=blue"]))
        #expect(try String(contentsOfFile: studio.scene, encoding: .utf8) == Self.scene)
        // A later save of the file keeps the values set on the page.
        try studio.save(StudioLiveTests.edited)
        #expect(try events.next("reload", timeout: 5)?.data == #"{"version":3,"warnings":[]}"#)
        #expect(try studio.get("/api/frame.png?t=0.3").body == still(studio, at: "0.3", ["x=45", "tint=blue"]))
    }

    static let badEdits: [(body: String, message: String)] = [
        (#"{"y": 1}"#, #"y: the scene has no parameter "y" (did you mean "x"?)"#),
        (#"{"x": "abc"}"#, #"x: expected a number, found "abc""#),
        (#"{"tint": "blu"}"#, #"tint: expected a colour, found "blu" (did you mean "blue"?)"#),
        (#"{"x": [1]}"#, "x: expected a string, a number or a boolean, found an array of 1 item"),
        ("[]", ##"expected a JSON object of parameter names and values, such as {"accent": "#34C759"}"##),
    ]

    @Test func aValueTheSceneRefusesIs400AndChangesNothing() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let before = try studio.get("/api/frame.png?t=0.3").body
        for bad in Self.badEdits {
            let reply = try studio.post("/api/parameters", body: bad.body)
            #expect(reply.status == 400 && reply.text == bad.message + "\n", "\(bad.body): \(reply.status) \(reply.text)")
        }
        #expect(try studio.get("/api/frame.png?t=0.3").body == before)
        #expect(try studio.get("/api/scene").json()["version"] as? Int == 1)
    }

    @Test func aBadSetAtStartIsAUsageError() throws {
        let folder = NSTemporaryDirectory() + "reel-studio-set-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.scene.write(toFile: folder + "/scene.json", atomically: true, encoding: .utf8)
        let run = try Program.reel.run(["studio", folder + "/scene.json", "--port", "0", "--set", "x=abc"])
        #expect(run.status == 64 && run.stderr == "reel: --set x=abc: expected a number, found \"abc\"\n", "\(run.stderr)")
    }
}
