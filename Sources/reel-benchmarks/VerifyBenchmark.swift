import Foundation
import Pipeline

/// `reel verify` of a scene against rendering it to PNG frames, in this
/// process with every core: the golden test's price over the render it
/// replaces in CI. Records the manifest once (timed too), then alternates
/// the PNG render and the verification `rounds` times; prints each run, the
/// best of each, their ratio, and the golden data's size on disk.
func verifyBenchmark(scene: String, rounds: Int = 2) throws {
    let folder = NSTemporaryDirectory() + "reel-verify-bench-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let jobs = ProcessInfo.processInfo.activeProcessorCount
    var job = VerifyJob(scenes: [scene], jobs: jobs, progress: .quiet)
    job.goldenFolder = folder + "/golden"
    job.sheetFolder = folder + "/sheets"
    job.mode = .record
    let record = try milliseconds { _ = try job.run() }
    job.mode = .check
    let golden = job.goldenFolder(for: scene)
    let files = try FileManager.default.contentsOfDirectory(atPath: golden)
    let bytes = try files.reduce(0) { total, name in
        total + ((try FileManager.default.attributesOfItem(atPath: golden + "/" + name)[.size] as? Int) ?? 0)
    }
    let prepared = try PreparedScene.load(scene)
    let canvas = prepared.scene.canvas
    print("reel verify against a PNG-frame render: \(scene), \(canvas.frameCount) frames at \(canvas.pixelWidth)×\(canvas.pixelHeight) px, \(jobs) threads")
    print(String(format: "record: %.2f s; golden data: %.2f MB in %d files (%@)", record / 1000, Double(bytes) / 1e6, files.count,
                 files.sorted().joined(separator: ", ")))
    var png: [Double] = [], verify: [Double] = []
    for round in 0..<rounds {
        let frames = folder + "/png\(round)"
        png.append(try milliseconds {
            try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: frames)], jobs: jobs, progress: .quiet).run()
        })
        try FileManager.default.removeItem(atPath: frames)
        var report: ComparisonReport?
        verify.append(try milliseconds { report = try job.run() })
        guard let report, !report.changed, report.failures.isEmpty else { throw BenchmarkFailure(text: "verify found changes: \(report?.summary ?? "")") }
        print(String(format: "round %d: PNG frames %.2f s, verify %.2f s", round + 1, png.last! / 1000, verify.last! / 1000))
    }
    let (p, v) = (png.min()!, verify.min()!)
    print(String(format: "best: PNG frames %.2f s, verify %.2f s: verify takes %.2f× the PNG render", p / 1000, v / 1000, v / p))
}
