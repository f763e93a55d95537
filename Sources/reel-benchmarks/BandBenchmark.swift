import Foundation
import Pipeline
import Raster

/// One frame drawn alone on 1 and 2 threads (`BandRenderer`): drawing time
/// (evaluation excluded, the display list made once; glyph masks and
/// textures built by a first draw before timing; median of `repeats`), the
/// speed-up, the process CPU time per draw (what the threads cost together:
/// on a loaded machine the wall time says less), and the megabytes of frame and layer memory the passes of one
/// frame go over (`Rasterizer.passBytes`). Frame 0 of the peer workloads
/// (as `reel bench` draws), the middle frame of the seed scenes, 1080
/// pixels wide.
func bandBenchmark(_ files: [String], repeats: Int) throws {
    print("one frame on 1 and 2 threads (bands; median of \(repeats) draws; drawing only)")
    print("scene | frame | 1 thread ms | 2 threads ms | speed-up | CPU ms 1 thread | CPU ms 2 threads | MB touched 1 thread | MB touched 2 threads")
    for file in files {
        let isWorkload = (file as NSString).lastPathComponent.hasPrefix("W")
        // The seed scenes 1080 pixels wide (390 points: 1080×2337).
        let prepared = try PreparedScene.load(file, canvas: isWorkload ? CanvasOverrides() : CanvasOverrides(scale: 1080 / 390))
        let frame = isWorkload ? 0 : prepared.scene.canvas.frameCount / 2
        let list = prepared.evaluator.displayList(frame: frame)
        var figures: [(ms: Double, cpu: Double, mb: Double)] = []
        for threads in [1, 2] {
            let renderer = prepared.makeBandRenderer(threads: threads)
            var bitmap = renderer.render(list)
            let cpu = clock()
            let times = (0..<repeats).map { _ in milliseconds { bitmap = renderer.render(list, reusing: bitmap) } }
            let cpuMs = Double(clock() - cpu) / Double(CLOCKS_PER_SEC) * 1000 / Double(repeats)
            figures.append((Benchmark.median(times), cpuMs, Double(renderer.passBytes) / 1e6))
        }
        print(String(format: "%@ | %d | %.2f | %.2f | %.2f× | %.2f | %.2f | %.1f | %.1f", file, frame, figures[0].ms,
                     figures[1].ms, figures[0].ms / figures[1].ms, figures[0].cpu, figures[1].cpu, figures[0].mb, figures[1].mb))
    }
}

/// The peer workloads W0–W8 (the shared bench folder beside the repository,
/// else Scenes/bench) and the four seed scenes.
func bandScenes() -> [String] {
    let folders = ["../shared/bench/workloads", "Scenes/bench"]
    let workloads = folders.lazy.map { folder in
        (0...8).map { "\(folder)/W\($0).json" }.filter { FileManager.default.fileExists(atPath: $0) }
    }.first { !$0.isEmpty } ?? []
    return workloads + ["snow", "splash", "calendar", "thermometer"].map { "Scenes/\($0).json" }
}
