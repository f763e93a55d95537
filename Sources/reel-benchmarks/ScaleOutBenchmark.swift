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
/// 3. At 1170×2532, veryfast: the encoder model (`encoderModel`): what a
///    frame costs, and where one encoder caps a render on many cores.
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
    try encoderModel([scene], scale: 3, frames: 72)
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
