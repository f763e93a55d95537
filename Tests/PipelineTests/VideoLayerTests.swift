import Foundation
import Pipeline
import Pixels
import ProcessRunner
import Testing

/// Video layers drawn from clips ffmpeg makes in the test: at each scene
/// time the frame drawn at natural size is ffmpeg's own decode of the
/// source frame whose presentation interval holds that time (PSNR ≥ 50 dB,
/// its neighbour scoring lower), for a 30000/1001 clip, a variable-rate
/// clip and an edit-listed MOV, asked for out of order; alpha survives
/// ProRes 4444 and VP9; a GIF plays.
@Suite final class VideoLayerTests {
    let folder = NSTemporaryDirectory() + "reel-video-" + UUID().uuidString
    /// BT.709-tagged, so ffmpeg converts with the matrix Reel reads it with.
    static let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]

    /// Turns the hue 11° a frame: at 64×48 testsrc2's own motion leaves
    /// some neighbouring frames equal, and a check that cannot tell
    /// neighbours apart cannot fail.
    static let hueTurn = "hue=h=n*11"

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    @discardableResult
    func tool(_ name: String, _ args: [String]) throws -> String {
        let program = try #require(Program.onPath(name))
        let r = try program.run(["-v", "error"] + args, in: folder, timeout: 120)
        try #require(r.status == 0, "\(name) \(args): \(r.stderr)")
        return r.stdout
    }

    /// Every frame ffmpeg decodes from `clip`, as RGBA converted as Reel
    /// converts a video layer's frames (swscale's fast unscaled path, as
    /// the ffmpeg command converts by default),
    /// with its presentation time in seconds from the first.
    func ffmpegFrames(_ clip: String, width: Int = 64, height: Int = 48) throws -> [(time: Double, pixels: [UInt8])] {
        let times = try tool("ffprobe", ["-select_streams", "v", "-show_entries", "frame=best_effort_timestamp_time",
                                         "-of", "csv=p=0", clip])
            .split(whereSeparator: \.isNewline).compactMap { Double($0.trimmingCharacters(in: .init(charactersIn: ", "))) }
        try tool("ffmpeg", ["-y", "-i", clip, "-fps_mode", "passthrough", "-sws_flags", "bilinear",
                            "-f", "rawvideo", "-pix_fmt", "rgba", clip + ".rgba"])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + clip + ".rgba")))
        let size = width * height * 4
        try #require(bytes.count == times.count * size, "\(clip): \(bytes.count / size) frames decoded, \(times.count) stamped")
        return times.indices.map { (times[$0] - times[0], Array(bytes[$0 * size..<($0 + 1) * size])) }
    }

    /// PSNR over R, G and B, dB (infinite for equal pixels).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0.0, count = 0.0
        for i in stride(from: 0, to: a.count, by: 4) {
            for c in 0..<3 {
                let d = Double(a[i + c]) - Double(b[i + c])
                sum += d * d
            }
            count += 3
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / count))
    }

    /// A `width`×`height` scene of `layer` lasting `duration` seconds.
    func scene(_ layer: String, duration: Double = 3, width: Int = 64, height: Int = 48) throws -> PreparedScene {
        let path = folder + "/scene.json"
        try #"{"canvas": {"width": \#(width), "height": \#(height), "fps": 30, "duration": \#(duration)}, "layers": [\#(layer)]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return try PreparedScene.load(path)
    }

    /// Draws `clip` at 20 scene times (out of order, so the decoder seeks
    /// back as well as forward) and compares each with ffmpeg's frame.
    func expectFrameExact(_ clip: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let frames = try ffmpegFrames(clip)
        let prepared = try scene(#"{"type": "video", "video": "\#(clip)"}"#)
        let rasterizer = prepared.makeRasterizer(reuse: false)
        let span = frames.last!.time
        let order = [7, 0, 13, 19, 2, 5, 11, 17, 1, 8, 14, 3, 18, 9, 4, 15, 6, 12, 16, 10]
        for k in order {
            let t = (Double(k) + 0.37) * span / 20
            let expected = frames.lastIndex { $0.time <= t }!
            let drawn = rasterizer.render(prepared.evaluator.displayList(at: t)).pixels
            let score = Self.psnr(drawn, frames[expected].pixels)
            #expect(score >= 50, "\(clip) at \(t) s: frame \(expected) scores \(score) dB", sourceLocation: sourceLocation)
            for neighbour in [expected - 1, expected + 1] where frames.indices.contains(neighbour) {
                #expect(Self.psnr(drawn, frames[neighbour].pixels) < score,
                        "\(clip) at \(t) s: frame \(neighbour) scores as well as frame \(expected)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Workers drawing neighbouring frames share the clip's decoder: each
    /// frame is decoded once (a decoder per worker decoded every frame once
    /// per worker), and every frame drawn is still ffmpeg's frame of its time.
    @Test func workersShareOneDecoderAndDecodeEachFrameOnce() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=2,\(Self.hueTurn)", "-c:v", "libx264",
                            "-pix_fmt", "yuv420p"] + Self.tags + ["shared.mp4"])
        let frames = try ffmpegFrames("shared.mp4")
        try #require(frames.count == 60)
        let prepared = try scene(#"{"type": "video", "video": "shared.mp4"}"#, duration: 2)
        var drawn: [Int: [UInt8]] = [:]
        try FrameScheduler(jobs: 2, run: 2).run(frames: 0..<60, makeWorker: { prepared.makeRasterizer(reuse: false) },
                                                render: { i, rasterizer, _, _ in rasterizer.render(prepared.evaluator.displayList(frame: i)) },
                                                deliver: { i, bitmap in drawn[i] = bitmap.pixels })
        for i in 0..<60 {
            let score = Self.psnr(try #require(drawn[i]), frames[i].pixels)
            #expect(score >= 50, "frame \(i) scores \(score) dB")
        }
        #expect(prepared.videos.framesDecoded == 60)
    }

    /// Rasterizers made and let go (the studio's frames, a still's bands)
    /// give back the room they took in the clip's decoder: the frames it
    /// keeps stay as few as one reader needs.
    @Test func rasterizersLetGoGiveBackTheirFramesKept() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=1", "-c:v", "libx264",
                            "-pix_fmt", "yuv420p"] + Self.tags + ["kept.mp4"])
        let prepared = try scene(#"{"type": "video", "video": "kept.mp4"}"#, duration: 1)
        for frame in 0..<30 {
            let rasterizer = prepared.makeRasterizer(reuse: false)
            _ = rasterizer.render(prepared.evaluator.displayList(frame: frame))
        }
        #expect(prepared.videos.framesKept <= 2)
    }

    @Test func ntscRateClipShowsTheFrameOfEachTime() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30000/1001:d=2,\(Self.hueTurn)", "-c:v", "libx264",
                            "-pix_fmt", "yuv420p"] + Self.tags + ["ntsc.mp4"])
        try expectFrameExact("ntsc.mp4")
    }

    /// Frames kept irregularly (every third and some more) keep their stamps.
    @Test func variableRateClipShowsTheFrameOfEachTime() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=2,\(Self.hueTurn)",
                            "-vf", "select='not(mod(n\\,3))+eq(mod(n\\,7)\\,1)'", "-fps_mode", "vfr", "-c:v", "libx264",
                            "-pix_fmt", "yuv420p"] + Self.tags + ["vfr.mp4"])
        try expectFrameExact("vfr.mp4")
    }

    /// A stream copy from 0.5 s of a clip with one key frame: the MOV keeps
    /// the packets from the key frame and an edit list that cuts them.
    @Test func editListedClipShowsTheFrameOfEachTime() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=25:d=3,\(Self.hueTurn)", "-c:v", "libx264", "-g", "250",
                            "-pix_fmt", "yuv420p"] + Self.tags + ["long.mp4"])
        try tool("ffmpeg", ["-y", "-ss", "0.5", "-i", "long.mp4", "-c", "copy", "edit.mov"])
        try expectFrameExact("edit.mov")
    }

    /// swscale's fast path stores whole SIMD blocks past a row's end: at a
    /// width that is no multiple of 16 it wrote past the frame's buffer
    /// (a 1080-wide clip corrupted the heap). 72×46 frames convert into
    /// their padded buffer, equal to ffmpeg's.
    @Test func fastConversionOfAWidthOffTheSIMDBlockStaysInItsBuffer() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=72x46:r=10:d=1,\(Self.hueTurn)", "-c:v", "libx264",
                            "-pix_fmt", "yuv420p"] + Self.tags + ["odd.mp4"])
        let frames = try ffmpegFrames("odd.mp4", width: 72, height: 46)
        let prepared = try scene(#"{"type": "video", "video": "odd.mp4"}"#, width: 72, height: 46)
        let rasterizer = prepared.makeRasterizer(reuse: false)
        for (i, frame) in frames.enumerated() {
            let drawn = rasterizer.render(prepared.evaluator.displayList(at: frame.time + 0.01)).pixels
            #expect(Self.psnr(drawn, frame.pixels) >= 50, "frame \(i)")
        }
    }

    /// The left half transparent, the right opaque: so the frame drawn.
    func expectAlphaKept(_ clip: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let prepared = try scene(#"{"type": "video", "video": "\#(clip)"}"#)
        let frame = prepared.makeRasterizer(reuse: false).render(prepared.evaluator.displayList(at: 0.5))
        for (x, y) in [(4, 4), (16, 24), (24, 40)] {
            #expect(frame.pixel(x: x, y: y).a == 0, "\(clip) at (\(x), \(y))", sourceLocation: sourceLocation)
        }
        for (x, y) in [(40, 4), (48, 24), (60, 40)] {
            #expect(frame.pixel(x: x, y: y).a == 255, "\(clip) at (\(x), \(y))", sourceLocation: sourceLocation)
        }
    }

    static let halfTransparent = "testsrc2=s=64x48:r=10:d=1,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,32),0,255)'"

    @Test func proRes4444AlphaStaysTransparent() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", Self.halfTransparent, "-c:v", "prores_ks", "-profile:v", "4444",
                            "-pix_fmt", "yuva444p10le", "alpha.mov"])
        try expectAlphaKept("alpha.mov")
    }

    @Test func vp9AlphaStaysTransparent() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", Self.halfTransparent, "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p",
                            "alpha.webm"])
        try expectAlphaKept("alpha.webm")
    }

    /// Frames 0.5 s apart differ, and each is ffmpeg's frame of its time.
    @Test func animatedGIFPlays() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=10:d=1", "anim.gif"])
        let frames = try ffmpegFrames("anim.gif")
        let prepared = try scene(#"{"type": "video", "video": "anim.gif"}"#)
        let rasterizer = prepared.makeRasterizer(reuse: false)
        let early = rasterizer.render(prepared.evaluator.displayList(at: 0.15)).pixels
        let late = rasterizer.render(prepared.evaluator.displayList(at: 0.65)).pixels
        #expect(early != late)
        #expect(Self.psnr(early, frames[1].pixels) >= 50)
        #expect(Self.psnr(late, frames[6].pixels) >= 50)
    }

    /// Before `begin` nothing; after the trimmed stretch its last frame
    /// holds; looped, the stretch starts again; at rate 2 time runs twice
    /// as fast.
    @Test func beginTrimRateAndLoopPickTheFrames() throws {
        try tool("ffmpeg", ["-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=10:d=2", "-c:v", "libx264",
                            "-pix_fmt", "yuv420p"] + Self.tags + ["ten.mp4"])
        let frames = try ffmpegFrames("ten.mp4")
        func drawn(_ layer: String, at t: Double) throws -> Bitmap {
            let prepared = try scene(layer)
            return prepared.makeRasterizer(reuse: false).render(prepared.evaluator.displayList(at: t))
        }
        let held = #"{"type": "video", "video": "ten.mp4", "begin": 0.5, "in": 0.3, "out": 0.8}"#
        #expect(try drawn(held, at: 0.45).pixels.allSatisfy { $0 == 0 })
        #expect(Self.psnr(try drawn(held, at: 0.55).pixels, frames[3].pixels) >= 50)
        #expect(Self.psnr(try drawn(held, at: 2.5).pixels, frames[7].pixels) >= 50)
        let looped = #"{"type": "video", "video": "ten.mp4", "begin": 0.5, "in": 0.3, "out": 0.8, "loop": true}"#
        #expect(Self.psnr(try drawn(looped, at: 1.15).pixels, frames[4].pixels) >= 50)
        let fast = #"{"type": "video", "video": "ten.mp4", "rate": 2}"#
        #expect(Self.psnr(try drawn(fast, at: 0.42).pixels, frames[8].pixels) >= 50)
    }
}
