import Foundation
import Media
import Pipeline
import Raster

/// PNG sequence writing with Reel's settings against libpng's defaults, on
/// real frames: `count` evenly spaced frames of `scene` at full size, each
/// written through `PNGSequenceWriter` (encoding, straight alpha, the file
/// written and renamed) with every candidate setting. The figure is the
/// median over `rounds` rounds of the mean per frame, so a busy machine
/// disturbs all settings alike.
func pngBenchmark(scene: String, count: Int = 6, rounds: Int = 7) throws {
    let prepared = try PreparedScene.load(scene)
    let canvas = prepared.scene.canvas
    let rasterizer = prepared.makeRasterizer()
    let indices = ContactSheet.sampleFrames(count: count, frameCount: canvas.frameCount)
    print("PNG sequence writing: \(scene), frames \(indices.map(String.init).joined(separator: ", ")) at \(canvas.pixelWidth)×\(canvas.pixelHeight) px")
    let frames = indices.map { rasterizer.render(prepared.evaluator.displayList(frame: $0)) }

    let candidates: [(name: String, level: Int, filter: PNGFilter, strategy: PNGStrategy)] = [
        ("libpng defaults (level 6, adaptive)", 6, .adaptive, .automatic),
        ("level 1, none", 1, .none, .automatic),
        ("level 2, none", 2, .none, .automatic),
        ("level 3, none (Reel)", 3, .none, .automatic),
        ("level 1, up", 1, .up, .automatic),
        ("level 3, up", 3, .up, .automatic),
        ("level 1, sub, RLE", 1, .sub, .rle),
        ("level 1, up, RLE", 1, .up, .rle),
        ("level 1, average, RLE", 1, .average, .rle),
        ("level 1, paeth, RLE", 1, .paeth, .rle),
    ]
    let folder = NSTemporaryDirectory() + "reel-png-bench-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var times = [[Double]](repeating: [], count: candidates.count)
    var sizes = [Int](repeating: 0, count: candidates.count)
    for _ in 0..<rounds {
        for (k, c) in candidates.enumerated() {
            let dir = folder + "/\(k)"
            let writer = try PNGSequenceWriter(directory: dir, level: c.level, filter: c.filter, strategy: c.strategy)
            let ms = try milliseconds { for frame in frames { try writer.write(frame) } }
            try writer.finish()
            times[k].append(ms / Double(frames.count))
            sizes[k] = try frames.indices.reduce(0) { total, i in
                let attributes = try FileManager.default.attributesOfItem(atPath: writer.path(forFrame: i))
                return total + ((attributes[.size] as? Int) ?? 0)
            } / frames.count
        }
    }
    let baseMS = Benchmark.median(times[0]), baseBytes = Double(sizes[0])
    print("settings | ms/frame | KB/frame | speed vs defaults | size vs defaults")
    for (k, c) in candidates.enumerated() {
        let ms = Benchmark.median(times[k])
        print(String(format: "%@ | %.1f | %.0f | %.2f× | %.2f×", c.name, ms, Double(sizes[k]) / 1024,
                     baseMS / ms, Double(sizes[k]) / baseBytes))
    }
}
