import Dispatch
import DisplayList
import Foundation
import Pipeline
import ProcessRunner
import SceneModel

/// Prints Reel's benchmark figures (release build: `swift run -c release reel-benchmarks`).
/// Figures, not tests: machines are noisy, so compare runs side by side.
///
///   reel-benchmarks decode [SCENE…]     scene decoding speed, ms per KB
///   reel-benchmarks scaling SCENE…      whole-frame throughput with 1 and 2 threads
///   reel-benchmarks encoding [SCENE…]   end-to-end MP4 throughput against x264 alone
///   reel-benchmarks preview [SCENE…]    `reel preview` time against the full render
///   reel-benchmarks png [SCENE]         PNG sequence writing: Reel's settings vs libpng's defaults
///   reel-benchmarks memory [REEL] [--small|--large]   peak memory of 1,000- and 10,000-frame renders, 96×96 and 1080×1920 (child processes)
///   reel-benchmarks snow [SCENE]        particle throughput (default Scenes/bench/snow-20k.json)
///   reel-benchmarks studio [SCENE…]     `reel studio`: save → reload event → updated frame, per bundled scene
///   reel-benchmarks batch [REEL]        `reel batch` against separate renders; per-row overhead
///   reel-benchmarks scaleout [SCENE]    shards and chunks against one process; concat speed; the encoder ceiling
///   reel-benchmarks verify [SCENE]      `reel verify` against rendering to PNG frames; golden data size (default Scenes/snow.json)
///   reel-benchmarks bands [SCENE…]     one frame drawn alone on 1 and 2 threads (bands), MB of memory its passes touch;
///                                       default W0–W8 and the seed scenes
///   reel-benchmarks components [N]      N component instances against N copies written out (default 200)
///   reel-benchmarks video [SECONDS]     a full-screen 1080p video layer to MP4 against ffmpeg re-encoding the clip alone (default 5 s)
///   reel-benchmarks blur [SCENE]        reduced-resolution blur against the exact path (default Scenes/snow.json);
///                                       `REEL_EXACT_BLUR=1` makes every other figure use the exact path
let args = Array(CommandLine.arguments.dropFirst())

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// Decoding (parse + validate + timeline) of each scene, repeated; the
/// figure is the median time per kilobyte of JSON.
func decode(_ files: [String]) throws {
    print("scene decoding (median of 20 runs)")
    print("file | KB | ms | ms per KB")
    for file in files {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        var times: [Double] = []
        for _ in 0..<20 { times.append(try milliseconds { _ = try SceneDecoder.decode(bytes, file: file) }) }
        let kb = Double(bytes.count) / 1024
        print(String(format: "%@ | %.1f | %.3f | %.4f", file, kb, Benchmark.median(times), Benchmark.median(times) / kb))
    }
}

/// Frames per second rendering frame 0 repeatedly with 1 and 2 workers.
func scaling(_ files: [String]) throws {
    print("whole-frame scaling (frame 0, 12 frames per run, best of 3)")
    print("scene | 1 thread ms/frame | 2 threads ms/frame | speed-up")
    for file in files {
        let prepared = try PreparedScene.load(file)
        func perFrame(_ threads: Int) -> Double {
            (0..<3).map { _ in
                let r = Benchmark.run(prepared, frames: 12, threads: threads)
                return r.ms.reduce(0, +) / Double(r.ms.count)
            }.min()!
        }
        let one = perFrame(1), two = perFrame(2)
        print(String(format: "%@ | %.2f | %.2f | %.2f×", file, one, two, one / two))
    }
}

/// The scenes in Scenes/, by name.
func bundledScenes() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "Scenes").filter { $0.hasSuffix(".json") }.sorted().map { "Scenes/" + $0 }
}

