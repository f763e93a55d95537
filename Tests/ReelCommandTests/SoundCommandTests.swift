import Foundation
import ProcessRunner
import Testing

/// Scenes with sound rendered by the built `reel` as users run it: split
/// renders joined back decode to the 1-process render's samples, a click
/// meets the frame it belongs to, scenes without sound stay without, and
/// bad sound files are refused with exact messages before anything is written.
@Suite final class SoundCommandTests {
    let folder = NSTemporaryDirectory() + "reel-sound-cli-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func reel(_ args: [String]) throws -> ProcessResult {
        try Program.reel.run(args, environment: ["REEL_CACHE_DIR": folder + "/cache"], in: folder, timeout: 300)
    }

    /// Runs ffmpeg or ffprobe quietly; its standard output.
    @discardableResult
    func tool(_ name: String, _ args: [String]) throws -> String {
        let program = try #require(Program.onPath(name))
        let r = try program.run(["-v", "error"] + args, timeout: 120)
        #expect(r.status == 0, "\(name) \(args): \(r.stderr)")
        return r.stdout
    }

    /// What ffmpeg decodes `path`'s stream `map` ("0:a", "0:v") to, in the raw
    /// `format` ("f32le", "rawvideo") with `options`, as bytes.
    func decoded(_ path: String, _ map: String, as format: String, _ options: [String] = []) throws -> Data {
        let raw = path + "." + map.replacingOccurrences(of: ":", with: "") + ".raw"
        try tool("ffmpeg", ["-y", "-i", path, "-map", map, "-f", format] + options + [raw])
        return try Data(contentsOf: URL(fileURLWithPath: raw))
    }

    /// The first sound stream of `path` decoded to interleaved float, as bytes.
    func samples(_ path: String) throws -> Data {
        try decoded(path, "0:a", as: "f32le")
    }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return folder + "/" + name
    }

    /// A WAV file's bytes: 16-bit PCM `frames` (interleaved), with `rate`,
    /// `format` (1 = PCM) and a data size as given, or the true one.
    static func wav(rate: UInt32 = 48_000, channels: UInt16 = 2, format: UInt16 = 1, frames: [Int16],
                    declaredDataSize: UInt32? = nil) -> Data {
        var d = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        let size = UInt32(frames.count * 2)
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + (declaredDataSize ?? size)); d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(format); u16(channels); u32(rate)
        u32(rate * UInt32(channels) * 2); u16(channels * 2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(declaredDataSize ?? size)
        for v in frames { u16(UInt16(bitPattern: v)) }
        return d
    }

    /// Both fixtures of the format's example: a 44.1 kHz MP3 and a 48 kHz WAV.
    func makeSources() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2",
                            "-c:a", "libmp3lame", folder + "/tone.mp3"])
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000:duration=4", "-ac", "2",
                            folder + "/pad.wav"])
    }

    /// Four seconds at 10 fps, a GOP of 5 frames: 8 GOPs to split four ways.
    static let twoClips = ##"""
        {"canvas": {"width": 32, "height": 24, "fps": 10, "duration": 4, "background": "#203040"},
         "layers": [{"type": "circle", "radius": 5, "fill": "white",
                     "position": {"keyframes": [{"t": 0, "value": [4, 12]}, {"t": 4, "value": [28, 12]}]}}],
         "audio": [{"file": "tone.mp3", "start": 1.5, "loop": true, "gain": -3},
                   {"file": "pad.wav", "in": 0.5, "volume": {"keyframes": [{"t": 0, "value": 0}, {"t": 3, "value": 1, "curve": "easeIn"}]}}]}
        """##

    /// `--shard K/4` joined by `reel concat`, and `--chunks 4`, decode to the
    /// samples of the 1-process render, bit for bit; MP4 and QuickTime joins
    /// are its very bytes.
    @Test(arguments: ["mp4", "webm", "mov"])
    func splitRendersKeepTheSoundExact(format: String) throws {
        try makeSources()
        let scene = try write("two.json", Self.twoClips)
        let options = ["--gop", "5", "--no-cache", "--quiet", "--jobs", "2"]
        let one = try reel(["render", scene, "-o", "one.\(format)"] + options)
        #expect(one.status == 0, "\(one.stderr)")
        for k in 0..<4 {
            let part = try reel(["render", scene, "--shard", "\(k)/4", "--format", format, "-o", "parts/"] + options)
            #expect(part.status == 0, "\(part.stderr)")
        }
        let join = try reel(["concat", "parts/", "-o", "joined.\(format)", "--quiet"])
        #expect(join.status == 0, "\(join.stderr)")
        let chunked = try reel(["render", scene, "-o", "chunked.\(format)", "--chunks", "4"] + options)
        #expect(chunked.status == 0, "\(chunked.stderr)")

        let reference = try samples(folder + "/one.\(format)")
        // 4 s at 48 kHz; AAC decoders give whole 1,024-sample frames (188),
        // as FFmpeg's own AAC files do.
        #expect(reference.count == (format == "webm" ? 192_000 : 192_512) * 2 * 4, "\(reference.count) bytes")
        #expect(try samples(folder + "/joined.\(format)") == reference)
        #expect(try samples(folder + "/chunked.\(format)") == reference)
        if format != "webm" {
            #expect(FileManager.default.contentsEqual(atPath: folder + "/one.\(format)", andPath: folder + "/joined.\(format)"))
        }
        // Only chunk 0 carries the sound.
        let streams = try tool("ffprobe", ["-show_entries", "stream=codec_type", "-of", "csv=p=0",
                                           folder + "/parts/two.part-1-of-4.\(format)"])
        #expect(streams == "video\n")
    }

    /// A click placed at a frame's time is heard within 1 ms of when that
    /// frame (the only one showing a flash) is presented.
    @Test(arguments: ["mp4", "webm"])
    func aClickMeetsItsFlash(format: String) throws {
        var click = [Int16](repeating: 0, count: 2 * 4_800)
        click[0] = 30_000
        click[1] = 30_000
        try Self.wav(frames: click).write(to: URL(fileURLWithPath: folder + "/click.wav"))
        let scene = try write("flash.json", ##"""
            {"canvas": {"width": 16, "height": 16, "fps": 25, "duration": 1.2, "background": "black"},
             "layers": [{"type": "rect", "size": [16, 16], "position": [8, 8], "fill": "white",
                         "visible": {"keyframes": [{"t": 0, "value": false}, {"t": 0.68, "value": true}, {"t": 0.7, "value": false}]}}],
             "audio": [{"file": "click.wav", "start": 0.68}]}
            """##)
        let r = try reel(["render", scene, "-o", "flash.\(format)", "--no-cache", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let video = folder + "/flash.\(format)"

        let pixels = try decoded(video, "0:v", as: "rawvideo", ["-pix_fmt", "gray"])
        let frames = stride(from: 0, to: pixels.count, by: 256).map { pixels[pixels.startIndex + $0 + 136] }
        let lit = frames.indices.filter { frames[$0] > 128 }
        #expect(lit == [17], "flash in frames \(lit)")
        let listing = try tool("ffprobe", ["-select_streams", "v", "-show_entries", "frame=best_effort_timestamp_time", "-of", "json", video])
        let times = ((try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [String: Any])?["frames"] as? [[String: Any]] ?? [])
            .compactMap { ($0["best_effort_timestamp_time"] as? String).flatMap(Double.init) }
        guard let flash = lit.first, flash < times.count else { Issue.record("no frame times"); return }

        let sound = try samples(video).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let loudest = stride(from: 0, to: sound.count, by: 2).max { abs(sound[$0]) < abs(sound[$1]) }! / 2
        let heard = Double(loudest) / 48_000
        #expect(abs(heard - times[flash]) <= 0.001, "click at \(heard) s, flash at \(times[flash]) s")
    }

    /// A scene without `audio` makes a video without a sound stream, and a
    /// GIF or PNG frames of a scene with sound say they leave it out.
    @Test func noSoundNoStream() throws {
        try makeSources()
        let silent = try write("silent.json", ##"{"canvas": {"width": 16, "height": 12, "fps": 10, "duration": 0.5}, "layers": []}"##)
        for format in ["mp4", "webm", "mov"] {
            let r = try reel(["render", silent, "-o", "silent.\(format)", "--no-cache", "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            let streams = try tool("ffprobe", ["-show_entries", "stream=codec_type", "-of", "csv=p=0", folder + "/silent.\(format)"])
            #expect(streams == "video\n", "\(format)")
        }
        let scene = try write("two.json", Self.twoClips)
        let gif = try reel(["render", scene, "-o", "two.gif", "--no-cache", "--frames", "0-1"])
        #expect(gif.status == 0)
        #expect(gif.stderr.hasPrefix("two.gif: note: a GIF stores no sound; the scene's audio is left out\n"), "\(gif.stderr)")
        let png = try reel(["render", scene, "--png-dir", "frames", "--no-cache", "--frames", "0-1"])
        #expect(png.stderr.hasPrefix("frames: note: PNG frames store no sound; the scene's audio is left out\n"), "\(png.stderr)")
    }

    /// `reel info` lists the clips; an audio parameter set on the command line
    /// names another file.
    @Test func infoListsTheTracks() throws {
        try makeSources()
        let scene = try write("param.json", ##"""
            {"canvas": {"width": 16, "height": 12, "fps": 10, "duration": 4},
             "variables": {"music": {"audio": "tone.mp3"}},
             "audio": [{"file": "music", "start": 1.5, "loop": true, "gain": -3},
                       {"file": "pad.wav", "in": 0.5, "out": 1.25, "volume": {"expr": "t / 4"}}]}
            """##)
        let r = try reel(["info", scene, "--no-estimate"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("""
              sound     tone.mp3: at 1.5 s for 2.5 s, file 0–2 s, looped, gain -3 dB (parameter music)
                        pad.wav: at 0 s for 0.75 s, file 0.5–1.25 s, gain 0 dB, volume animated
              params    music (audio) = tone.mp3

            """), "\(r.stdout)")
        let other = try reel(["info", scene, "--no-estimate", "--set", "music=pad.wav"])
        #expect(other.stdout.contains("  sound     \(folder)/pad.wav: at 1.5 s for 2.5 s, file 0–2.5 s, looped, gain -3 dB (parameter music)\n"),
                "\(other.stdout)")
        let wrong = try reel(["render", scene, "--set", "music=notes.txt"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "reel: --set music=notes.txt: expected a sound file (a path ending in .wav, .aiff, .flac, .mp3, .m4a, .aac, .opus or .ogg), found \"notes.txt\"\n")
    }

    static let badFiles: [(name: String, bytes: Data, message: String)] = [
        ("missing.wav", Data(), "cannot read missing.wav: No such file or directory"),
        ("rate0.wav", wav(rate: 0, frames: [Int16](repeating: 0, count: 960)),
         "cannot decode rate0.wav: its header is not valid (invalid sample rate: 0)"),
        ("short.wav", wav(frames: [Int16](repeating: 0, count: 9_600), declaredDataSize: 400_000),
         "cannot decode short.wav: damaged or cut off at 0.085 s (the file ends inside a packet)"),
        ("odd.wav", wav(format: 0x9999, frames: [Int16](repeating: 0, count: 960)),
         "cannot decode odd.wav: no decoder for its sound (codec unknown, tag 0x9999)"),
        ("notes.mp3", Data("these are words, not sound\n".utf8),
         "cannot decode notes.mp3: its header is not valid (failed to read frame size: Could not seek to 1050)"),
        ("notes.wav", Data("these are words, not sound\n".utf8),
         "cannot decode notes.wav: not a sound file (Invalid data found when processing input)"),
    ]

    /// Each bad file is reported at the clip that names it, exit status 65,
    /// and nothing is written.
    @Test(arguments: badFiles.indices)
    func badSoundFilesAreRefused(index: Int) throws {
        let (name, bytes, message) = Self.badFiles[index]
        if !bytes.isEmpty { try bytes.write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let scene = try write("bad.json", "{\"canvas\": {\"width\": 8, \"height\": 8, \"fps\": 10, \"duration\": 1},\n \"audio\": [{\"file\": \"\(name)\"}]}")
        let r = try reel(["render", scene, "-o", "bad.mp4", "--no-cache"])
        #expect(r.status == 65)
        #expect(r.stderr == "\(scene):2:21: $.audio[0].file: \(message.replacingOccurrences(of: "\(name):", with: "\(folder)/\(name):"))\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.mp4"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty)
    }
}
