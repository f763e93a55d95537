import Foundation
import Media
import Pipeline
import Pixels

/// What one frame of an MP4 render costs, measured, and the frame rate it
/// allows on many cores with one encoder and with `--chunks`.
///
/// Per frame, on this machine: drawing (evaluation and rasterization, CPU
/// time of one worker, whole frames with reuse as a render draws them), the
/// RGBA → NV12 conversion (on the delivering thread), and x264 (veryfast,
/// crf 20, slice threads) at 1, 2 and 4 threads: its CPU time and the wall
/// time of the encoding (writing the frames and the flush, conversion
/// excluded: what the delivering thread waits). The frames are drawn first and
/// encoded from memory, so the encoder figures hold no drawing.
///
/// The model: drawing, conversion and encoding share C cores, so a render
/// reaches at most C ÷ (draw + convert + x264 CPU at 4 threads) fps; and
/// each output's frames pass its one delivering thread, conversion then
/// x264, so N encoders reach at most N ÷ (convert + x264 wall at 4 threads).
/// x264's wall time at 4 threads is Amdahl's law fitted to the measured 1
/// and 2 thread walls (this machine has 2 cores): serial share
/// s = 2 × w2 ÷ w1 − 1, w4 = w1 × (s + (1 − s) ÷ 4).
func encoderModel(_ files: [String], scale: Double, frames: Int) throws {
    let dir = NSTemporaryDirectory() + "reel-encoder-model-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    print("encoder model: \(frames) frames from the middle of each scene at scale \(String(format: "%.4g", scale)), veryfast crf 20, "
          + "\(ProcessInfo.processInfo.activeProcessorCount) cores; best of 2 (ms per frame)")
    print("scene | size | draw CPU | convert | x264 CPU 1 / 2 / 4 threads | x264 wall 1 / 2 / 4 threads | serial share | "
          + "fresh encoder per GOP of 12")
    var models: [(scene: String, costs: FrameCosts)] = []
    for file in files {
        let prepared = try PreparedScene.load(file, canvas: CanvasOverrides(scale: scale))
        let canvas = prepared.scene.canvas
        let (w, h) = (canvas.pixelWidth, canvas.pixelHeight)
        let first = max(0, canvas.frameCount / 2 - frames / 2), count = min(frames, canvas.frameCount)
        var drawer = FrameDrawer(prepared)
        var drawn: [Bitmap] = []
        let drawCPU = cpuSeconds {
            for i in first..<first + count { drawn.append(drawer.draw(prepared.evaluator.displayList(frame: i), threads: 1)) }
        }
        func encode(threads: Int, gop: Int) throws -> (cpu: Double, wait: Double, convert: Double) {
            try (0..<2).map { _ in
                var convert = 0.0, wall = 0.0
                let cpu = try cpuSeconds {
                    wall = try seconds {
                        let writer = try MP4Writer(path: dir + "/model.mp4", width: w, height: h, fps: canvas.fps, gop: gop, threads: threads)
                        for frame in drawn { try writer.write(frame) }
                        try writer.finish()
                        convert = Double(writer.times.conversion) / 1e9
                    }
                }
                return (cpu - convert, wall - convert, convert)
            }.min { $0.wait < $1.wait }!
        }
        let runs = try [1, 2, 4].map { try encode(threads: $0, gop: count) }
        let restarting = try encode(threads: MP4Writer.encoderThreads, gop: 12)
        let perFrame = { (seconds: Double) in seconds * 1000 / Double(count) }
        let costs = FrameCosts(draw: perFrame(drawCPU), convert: perFrame(runs[0].convert), x264CPU: runs.map { perFrame($0.cpu) },
                               x264Wall: runs.map { perFrame($0.wait) })
        models.append(((file as NSString).lastPathComponent, costs))
        print(String(format: "%@ | %d×%d | %.1f | %.1f | %.1f / %.1f / %.1f | %.1f / %.1f / %.1f | %.2f | +%.1f%% wall",
                     file, w, h, costs.draw, costs.convert, costs.x264CPU[0], costs.x264CPU[1], costs.x264CPU[2],
                     costs.x264Wall[0], costs.x264Wall[1], costs.x264Wall[2], costs.serialShare,
                     100 * (restarting.wait / runs[2].wait - 1)))
    }
    print("\nmodelled fps (x264 4 threads per encoder, its wall at 4 threads from the Amdahl fit)")
    print("scene | cores | drawing + encoding allow | one encoder | --chunks C/4 (N) | default (N)")
    for (scene, costs) in models {
        for cores in [2, 16, 64] {
            let byDefault = ChunkCount.auto.resolved(cores: cores), quarter = max(1, cores / 4)
            print(String(format: "%@ | %d | %.0f | %.0f | %.0f (%d) | %.0f (%d)", scene, cores, costs.budget(cores: cores),
                         costs.fps(cores: cores, encoders: 1), costs.fps(cores: cores, encoders: quarter), quarter,
                         costs.fps(cores: cores, encoders: byDefault), byDefault))
        }
        print(String(format: "%@: one encoder keeps %.1f cores busy", scene, costs.coresPerEncoder))
    }
}

/// Measured milliseconds per frame, and the model built on them.
struct FrameCosts {
    var draw: Double, convert: Double
    /// At 1, 2 and 4 x264 threads.
    var x264CPU: [Double], x264Wall: [Double]

    /// Amdahl's serial share of x264's wall time, from 1 and 2 threads.
    var serialShare: Double { min(1, max(0, 2 * x264Wall[1] / x264Wall[0] - 1)) }
    /// x264's wall time per frame at 4 threads on 4 free cores.
    var wall4: Double { x264Wall[0] * (serialShare + (1 - serialShare) / 4) }
    /// Frames per second the cores allow: every frame's CPU time, spread over them.
    func budget(cores: Int) -> Double { Double(cores) * 1000 / (draw + convert + x264CPU[2]) }
    /// Frames per second with `encoders` outputs: the budget, or each delivering thread's ceiling.
    func fps(cores: Int, encoders: Int) -> Double { min(budget(cores: cores), Double(encoders) * 1000 / (convert + wall4)) }
    /// The cores one encoder's ceiling fills.
    var coresPerEncoder: Double { (draw + convert + x264CPU[2]) / (convert + wall4) }
}
