import Foundation
import Pipeline
import Pixels
import Synchronization
import Testing

/// A frame drawn while cores would otherwise sit idle — the only frame of
/// a render, one of fewer frames than workers, the first frame of a render
/// while the others wait, a chunk of few frames — is drawn in bands on the
/// idle threads, and is byte-identical to the whole-frame draw.
@Suite struct FramesAloneTests {
    static func scene(_ name: String) -> String {
        Repository.root.appendingPathComponent("Scenes/\(name).json").path
    }

    @Test func fewerFramesThanWorkersShareTheThreads() {
        let four = FrameScheduler(jobs: 4)
        #expect(four.threads(ofFrame: 0, count: 1) == 4)
        #expect((0..<2).map { four.threads(ofFrame: $0, count: 2) } == [2, 2])
        #expect((0..<3).map { four.threads(ofFrame: $0, count: 3) } == [2, 1, 1])
        #expect((0..<4).map { four.threads(ofFrame: $0, count: 4) } == [1, 1, 1, 1])
        #expect((0..<3).map { four.threads(ofFrame: $0, count: 40) } == [4, 1, 1])
        #expect(FrameScheduler(jobs: 3).threads(ofFrame: 0, count: 1) == 3)
        #expect(FrameScheduler(jobs: 1).threads(ofFrame: 0, count: 1) == 1)
        #expect(FrameScheduler(jobs: 1).threads(ofFrame: 0, count: 9) == 1)
    }

    @Test func theFirstFrameLeadsOnlyWithMoreFramesThanWorkers() {
        #expect(FrameScheduler(jobs: 2).leads(3))
        #expect(!FrameScheduler(jobs: 2).leads(2))
        #expect(!FrameScheduler(jobs: 1).leads(100))
        #expect(FrameScheduler(jobs: 8, run: 2).leads(9))
    }

    /// The threads each frame is drawn on, as the scheduler passes them.
    static func threadsPerFrame(jobs: Int, run: Int = 1, frames: Range<Int>) throws -> [Int] {
        let seen = Mutex<[Int: Int]>([:])
        try FrameScheduler(jobs: jobs, run: run).run(frames: frames, makeWorker: {}, render: { i, _, threads, _ in
            seen.withLock { $0[i] = threads }
            return Bitmap(width: 1, height: 1)
        }, deliver: { _, _ in })
        return seen.withLock { s in frames.map { s[$0] ?? 0 } }
    }

    @Test func theSchedulerDrawsFramesOnTheThreadsLeftIdle() throws {
        #expect(try Self.threadsPerFrame(jobs: 3, frames: 7..<8) == [3])
        #expect(try Self.threadsPerFrame(jobs: 4, run: 2, frames: 0..<3) == [2, 1, 1])
        #expect(try Self.threadsPerFrame(jobs: 2, run: 2, frames: 0..<10) == [2] + Array(repeating: 1, count: 9))
        #expect(try Self.threadsPerFrame(jobs: 2, run: 2, frames: 0..<2) == [1, 1])
    }

    /// The PNG files a render of `frames` writes with `jobs` workers, by name.
    static func pngs(_ scene: String, frames: ClosedRange<Int>, jobs: Int, in dir: String) throws -> [String: Data] {
        let out = dir + "/\(jobs)-\(frames.lowerBound)-\(frames.upperBound)"
        var request = RenderRequest(scenePath: Self.scene(scene), pngDirectory: out, frames: frames)
        request.canvas = CanvasOverrides(scale: 0.5)
        try RenderBatch([request], jobs: jobs, progress: .quiet).run()
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        return Dictionary(uniqueKeysWithValues: names.map { ($0, FileManager.default.contents(atPath: out + "/" + $0)!) })
    }

    /// One frame, three frames and the first of five (drawn while the
    /// others wait) on 2 and 3 workers are the frames one worker draws whole.
    @Test(arguments: ["snow", "calendar"]) func framesDrawnAloneAreTheWholeFrameDraw(scene: String) throws {
        let dir = NSTemporaryDirectory() + "reel-alone-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for frames in [45...45, 44...46, 40...44] {
            let whole = try Self.pngs(scene, frames: frames, jobs: 1, in: dir)
            #expect(whole.count == frames.count)
            for jobs in [2, 3] {
                #expect(try Self.pngs(scene, frames: frames, jobs: jobs, in: dir) == whole, "\(scene) \(frames) on \(jobs) jobs")
            }
        }
    }

    /// Chunks of two frames with three workers each: each chunk's first
    /// frame on two threads; the joined video is the one-encoder video.
    @Test func chunksOfFewFramesAreTheOneEncoderVideo() throws {
        let dir = NSTemporaryDirectory() + "reel-alone-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func video(_ name: String, chunks: ChunkCount?, jobs: Int) throws -> Data? {
            var request = RenderRequest(scenePath: Self.scene("snow"), videoPath: dir + "/\(name).mp4", frames: 30...33)
            (request.canvas, request.gop, request.chunks) = (CanvasOverrides(scale: 0.25), 2, chunks)
            try RenderBatch([request], jobs: jobs, progress: .quiet).run()
            return FileManager.default.contents(atPath: dir + "/\(name).mp4")
        }
        let one = try video("one", chunks: nil, jobs: 1)
        #expect(one != nil)
        #expect(try video("chunked", chunks: .count(2), jobs: 6) == one)
    }
}