/// One thread rendering frame 0 of a particle scene (20,000 live snow
/// particles of 8–32 px at 1080×1920 by default, prewarmed so frame 0 is
/// full): ms per frame, covering evaluation, display list and
/// rasterization, and live particles (the sprites of the frame's batches)
/// drawn per millisecond.
func snow(_ file: String) throws {
    let prepared = try PreparedScene.load(file)
    let particles = prepared.evaluator.displayList(frame: 0).items.reduce(0) { count, item in
        guard case .sprites(let batch) = item else { return count }
        return count + batch.sprites.count
    }
    let runs = (0..<5).map { _ in Benchmark.run(prepared, frames: 10, threads: 1).ms }
    let all = runs.flatMap { $0 }
    let best = runs.map(Benchmark.median).min()!
    print("snow: \(file), \(prepared.scene.canvas.pixelWidth)×\(prepared.scene.canvas.pixelHeight), 1 thread, frame 0, 5 runs of 10 frames")
    print("live particles | ms/frame median | ms/frame best run | particles per ms (best run)")
    print(String(format: "%d | %.2f | %.2f | %.0f", particles, Benchmark.median(all), best, Double(particles) / best))
}

MemoryReuse.configure()
do {
    switch args.first {
    case "decode":
        var files = Array(args.dropFirst())
        if files.isEmpty {
            files = try bundledScenes()
        }
        try decode(files)
    case "scaling":
        try scaling(Array(args.dropFirst()))
    case "encoding":
        let files = Array(args.dropFirst())
        try encoding(files.isEmpty ? bundledScenes() : files, frames: 120)
    case "preview":
        let files = Array(args.dropFirst())
        try preview(files.isEmpty ? bundledScenes() : files)
    case "png":
        try pngBenchmark(scene: args.count > 1 ? args[1] : "Scenes/snow.json")
    case "memory":
        let sizes: [MemoryCase.Size] = args.contains("--large") ? [.large] : args.contains("--small") ? [.small] : [.small, .large]
        try memoryBenchmark(reel: args.dropFirst().first { !$0.hasPrefix("--") }.map { Program($0) } ?? .reel, sizes: sizes)
    case "batch":
        try batchBenchmark(reel: args.count > 1 ? Program(args[1]) : .reel)
    case "studio":
        let files = Array(args.dropFirst())
        try studioBenchmark(files.isEmpty ? bundledScenes() : files)
    case "snow":
        try snow(args.count > 1 ? args[1] : "Scenes/bench/snow-20k.json")
    case "scaleout":
        try scaleOut(scene: args.count > 1 ? args[1] : "Scenes/splash.json", reel: .reel)
    case "verify":
        try verifyBenchmark(scene: args.count > 1 ? args[1] : "Scenes/snow.json")
    case "bands":
        let files = Array(args.dropFirst())
        try bandBenchmark(files.isEmpty ? bandScenes() : files, repeats: 15)
    case "encoder-model":
        let files = Array(args.dropFirst())
        // 1080 pixels wide (the seed scenes are 390 points wide).
        try encoderModel(files.isEmpty ? ["Scenes/snow.json", "Scenes/calendar.json"] : files, scale: 1080 / 390, frames: 60)
    case "video":
        try videoLayerBenchmark(seconds: args.count > 1 ? Int(args[1]) ?? 5 : 5)
    case "components":
        try componentBenchmark(count: args.count > 1 ? Int(args[1]) ?? 200 : 200)
    case "blur":
        try blurComparison(args.count > 1 ? args[1] : "Scenes/snow.json", frames: 120, every: 4)
    default:
        print("usage: reel-benchmarks decode [SCENE…] | scaling SCENE… | encoding [SCENE…] | preview [SCENE…] | png [SCENE] | memory [REEL] [--small|--large] | snow [SCENE] | batch [REEL] | studio [SCENE…] | scaleout [SCENE] | encoder-model [SCENE…] | verify [SCENE] | bands [SCENE…] | video [SECONDS] | components [N] | blur [SCENE]")
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("reel-benchmarks: \(error)\n".utf8))
    exit(70)
}
