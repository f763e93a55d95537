import Dispatch
import Foundation
import Media
import Pipeline
import Pixels
import ProcessRunner
import Raster

/// Split renders against one process, and the single-encoder ceiling.
///
/// 1. One scene (240 frames at 1×) as one `reel render --jobs 2` against two
///    `--shard K/2 --jobs 1` processes at once (then `reel concat`), and
///    against `--chunks 2` (two encoders in one process).
/// 2. `reel concat` throughput, in seconds per GB of parts.
/// 3. At 1170×2532, veryfast: the CPU time x264 (with the colour conversion)
///    and the renderer spend per frame, and from them where one encoder's
///    fixed thread count caps a render on 8, 16 and 64 cores, with and
///    without `--chunks`.
func scaleOut(scene: String, reel: Program) throws {
    let dir = NSTemporaryDirectory() + "reel-scaleout-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let common = [scene, "--scale", "1", "--frames", "0-239", "--gop", "60", "--no-cache", "--quiet"]
    @Sendable func render(_ extra: [String]) throws { _ = try reel.runChecked(["render"] + common + extra) }

    print("split renders: \(scene), 240 frames at 1×, GOP 60, \(ProcessInfo.processInfo.activeProcessorCount) cores; best of 2")
    let one = try (0..<2).map { _ in try seconds { try render(["--jobs", "2", "-o", dir + "/one.mp4"]) } }.min()!
    let two = try (0..<2).map { _ in
        try seconds {
            let group = DispatchGroup()
            let failed = Flag()
            for k in 0..<2 {
                DispatchQueue.global().async(group: group) {
                    do { try render(["--jobs", "1", "--shard", "\(k)/2", "-o", dir + "/parts/"]) } catch { failed.set() }
                }
            }
            group.wait()
            if failed.value { throw CocoaError(.fileWriteUnknown) }
        }
    }.min()!
    let join = try seconds { _ = try reel.runChecked(["concat", dir + "/parts/", "-o", dir + "/joined.mp4", "--quiet"]) }
    let chunked = try (0..<2).map { _ in try seconds { try render(["--jobs", "2", "--chunks", "2", "-o", dir + "/chunked.mp4"]) } }.min()!
    print("run | s | fps")
    print(String(format: "1 process, --jobs 2 | %.2f | %.1f", one, 240 / one))
    print(String(format: "2 processes (--shard K/2, --jobs 1) | %.2f | %.1f  (+ concat %.3f s)", two, 240 / two, join))
    print(String(format: "1 process, --chunks 2 --jobs 2 | %.2f | %.1f", chunked, 240 / chunked))

    try concatThroughput(dir: dir)
    try encoderCeiling(scene: scene)
}

/// `ChunkJoin` on two large parts: 2 × 40 frames of noise at 1170×2532,
/// lossless (x264 crf 0, ultrafast), so packets are megabytes as in a long
/// high-quality render, joined three times.
func concatThroughput(dir: String) throws {
    var generator = SystemRandomNumberGenerator()
    let (w, h) = (1170, 2532)
    let noise = (0..<8).map { _ in Bitmap(width: w, height: h, pixels: (0..<w * h * 4).map { i in i % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &generator) }) }
    let parts = try (0..<2).map { k in
        let path = dir + "/" + ChunkJoin.fileName(name: "noise", part: k, of: 2, format: .mp4)
        let tag = ChunkTag(part: k, parts: 2, first: 40 * k, count: 40, total: 80, scene: "noise", parameters: "-", settings: "crf 0")
        let writer = try MP4Writer(path: path, width: w, height: h, fps: 60, crf: 0, preset: "ultrafast", gop: 40, tags: [tag.pair])
        for i in 0..<40 { try writer.write(noise[i % noise.count]) }
        try writer.finish()
        return path
    }
    let bytes = parts.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    let join = try (0..<3).map { _ in try seconds { try ChunkJoin.join(parts, to: dir + "/noise.mp4") } }.min()!
    print(String(format: "concat: %.0f MB of parts (80 lossless frames) in %.2f s (best of 3) → %.2f s per GB", Double(bytes) / 1e6, join,
                 join / (Double(bytes) / 1e9)))
}

/// CPU time per frame of drawing and of encoding at 1170×2532 (veryfast,
/// crf 20), and the throughput they allow on C cores: drawing and encoding
/// share the cores, C ÷ (draw + encode) frames per second, but one x264
/// uses at most its `MP4Writer.encoderThreads` threads, threads ÷ encode
/// (an upper bound: slice threading is not perfectly parallel), and its
/// frames pass one delivering thread (conversion + x264's serial part).
func encoderCeiling(scene: String) throws {
    let prepared = try PreparedScene.load(scene, canvas: CanvasOverrides(scale: 3))
    let canvas = prepared.scene.canvas
    let (w, h) = (canvas.pixelWidth, canvas.pixelHeight)
    let count = min(72, canvas.frameCount), first = 0
    let rasterizer = prepared.makeRasterizer()
    var frames: [Bitmap] = []
    let drawCPU = cpuSeconds { for i in first..<first + count { frames.append(rasterizer.render(prepared.evaluator.displayList(frame: i))) } }
    let path = NSTemporaryDirectory() + "reel-ceiling-\(getpid()).mp4"
    defer { try? FileManager.default.removeItem(atPath: path) }
    func encode(gop: Int) throws -> (wall: Double, cpu: Double) {
        var wall = 0.0
        let cpu = try cpuSeconds {
            wall = try seconds {
                let writer = try MP4Writer(path: path, width: w, height: h, fps: canvas.fps, crf: 20, preset: "veryfast", gop: gop)
                for frame in frames { try writer.write(frame) }
                try writer.finish()
            }
        }
        return (wall, cpu)
    }
    let best = try (0..<2).map { _ in try encode(gop: count) }.min { $0.wall < $1.wall }!
    let restarting = try (0..<2).map { _ in try encode(gop: 12) }.min { $0.wall < $1.wall }!
    let d = drawCPU / Double(count), e = best.cpu / Double(count)
    let restarts = Double((count - 1) / 12)
    let perRestart = (restarting.wall - best.wall) / restarts
    let threads = Double(MP4Writer.encoderThreads)
    print("\nencoder ceiling: \(scene) at \(w)×\(h), veryfast crf 20, x264 threads \(MP4Writer.encoderThreads)")
    print(String(format: "frames %d-%d: drawing %.1f ms CPU per frame (1 thread); encoding %.1f ms CPU per frame (%.1f fps wall on this machine)",
                 first, first + count - 1, d * 1000, e * 1000, Double(count) / best.wall))
    print(String(format: "a fresh encoder every 12 frames: %.1f fps wall; %.0f ms per restart = %.1f%% of the wall time of a default 120-frame GOP",
                 Double(count) / restarting.wall, perRestart * 1000, 100 * perRestart / (120 * best.wall / Double(count))))
    print("cores | cores ÷ (draw + encode) fps | one encoder ≤ fps | --chunks auto (N) fps | --chunks C/4 (N) fps")
    for cores in [8, 16, 64] {
        let budget = Double(cores) / (d + e)
        func rate(_ n: Int) -> Double { min(budget, Double(n) * threads / e) }
        let auto = ChunkCount.auto.resolved(cores: cores), quarter = max(1, cores / 4)
        print(String(format: "%d | %.1f | %.1f | %.1f (%d) | %.1f (%d)", cores, budget, rate(1), rate(auto), auto, rate(quarter), quarter))
    }
}

/// User + system CPU seconds of this process spent in `body`.
func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    let start = now()
    try body()
    return now() - start
}

/// A flag set from several threads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.lock(); flag = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
}
