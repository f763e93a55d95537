import Foundation
import Media
import ProcessRunner
import SceneModel
import Testing
@testable import Pipeline

/// The scene's sound mixed from its clips: where each clip's samples land,
/// how the volume curve shapes them, that any stretch of the mix is the same
/// bits, and that an encoded render holds exactly as many samples as an
/// encode of the mix made on its own. Sources are made at test time by
/// FFmpeg's `lavfi` generators.
@Suite final class SoundMixTests {
    let folder = NSTemporaryDirectory() + "reel-sound-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs ffmpeg quietly.
    func ffmpeg(_ args: [String]) throws {
        let ffmpeg = try #require(Program.onPath("ffmpeg"))
        let r = try ffmpeg.run(["-hide_banner", "-loglevel", "error", "-y"] + args, timeout: 120)
        #expect(r.status == 0, "ffmpeg \(args): \(r.stderr)")
    }

    /// A WAV of 32-bit float samples from an `aevalsrc` expression per channel.
    func source(_ name: String, _ expressions: String, seconds: Double, rate: Int = 48_000) throws -> String {
        try ffmpeg(["-f", "lavfi", "-i", "aevalsrc=\(expressions):s=\(rate):d=\(seconds)", "-c:a", "pcm_f32le", folder + "/" + name])
        return name
    }

    /// The scene's sound, decoded as a render that writes it decodes it.
    func prepared(_ json: String) throws -> PreparedScene {
        let path = folder + "/scene-\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return try PreparedScene.load(path, sound: true)
    }

