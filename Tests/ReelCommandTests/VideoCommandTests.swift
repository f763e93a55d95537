import Foundation
import ProcessRunner
import Testing

/// Video layers through the built `reel`: a layer's sound reaches the
/// written mix from its `begin`, `reel info` lists the layer, and bad
/// clips are refused where the scene names them, exit status 65, nothing
/// written.
@Suite final class VideoCommandTests {
    let folder = NSTemporaryDirectory() + "reel-video-cli-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func reel(_ args: [String]) throws -> ProcessResult {
        try Program.reel.run(args, environment: ["REEL_CACHE_DIR": folder + "/cache"], in: folder, timeout: 300)
    }

    @discardableResult
    func tool(_ name: String, _ args: [String]) throws -> String {
        let program = try #require(Program.onPath(name))
        let r = try program.run(["-v", "error"] + args, in: folder, timeout: 120)
        try #require(r.status == 0, "\(name) \(args): \(r.stderr)")
        return r.stdout
    }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return folder + "/" + name
    }

    /// Two seconds of 64×48 picture at 30000/1001 fps with a 440 Hz tone.
    func makeClip() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30000/1001:d=2", "-f", "lavfi",
                            "-i", "sine=frequency=440:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
                            "-shortest", "clip.mp4"])
    }

    /// The layer begins at 1 s and plays its first second: the written
    /// sound is silent before 1 s and carries the tone after it.
    @Test func layerSoundReachesTheMix() throws {
        try makeClip()
        let scene = try write("scene.json", #"""
            {"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 2.5},
             "layers": [{"type": "video", "video": "clip.mp4", "begin": 1, "out": 1, "audio": true}]}
            """#)
        let r = try reel(["render", scene, "-o", "out.mp4", "--no-cache"])
        try #require(r.status == 0, "\(r.stderr)")
        try tool("ffmpeg", ["-y", "-i", "out.mp4", "-map", "0:a", "-ac", "1", "-ar", "48000", "-f", "f32le", "out.raw"])
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/out.raw"))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        func rms(_ from: Double, _ to: Double) -> Double {
            let part = samples[Int(from * 48_000)..<min(Int(to * 48_000), samples.count)]
            return (part.reduce(0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot()
        }
        #expect(Double(samples.count) / 48_000 > 2.4, "\(samples.count) samples")
        #expect(rms(0.05, 0.9) < 0.001)
        #expect(rms(1.1, 1.9) > 0.05)
        #expect(rms(2.1, 2.4) < 0.001)
    }

    @Test func infoListsVideoLayers() throws {
        try makeClip()
        let scene = try write("scene.json", #"""
            {"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 1},
             "layers": [{"type": "video", "video": "clip.mp4", "begin": 0.5, "in": 0.25, "rate": 2, "loop": true}]}
            """#)
        let r = try reel(["info", scene])
        #expect(r.status == 0)
        #expect(r.stdout.contains("\n  video     clip.mp4: 64×48, 60 frames in 2.002 s; at 0.5 s, file 0.25–2.002 s at 2×, looped\n"),
                "\(r.stdout)")
    }

    static let scenePrefix = "{\"canvas\": {\"width\": 64, \"height\": 48, \"fps\": 10, \"duration\": 1},\n \"layers\": [{\"type\": \"video\", \"video\": "

    /// A missing file, a cut-off one, text named .mp4, and a codec FFmpeg
    /// encodes but cannot decode (a64multi): each reported at the layer.
    @Test(arguments: ["missing", "truncated", "text", "codec"])
    func badClipsAreRefused(case name: String) throws {
        let file: String, message: String
        switch name {
        case "missing":
            file = "missing.mp4"
            message = "cannot read \(folder)/missing.mp4: No such file or directory"
        case "truncated":
            try makeClip()
            let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/clip.mp4"))
            try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder + "/cut.mp4"))
            file = "cut.mp4"
            message = "cannot read \(folder)/cut.mp4: not a video file (Invalid data found when processing input)"
        case "text":
            try Data("these are words, not video\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.mp4"))
            file = "notes.mp4"
            message = "cannot read \(folder)/notes.mp4: not a video file (Invalid data found when processing input)"
        default:
            try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=320x200:d=0.2", "-c:v", "a64multi", "-pix_fmt", "gray",
                                "a64.mov"])
            file = "a64.mov"
            message = "cannot decode \(folder)/a64.mov: unsupported video codec with the tag 'a64m'"
        }
        let scene = try write("bad.json", Self.scenePrefix + "\"\(file)\"}]}")
        let r = try reel(["render", scene, "-o", "bad.mp4", "--no-cache"])
        #expect(r.status == 65)
        #expect(r.stderr == "\(scene):2:40: $.layers[0].video: \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.mp4"))
    }

    /// A video's sound is mixed at rate 1 only; a file that is no video is
    /// refused by its name before anything is opened.
    @Test func soundAtAnotherRateAndNonVideoNamesAreRefused() throws {
        let fast = try write("fast.json", Self.scenePrefix + "\"clip.mp4\", \"rate\": 2, \"audio\": true}]}")
        let r = try reel(["render", fast, "-o", "bad.mp4"])
        #expect(r.status == 65)
        #expect(r.stderr == "\(fast):2:72: $.layers[0].audio: a video's sound plays only at rate 1; this layer's rate is 2 (take the sound out with \"audio\": false, or play it as an audio clip)\n")
        let wav = try write("wav.json", Self.scenePrefix + "\"tone.wav\"}]}")
        let w = try reel(["render", wav, "-o", "bad.mp4"])
        #expect(w.status == 65)
        #expect(w.stderr == "\(wav):2:40: $.layers[0].video: expected a video file (a path ending in .mp4, .m4v, .mov, .webm, .mkv, .gif) or the name of a video parameter, found \"tone.wav\"\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.mp4"))
    }

    /// A `video` parameter lets each run pick its clip.
    @Test func videoParameterPicksTheClip() throws {
        try makeClip()
        let scene = try write("param.json", #"""
            {"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 1},
             "variables": {"clip": {"video": "none.mp4"}},
             "layers": [{"type": "video", "video": "clip"}]}
            """#)
        let missing = try reel(["render", scene, "-o", "out.mp4", "--no-cache"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("$.layers[0].video: cannot read \(folder)/none.mp4: No such file or directory"), "\(missing.stderr)")
        let r = try reel(["render", scene, "-o", "out.mp4", "--no-cache", "--set", "clip=clip.mp4"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out.mp4"))
    }
}
