import Foundation
import ProcessRunner
import Testing

/// `reel studio` as a real process on a free loopback port: every endpoint,
/// the exact bytes of frames, the texts of bad requests.
@Suite struct StudioEndpointTests {
    /// 80×60 at 10 fps for 2 s: a dot that moves at 0.6 s and turns green at 1.2 s.
    static let scene = """
        {"canvas": {"width": 80, "height": 60, "fps": 10, "duration": 2, "background": "#102030"},
         "variables": {"x": 10, "tint": "#FF0000"},
         "timeline": [{"at": 0.5, "animation": {"curve": "easeOut", "duration": 0.5, "delay": 0.1}, "set": {"x": 60}},
                      {"at": 1.2, "set": {"tint": "#00FF00"}}],
         "layers": [{"type": "circle", "radius": 8, "position": [{"expr": "x"}, 30], "fill": {"expr": "tint"}}]}
        """

    @Test func framesAreByteIdenticalToReelStill() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let still = studio.folder + "/../still-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: still) }
        var seen = Set<[UInt8]>()
        for (query, args) in [("t=0", ["--time", "0"]), ("t=0.73", ["--time", "0.73"]), ("t=1.5", ["--time", "1.5"]),
                              ("t=0.73&scale=0.5", ["--time", "0.73", "--scale", "0.5"])] {
            let reply = try studio.get("/api/frame.png?" + query)
            #expect(reply.status == 200, "\(query): \(reply.text)")
            #expect(reply.headers["content-type"] == "image/png")
            let made = try Program.reel.run(["still", studio.scene, "-o", still] + args)
            #expect(made.status == 0, "\(made.stderr)")
            let expected = try #require(FileManager.default.contents(atPath: still))
            #expect(reply.body == [UInt8](expected), "\(query)")
            seen.insert(reply.body)
        }
        #expect(seen.count == 4, "the moments differ, so must their frames")
    }

    @Test func aFrameNumberIsTheFrameReelRenderDraws() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let dir = studio.folder + "/../frames-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try Program.reel.run(["render", studio.scene, "--format", "png", "-o", dir, "--frames", "7", "--no-cache", "--quiet"])
        #expect(made.status == 0, "\(made.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        let rendered = try #require(files.count == 1 ? FileManager.default.contents(atPath: dir + "/" + files[0]) : nil, "\(files)")
        let reply = try studio.get("/api/frame.png?frame=7")
        #expect(reply.status == 200)
        #expect(reply.body == [UInt8](rendered))
    }

    @Test func framesCarryAnETagAndAnUnchangedOneIs304() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let first = try studio.get("/api/frame.png?t=0.2")
        let etag = try #require(first.headers["etag"])
        #expect(first.headers["cache-control"] == "no-cache")
        #expect(etag.count == 66 && etag.hasPrefix("\"") && etag.hasSuffix("\""))
        let again = try studio.get("/api/frame.png?t=0.2", headers: ["If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty)
        // Frames 0.1 and 0.2 draw the same (nothing moves before 0.6 s): same key.
        #expect(try studio.get("/api/frame.png?t=0.1").headers["etag"] == etag)
        #expect(try studio.get("/api/frame.png?t=1.5").headers["etag"] != etag)
    }

    @Test func sceneDescribesCanvasTimingMarksAndParameters() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let reply = try studio.get("/api/scene")
        #expect(reply.status == 200 && reply.headers["content-type"] == "application/json")
        #expect(reply.text == ##"{"canvas":{"background":"#102030FF","height":60,"pixelHeight":60,"pixelWidth":80,"scale":1,"width":80},"##
                + #""duration":2,"errors":[],"file":"\#(studio.scene)","fps":10,"frames":20,"marks":[0.6,1.2],"#
                + #""parameters":[{"editable":true,"keyframed":false,"name":"x","set":false,"type":"number","value":10},"#
                + ##"{"editable":true,"keyframed":false,"name":"tint","set":false,"type":"color","value":"#FF0000FF"}],"##
                + #""poster":1,"posterFrame":10,"sound":false,"version":1,"warnings":[]}"#)
        #expect(try studio.get("/api/sound.wav").status == 404)
    }

    /// The mix the page plays: a clip of constant half-scale samples from
    /// 0.25 s comes back as 16-bit WAV of the scene's length, silent before
    /// the clip and at the clip's level after.
    @Test func soundMixIsServedAsWAV() throws {
        let scene = #"{"canvas": {"width": 8, "height": 8, "fps": 10, "duration": 1}, "audio": [{"file": "half.wav", "start": 0.25}]}"#
        let studio = try StudioProcess(sceneJSON: scene) { folder in
            var d = Data()
            func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
            func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
            let frames = 48_000, size = UInt32(frames * 4)
            d.append(contentsOf: Array("RIFF".utf8)); u32(36 + size); d.append(contentsOf: Array("WAVE".utf8))
            d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(2); u32(48_000); u32(192_000); u16(4); u16(16)
            d.append(contentsOf: Array("data".utf8)); u32(size)
            for _ in 0..<(frames * 2) { u16(16_384) }
            try d.write(to: URL(fileURLWithPath: folder + "/half.wav"))
        }
        defer { studio.stop() }
        #expect(try studio.get("/api/scene").json()["sound"] as? Bool == true)
        let reply = try studio.get("/api/sound.wav")
        #expect(reply.status == 200 && reply.headers["content-type"] == "audio/wav")
        try #require(reply.body.count == 44 + 48_000 * 4)
        func sample(at seconds: Double) -> Int16 {
            let i = 44 + Int(seconds * 48_000) * 4
            return Int16(bitPattern: UInt16(reply.body[i]) | UInt16(reply.body[i + 1]) << 8)
        }
        #expect(sample(at: 0.1) == 0)
        // 16384 / 32768 = 0.5 mixed, × 32767 = 16383.5, rounded away from zero.
        #expect(sample(at: 0.5) == 16_384)
        #expect(sample(at: 0.9) == 16_384)
    }

    @Test func marksOfALoopingSceneAreThoseOfOnePass() throws {
        let looping = """
            {"canvas": {"width": 20, "height": 20, "fps": 10, "duration": 3}, "variables": {"a": 0}, "loop": 1,
             "timeline": [{"at": 0.25, "animation": {"duration": 0.2, "delay": 0.25}, "set": {"a": 1}},
                          {"at": 0.8, "set": {"a": 2}}, {"at": 1.5, "set": {"a": 3}}],
             "layers": [{"type": "rect", "size": [{"expr": "a * 5 + 1"}, 10], "fill": "red"}]}
            """
        let studio = try StudioProcess(sceneJSON: looping)
        defer { studio.stop() }
        let described = try studio.get("/api/scene").json()
        #expect(described["marks"] as? [Double] == [0.5, 0.8] && described["loop"] as? Double == 1, "\(described)")
    }

    @Test func valuesAreTheVariablesAtTheMoment() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        #expect(try studio.get("/api/values?t=0.3").text
                == ##"{"frame":3,"time":0.3,"values":[{"name":"x","value":10},{"name":"tint","value":"#FF0000FF"}]}"##)
        #expect(try studio.get("/api/values?frame=15").text
                == ##"{"frame":15,"time":1.5,"values":[{"name":"x","value":60},{"name":"tint","value":"#00FF00FF"}]}"##)
    }

    /// At 25 fps frame 29 is drawn at 29 / 25 = 1.16 s, and 1.16 × 25 is
    /// 28.999999999999996: the studio's floor(t × fps) named frame 28 for
    /// frame 29's own time (its values, the page's poster frame), where the
    /// scene's rule, which draws the frames, says 29.
    @Test func aFramesOwnTimeIsThatFrameNotFloorOfTimeTimesFPS() throws {
        let studio = try StudioProcess(sceneJSON: """
            {"canvas": {"width": 20, "height": 20, "fps": 25, "duration": 2}, "poster": 1.16, "variables": {"a": 1},
             "layers": [{"type": "circle", "radius": 3, "position": [{"expr": "frame / 5"}, 10], "fill": "white"}]}
            """)
        defer { studio.stop() }
        #expect(try studio.get("/api/values?frame=29").text == #"{"frame":29,"time":1.16,"values":[{"name":"a","value":1}]}"#)
        #expect(try studio.get("/api/values?t=1.16").text == #"{"frame":29,"time":1.16,"values":[{"name":"a","value":1}]}"#)
        #expect(try studio.get("/api/scene").json()["posterFrame"] as? Int == 29)
        // The moment and the frame are one picture.
        #expect(try studio.get("/api/frame.png?t=1.16").body == studio.get("/api/frame.png?frame=29").body)
    }

    static let badRequests: [(request: String, status: Int, message: String)] = [
        ("/api/frame.png?t=abc", 400, "t expects seconds ≥ 0, found 'abc'"),
        ("/api/frame.png?t=-1", 400, "t expects seconds ≥ 0, found '-1'"),
        ("/api/frame.png?t=2.5", 400, "t=2.5: the scene lasts 2 s"),
        ("/api/frame.png?frame=1.5", 400, "frame expects a frame number ≥ 0, found '1.5'"),
        ("/api/frame.png?frame=20", 400, "frame=20: the scene has 20 frames (0-19)"),
        ("/api/frame.png?t=1&frame=2", 400, "give t or frame, not both"),
        ("/api/frame.png?t=1&scale=0", 400, "scale expects pixels per point, more than 0 and at most 16, found '0'"),
        ("/api/frame.png?time=1", 400, "unknown query argument 'time'; expected frame, scale, t"),
        ("/api/values?t=1&scale=2", 400, "unknown query argument 'scale'; expected frame, t"),
        ("/api/scene?x=1", 400, "unknown query argument 'x'; /api/scene takes none"),
        ("/api/nothing", 404, "not found: /api/nothing"),
        ("/index.php", 404, "not found: /index.php"),
        ("/api/render/scene.mp4", 404, "no finished render called 'scene.mp4'"),
    ]

    @Test func badRequestsAreAnsweredWithAMessage() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        for bad in Self.badRequests {
            let reply = try studio.get(bad.request)
            #expect(reply.status == bad.status && reply.text == bad.message + "\n", "\(bad.request): \(reply.status) \(reply.text)")
        }
        let post = try studio.post("/api/scene")
        #expect(post.status == 405 && post.text == "POST is not allowed on /api/scene\n")
        let format = try studio.post("/api/render?format=avi")
        #expect(format.status == 400 && format.text == "format expects mp4, webm, mov, gif, found 'avi'\n")
    }

    @Test func thePageAndItsFilesAreServed() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let page = try studio.get("/")
        #expect(page.status == 200 && page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("<script src=\"studio.js\""))
        #expect(try studio.get("/studio.js").headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(try studio.get("/studio.css").headers["content-type"] == "text/css; charset=utf-8")
    }

    @Test func ctrlCStopsTheStudioWithOpenStreams() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        let events = try EventReader(port: studio.port)
        #expect(try events.next(timeout: 5)?.name == "hello")
        #expect(studio.stop() == 130)
        #expect(try events.next(timeout: 5) == nil, "the stream ends")
    }

    @Test func aMissingSceneFileDoesNotStart() throws {
        let run = try Program.reel.run(["studio", "/nonexistent/scene.json", "--port", "0"])
        #expect(run.status == 66 && run.stderr == "reel: cannot read scene /nonexistent/scene.json: no such file\n")
        let port = try Program.reel.run(["studio", "/nonexistent/scene.json", "--port", "70000"])
        #expect(port.status == 64 && port.stderr == "reel: --port expects a number from 0 to 65535, found '70000'\n")
        let scene = NSTemporaryDirectory() + "reel-studio-host-\(UUID().uuidString).json"
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let host = try Program.reel.run(["studio", scene, "--host", "example.com"])
        #expect(host.status == 64
                && host.stderr == "reel: --host expects an IP address such as 127.0.0.1 or ::1, found 'example.com'\n")
    }
}