    /// Every sample of the first audio stream of `path`, decoded by ffmpeg to interleaved float.
    func decoded(_ path: String) throws -> [Float] {
        try ffmpeg(["-i", path, "-map", "0:a", "-f", "f32le", path + ".f32"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path + ".f32"))
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    static func scene(duration: Double, fps: Int = 10, audio: String) -> String {
        ##"{"canvas": {"width": 16, "height": 12, "fps": \##(fps), "duration": \##(duration), "background": "#203040"}, "##
            + ##""layers": [{"type": "rect", "size": [4, 4], "position": {"keyframes": [{"t": 0, "value": [2, 6]}, {"t": \##(duration), "value": [14, 6]}]}, "fill": "white"}], "##
            + ##""audio": \##(audio)}"##
    }

    /// A linear ramp from 0 to 1 over the first second: the per-block
    /// evaluation joins its values by straight lines, so every sample is on
    /// the ramp, from scene time, on both channels.
    @Test func volumeFollowsItsCurveInSceneTime() throws {
        let file = try source("level.wav", "0.5|0.25", seconds: 2)
        let scene = try prepared(Self.scene(duration: 2, audio: #"[{"file": "\#(file)", "volume": {"keyframes": [{"t": 0, "value": 0}, {"t": 1, "value": 1}]}}]"#))
        let mix = scene.sound.samples(from: 0, count: 96_000).interleaved
        var worst: Float = 0
        for k in stride(from: 0, to: 96_000, by: 7) {
            let v = Float(min(Double(k) / 48_000, 1))
            worst = max(worst, abs(mix[2 * k] - 0.5 * v), abs(mix[2 * k + 1] - 0.25 * v))
        }
        #expect(worst < 1e-6, "largest error \(worst)")
    }

    /// `in`, `out`, `start` and `loop` place source samples exactly: the
    /// source's value is its own time, so each mixed sample says where it came from.
    @Test func trimAndLoopPlaceTheSourceSamples() throws {
        let file = try source("clock.wav", "n/48000|0", seconds: 1)
        let scene = try prepared(Self.scene(duration: 2, audio: #"[{"file": "\#(file)", "start": 0.5, "in": 0.25, "out": 0.75, "loop": true}]"#))
        let mix = scene.sound.samples(from: 0, count: 96_000).interleaved
        var wrong: [Int] = []
        for p in 0..<96_000 {
            let expected: Float = p < 24_000 ? 0 : Float(12_000 + (p - 24_000) % 24_000) / 48_000
            if mix[2 * p] != expected || mix[2 * p + 1] != 0 { wrong.append(p) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) samples misplaced, first at \(wrong.first ?? -1)")
        // Without `loop` the stretch plays once; `gain` −6.0206 dB halves it.
        let once = try prepared(Self.scene(duration: 2, audio: #"[{"file": "\#(file)", "start": 0.5, "in": 0.25, "out": 0.75, "gain": -6.0206}]"#))
        let single = once.sound.samples(from: 0, count: 96_000).interleaved
        #expect(abs(single[2 * 24_200] - Float(12_200) / 48_000 / 2) < 1e-6)
        #expect(single[2 * 48_000] == 0 && single[2 * 95_999] == 0)
    }

    /// Any stretch of the mix is the same bits as that stretch of the whole,
    /// whichever block boundary it starts on, and two loads agree: the mix
    /// is a pure function of the scene.
    @Test func anyStretchIsTheSameSamples() throws {
        let a = try source("a.wav", "sin(2*PI*440*t)/4|sin(2*PI*550*t)/4", seconds: 1.3)
        let b = try source("b.wav", "sin(2*PI*220*t)/3", seconds: 0.7, rate: 44_100)
        let json = Self.scene(duration: 3, audio: #"""
            [{"file": "\#(a)", "start": 0.2, "volume": {"keyframes": [{"t": 0, "value": 0.2}, {"t": 2.5, "value": 1, "curve": "easeInOut"}]}},
             {"file": "\#(b)", "start": 1.01, "loop": true, "gain": -3, "volume": {"expr": "0.5 + 0.5 * sin(t * 90)"}}]
            """#)
        let whole = try prepared(json).sound.samples(from: 0, count: 144_000).interleaved
        #expect(whole == (try prepared(json)).sound.samples(from: 0, count: 144_000).interleaved)
        let scene = try prepared(json)
        for (first, count) in [(0, 1), (17, 1_000), (48_031, 20_000), (100_000, 44_000)] {
            let part = scene.sound.samples(from: first, count: count).interleaved
            #expect(part[...] == whole[(2 * first)..<(2 * (first + count))], "from \(first)")
        }
    }

    /// A 44.1 kHz MP3 comes out at 48 kHz, its length kept within a millisecond.
    @Test func mp3IsResampledTo48kHz() throws {
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2", "-c:a", "libmp3lame", folder + "/tone.mp3"])
        let samples = try SoundDecoder.decode(contentsOf: folder + "/tone.mp3")
        #expect(abs(samples.frameCount - 96_000) <= 48, "\(samples.frameCount) frames")
        #expect(samples.interleaved.count == 2 * samples.frameCount)
    }

    /// The scene of the format's example: a 44.1 kHz MP3 from 1.5 s and a
    /// 48 kHz WAV under a volume ramp. Its MP4 decodes to as many samples as
    /// the same mix encoded in one pass by FFmpeg, and to that mix (AAC is
    /// lossy: within 30 dB).
    @Test func mp4HoldsTheMixSampleForSample() throws {
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=330:sample_rate=44100:duration=3", "-c:a", "libmp3lame", folder + "/tone.mp3"])
        let wav = try source("ramp.wav", "sin(2*PI*500*t)/3|sin(2*PI*600*t)/3", seconds: 3)
        let path = folder + "/two.json"
        try Self.scene(duration: 3, audio: #"""
            [{"file": "tone.mp3", "start": 1.5},
             {"file": "\#(wav)", "volume": {"keyframes": [{"t": 0, "value": 0}, {"t": 2, "value": 1}]}}]
            """#).write(toFile: path, atomically: true, encoding: .utf8)
        try RenderBatch([RenderRequest(scenePath: path, videoPath: folder + "/two.mp4")], jobs: 2, progress: .quiet).run()

        let mix = try PreparedScene.load(path, sound: true).sound.samples(from: 0, count: 144_000)
        try mix.interleaved.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: folder + "/mix.f32")) }
        try ffmpeg(["-f", "f32le", "-ar", "48000", "-ac", "2", "-i", folder + "/mix.f32", "-c:a", "aac", folder + "/mix.m4a"])
        let rendered = try decoded(folder + "/two.mp4"), onePass = try decoded(folder + "/mix.m4a")
        #expect(rendered.count == onePass.count, "\(rendered.count / 2) against \(onePass.count / 2) frames")
        var signal = 0.0, noise = 0.0
        for i in 0..<min(rendered.count, mix.interleaved.count) {
            signal += Double(mix.interleaved[i] * mix.interleaved[i])
            noise += Double((rendered[i] - mix.interleaved[i]) * (rendered[i] - mix.interleaved[i]))
        }
        #expect(10 * log10(signal / noise) > 30, "signal to noise \(10 * log10(signal / noise)) dB")
    }
}
