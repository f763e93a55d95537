import Foundation
import Testing
import Evaluation
import Media
import Pixels
import Raster
import SceneModel
@testable import Pipeline

@Suite struct PipelineTests {
    static let sceneJSON = """
        {"canvas": {"width": 40, "height": 30, "scale": 2, "fps": 30, "duration": 1, "background": "#102030"},
         "layers": [
           {"type": "rect", "position": [20, 15], "size": [20, 10], "cornerRadius": 3, "fill": "#FF8000",
            "rotation": {"keyframes": [{"t": 0, "value": 0}, {"t": 1, "value": 180}]}},
           {"type": "group", "opacity": 0.5, "children": [
             {"type": "circle", "radius": 6, "fill": "white",
              "position": [{"keyframes": [{"t": 0, "value": 0}, {"t": 1, "value": 40}]}, 15]}]},
           {"type": "text", "text": "Reel 42", "size": 6, "color": "#FFFFFF", "anchor": [0, 0],
            "position": [{"keyframes": [{"t": 0, "value": 0.3}, {"t": 1, "value": 21.7}]}, 0.6],
            "scale": {"keyframes": [{"t": 0, "value": 1}, {"t": 1, "value": 1.5}]}}
         ]}
        """

    func tempDir() throws -> String {
        let dir = NSTemporaryDirectory() + "reel-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func writeScene(in dir: String) throws -> String {
        let path = dir + "/scene.json"
        try Self.sceneJSON.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A built-in image named by an image node is drawn at its natural size
    /// (256 px for the snowflake) without the scene declaring it, and a scene
    /// that names no built-in does not carry them.
    @Test func builtInImagesDrawWithoutBeingDeclared() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/flake.json"
        try """
            {"canvas": {"width": 300, "height": 300, "fps": 30, "duration": 1, "background": "#000000"},
             "layers": [{"type": "image", "image": "snowflake", "position": [150, 150]}]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let prepared = try PreparedScene.load(path)
        #expect(prepared.images.bitmaps.isEmpty)
        let frame = prepared.makeRasterizer().render(prepared.evaluator.displayList(frame: 0))
        // White at the centre where the arms meet, black beyond the flake's 128 px radius.
        #expect(frame.pixel(x: 150, y: 150).r > 200)
        #expect(frame.pixel(x: 5, y: 5) == (0, 0, 0, 255))
    }

    /// Frames come back in order, whatever order workers finish in.
    @Test(arguments: [1, 3]) func schedulerDeliversInOrder(run: Int) throws {
        var seen: [Int] = []
        try FrameScheduler(jobs: 2, run: run).run(frames: 3..<40, makeWorker: {}, render: { i, _, _, _ in
            if i % 3 == 0 { usleep(2000) }
            return Bitmap(width: 1, height: 1, pixels: [UInt8(i), 0, 0, 255])
        }, deliver: { i, b in
            #expect(Int(b.pixels[0]) == i)
            seen.append(i)
        })
        #expect(seen == Array(3..<40))
    }

    /// At most `window` frames are rendered ahead of the one being delivered.
    @Test(arguments: [1, 3]) func schedulerBoundsFramesInFlight(run: Int) throws {
        let scheduler = FrameScheduler(jobs: 2, run: run)
        let rendered = Counter()
        try scheduler.run(frames: 0..<50, makeWorker: {}, render: { _, _, _, _ in
            rendered.increment()
            return Bitmap(width: 1, height: 1)
        }, deliver: { i, _ in
            usleep(500)
            #expect(rendered.value <= i + 1 + scheduler.window)
        })
    }

    /// With runs, a worker draws each frame of a run right after the one
    /// before it (what it keeps from its last frame then matches most). The
    /// first frame is drawn alone, the runs start after it.
    @Test func schedulerHandsOutContiguousRuns() throws {
        var delivered = 0
        try FrameScheduler(jobs: 2, run: 4).run(frames: 5..<47, makeWorker: { -1 }, render: { i, last, _, _ in
            if i > 6, (i - 6) % 4 != 0 { #expect(last == i - 1, "frame \(i) after \(last)") }
            last = i
            return Bitmap(width: 1, height: 1)
        }, deliver: { _, _ in delivered += 1 })
        #expect(delivered == 42)
    }

    /// Every frame after the first window's is drawn into a delivered
    /// frame handed back, by whichever worker draws it (which worker gets
    /// which depends on timing: `sparePoolGivesAWorkerItsOwnFrame` checks
    /// the choice itself; a share of "own" frames asked of two busy workers
    /// failed on a loaded 2-core machine).
    @Test func deliveredFramesAreDrawnOverAgain() throws {
        let handedBack = Counter()
        try FrameScheduler(jobs: 2).run(frames: 0..<60, makeWorker: { () }, render: { i, _, _, spare in
            if spare != nil { handedBack.increment() }
            usleep(i % 2 == 0 ? 1500 : 500)
            return Bitmap(width: 1, height: 1)
        }, deliver: { _, _ in })
        #expect(handedBack.value >= 50)
    }

    /// The pool's choice alone: a worker takes its own last frame even
    /// when another's was put after it, and another's only when none of its
    /// own is free.
    @Test func sparePoolGivesAWorkerItsOwnFrame() {
        let pool = SparePool([Bitmap(width: 1, height: 1, pixels: [9, 0, 0, 255])])
        pool.put(Bitmap(width: 1, height: 1, pixels: [1, 0, 0, 255]), drawnBy: 1)
        pool.put(Bitmap(width: 1, height: 1, pixels: [2, 0, 0, 255]), drawnBy: 2)
        #expect(pool.take(for: 1)?.pixels[0] == 1)
        #expect(pool.take(for: 1)?.pixels[0] == 2)
        #expect(pool.take(for: 2)?.pixels[0] == 9)
        #expect(pool.take(for: 2) == nil)
    }

    struct Stop: Error {}

    @Test(arguments: [1, 4]) func schedulerStopsWhenDeliveryFails(run: Int) {
        #expect(throws: Stop.self) {
            try FrameScheduler(jobs: 2, run: run).run(frames: 0..<1000, makeWorker: {}, render: { _, _, _, _ in Bitmap(width: 1, height: 1) },
                                            deliver: { i, _ in if i == 5 { throw Stop() } })
        }
    }

    /// The same frames, byte for byte, with 1 and 2 worker threads, and for a
    /// frame rendered alone versus inside a full render (moving, growing
    /// text: glyph masks built in whatever order the workers get to them).
    @Test func framesAreIdenticalAcrossThreadCountsAndRanges() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = try writeScene(in: dir)
        try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: dir + "/a")], jobs: 1, progress: .quiet).run()
        try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: dir + "/b")], jobs: 2, progress: .quiet).run()
        try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: dir + "/c", frames: 17...17)], jobs: 2, progress: .quiet).run()
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/a").sorted()
        #expect(names.count == 30)
        #expect(names.first == "frame_00000.png" && names.last == "frame_00029.png")
        for name in names {
            let a = FileManager.default.contents(atPath: "\(dir)/a/\(name)")
            #expect(a != nil && a == FileManager.default.contents(atPath: "\(dir)/b/\(name)"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/c") == ["frame_00017.png"])
        #expect(FileManager.default.contents(atPath: "\(dir)/c/frame_00017.png") == FileManager.default.contents(atPath: "\(dir)/a/frame_00017.png"))
    }

    /// Decoded PNG frames hold the colours the scene asks for (±1: the
    /// premultiplied → straight → premultiplied round trip).
    @Test func pngFramesHoldTheSceneColours() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try RenderBatch([RenderRequest(scenePath: try writeScene(in: dir), pngDirectory: dir, frames: 0...0)], jobs: 2, progress: .quiet).run()
        let b = try PNGCodec.read(contentsOf: dir + "/frame_00000.png")
        #expect(b.width == 80 && b.height == 60)
        func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (Int, Int, Int, Int)) -> Bool {
            abs(Int(p.r) - q.0) <= 1 && abs(Int(p.g) - q.1) <= 1 && abs(Int(p.b) - q.2) <= 1 && abs(Int(p.a) - q.3) <= 1
        }
        #expect(near(b.pixel(x: 2, y: 58), (0x10, 0x20, 0x30, 255)))   // background
        #expect(near(b.pixel(x: 40, y: 30), (0xFF, 0x80, 0x00, 255)))  // rect centre
        // Circle at x = 0 under 50 % group opacity: white over the background.
        #expect(near(b.pixel(x: 2, y: 30), (0x88, 0x90, 0x98, 255)))
    }

    @Test func unwritableOutputFailsClearlyAndLeavesNothing() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = try writeScene(in: dir)
        // A folder cannot be made where a file is.
        let target = scene + "/out.mp4"
        do {
            try RenderBatch([RenderRequest(scenePath: scene, videoPath: target)], jobs: 1, progress: .quiet).run()
            Issue.record("render below a file succeeded")
        } catch {
            #expect(error.description == "cannot create folder \(scene): File exists")
            guard case .output(.cannotCreateFolder) = error else { Issue.record("not an output error: \(error)"); return }
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func framesOutsideTheSceneAreRefused() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = try writeScene(in: dir)
        do {
            try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: dir + "/p", frames: 25...30)], jobs: 1, progress: .quiet).run()
            Issue.record("out-of-range frames accepted")
        } catch {
            #expect(error.description == "frames 25-30: \(scene) has 30 frames (0-29)")
            guard case .plan(.framesOutOfRange(25...30, frameCount: 30), scene) = error else {
                Issue.record("unexpected error \(error)"); return
            }
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/p"))
    }
}

/// A thread-safe counter for scheduler tests.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
