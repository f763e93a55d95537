import Foundation
import ProcessRunner
import Testing

/// The studio while its scene is edited and rendered: events on every save,
/// errors with their location, several pages at once, renders from the page.
@Suite struct StudioLiveTests {
    static let scene = StudioEndpointTests.scene
    static let edited = scene.replacingOccurrences(of: "\"radius\": 8", with: "\"radius\": 14")
    /// `radius` misspelt: line 5, column 32 is the key.
    static let broken = scene.replacingOccurrences(of: "\"radius\": 8", with: "\"radios\": 8")

    @Test func savingTheSceneSendsReloadWithinTwoSecondsAndChangesTheFrame() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let events = try EventReader(port: studio.port)
        #expect(try events.next(timeout: 5)?.name == "hello")
        let before = try studio.get("/api/frame.png?t=0.3").body
        let saved = Date()
        try studio.save(Self.edited)
        let reload = try #require(try events.next("reload", timeout: 2))
        #expect(Date().timeIntervalSince(saved) < 2)
        #expect(reload.data == #"{"version":2,"warnings":[]}"#)
        let after = try studio.get("/api/frame.png?t=0.3")
        #expect(after.headers["x-reel-version"] == "2")
        #expect(after.body != before)
    }

    @Test func anInvalidEditSendsTheLocatedErrorAndTheNextGoodSaveRecovers() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let events = try EventReader(port: studio.port)
        #expect(try events.next(timeout: 5)?.name == "hello")
        let good = try studio.get("/api/frame.png?t=0.3").body
        try studio.save(Self.broken)
        let error = try #require(try events.next("error", timeout: 2))
        let message = "\(studio.scene):5:32: $.layers[0].radios: unknown key \\\"radios\\\" in a node of type \\\"circle\\\"; "
            + "did you mean \\\"radius\\\"?\",\"\(studio.scene):5:13: $.layers[0]: a circle needs \\\"radius\\\" or \\\"size\\\"\"]"
        #expect(error.data.contains(message), "\(error.data)")
        #expect(error.data.hasSuffix(#"],"version":1}"#))
        // The last good version is still served, and the scene tells what is wrong.
        #expect(try studio.get("/api/frame.png?t=0.3").body == good)
        let described = try studio.get("/api/scene").json()
        #expect((described["errors"] as? [String])?.first?.hasPrefix("\(studio.scene):5:32: $.layers[0].radios") == true)
        try studio.save(Self.edited)
        #expect(try events.next("reload", timeout: 2)?.data == #"{"version":2,"warnings":[]}"#)
        #expect((try studio.get("/api/scene").json()["errors"] as? [String]) == [])
    }

    @Test func replacingAnImageAssetReloadsAndChangesTheFrame() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenes/assets").standardized.path
        let scene = """
            {"canvas": {"width": 40, "height": 40, "fps": 10, "duration": 1},
             "assets": {"images": {"picture": "picture.png"}},
             "layers": [{"type": "image", "image": "picture", "size": [40, 40], "position": [20, 20]}]}
            """
        let studio = try StudioProcess(sceneJSON: scene, before: { folder in
            try FileManager.default.copyItem(atPath: assets + "/card1.png", toPath: folder + "/picture.png")
        })
        defer { studio.stop() }
        let events = try EventReader(port: studio.port)
        #expect(try events.next(timeout: 5)?.name == "hello")
        let before = try studio.get("/api/frame.png?t=0")
        #expect(before.status == 200, "\(before.text)")
        let replacement = studio.folder + "/.picture.png.new"
        try FileManager.default.copyItem(atPath: assets + "/card2.png", toPath: replacement)
        #expect(rename(replacement, studio.folder + "/picture.png") == 0)
        #expect(try events.next("reload", timeout: 2)?.data == #"{"version":2,"warnings":[]}"#)
        #expect(try studio.get("/api/frame.png?t=0").body != before.body)
    }

    @Test func severalPagesAtOnceEachHearEveryReloadWhileFramesAreDrawn() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let streams = try (0..<3).map { _ in try EventReader(port: studio.port) }
        for s in streams { #expect(try s.next(timeout: 5)?.name == "hello") }
        let expected = try (0..<8).map { try studio.get("/api/frame.png?frame=\($0 * 2)").body }
        let replies = ReplyBox(count: 16)
        let port = studio.port, group = DispatchGroup()
        for i in 0..<16 {
            let thread = Thread {
                replies.set(i, try? HTTPReply.exchange(port: port, "GET /api/frame.png?frame=\((i % 8) * 2)", headers: [:]))
                group.leave()
            }
            group.enter()
            thread.start()
        }
        #expect(group.wait(timeout: .now() + 30) == .success)
        for i in 0..<16 {
            #expect(replies.get(i)?.status == 200 && replies.get(i)?.body == expected[i % 8], "request \(i)")
        }
        try studio.save(Self.edited)
        for (i, s) in streams.enumerated() { #expect(try s.next("reload", timeout: 2) != nil, "stream \(i)") }
    }

    @Test func renderFromThePageIsTheRenderOfReelRenderAndOneRunsAtATime() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let events = try EventReader(port: studio.port)
        #expect(try events.next(timeout: 5)?.name == "hello")
        let started = try studio.post("/api/render?format=mp4")
        #expect(started.status == 202, "\(started.text)")
        let second = try studio.post("/api/render")
        #expect(second.status == 409 && second.text.hasPrefix("a render is running"), "\(second.status) \(second.text)")
        var done: EventReader.Event?
        while let event = try events.next("render", timeout: 30) {
            if event.data.contains(#""state":"done""#) || event.data.contains(#""state":"failed""#) { done = event; break }
        }
        let finished = try #require(done)
        #expect(finished.data.contains(#""download":"/api/render/scene.mp4""#), "\(finished.data)")
        #expect(finished.data.contains(#""frame":20"#) && finished.data.contains(#""total":20"#))
        let file = try studio.get("/api/render/scene.mp4")
        #expect(file.status == 200 && file.headers["content-disposition"] == "attachment; filename=\"scene.mp4\"")
        let reference = studio.folder + "/../reference-\(UUID().uuidString).mp4"
        defer { try? FileManager.default.removeItem(atPath: reference) }
        #expect(try Program.reel.run(["render", studio.scene, "-o", reference, "--no-cache", "--quiet"]).status == 0)
        #expect(file.body == [UInt8](try #require(FileManager.default.contents(atPath: reference))))
        // Nothing was written beside the scene.
        #expect(try FileManager.default.contentsOfDirectory(atPath: studio.folder) == ["scene.json"])
        #expect(try studio.get("/api/render").text.contains(#""state":"done""#))
    }
}

/// Results of concurrent requests, one slot each.
final class ReplyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [HTTPReply?]
    init(count: Int) { replies = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ reply: HTTPReply?) { lock.lock(); replies[i] = reply; lock.unlock() }
    func get(_ i: Int) -> HTTPReply? { lock.lock(); defer { lock.unlock() }; return replies[i] }
}
