import Foundation
import Media
import Pipeline
import Pixels

/// What one frame of an MP4 render costs, measured, and the frame rate it
/// allows on many cores with one encoder and with `--chunks`.
///
/// Per frame, on this machine: drawing (evaluation and rasterization, CPU
/// time of one worker, whole frames with reuse as a render draws them) and
/// encoding (the RGBA → NV12 conversion and x264, veryfast crf 20, slice
/// threads) at 1, 2 and 4 x264 threads: the process's CPU time, and the
/// wall time of the encoding (the frames are drawn first and encoded from
/// memory, so neither holds any drawing).
///
/// The model: drawing and encoding share C cores, so a render reaches at
/// most C ÷ (draw + encode CPU at 4 threads) fps; and each output's frames
/// pass one chain — conversion, then x264 with its 4 threads — whose wall
/// time per frame on free cores is the 1-thread CPU time divided by the
/// speed-up 4 threads measured over 1 (wall 1 ÷ wall 4). On a machine
/// loaded by other jobs the walls are long, but each runnable thread gets
/// a like share, so their ratio still says how far x264's slices run in
/// parallel (up to the cores there are: 2 here, which bounds it from below).
/// N encoders reach N ÷ that chain's time.
func encoderModel(_ files: [String], scale: Double, frames: Int) throws {
    let dir = NSTemporaryDirectory() + "reel-encoder-model-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    print("encoder model: \(frames) frames from the middle of each scene at scale \(String(format: "%.4g", scale)), veryfast crf 20, "
          + "\(ProcessInfo.processInfo.activeProcessorCount) cores; best of 2 (ms per frame)")
    print("scene | size | draw CPU | encode CPU 1 / 2 / 4 x264 threads | encode wall 1 / 2 / 4 | speed-up 4 ÷ 1 | "
          + "one chain on free cores | fresh encoder per GOP of 12")
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
        func encode(threads: Int, gop: Int) throws -> (cpu: Double, wall: Double) {
            try (0..<2).map { _ in
                var wall = 0.0
                let cpu = try cpuSeconds {
                    wall = try seconds {
                        let writer = try MP4Writer(path: dir + "/model.mp4", width: w, height: h, fps: canvas.fps, gop: gop, threads: threads)
                        for frame in drawn { try writer.write(frame) }
                        try writer.finish()
                    }
                }
                return (cpu, wall)
            }.min { $0.wall < $1.wall }!
        }
        let runs = try [1, 2, 4].map { try encode(threads: $0, gop: count) }
        let restarting = try encode(threads: MP4Writer.encoderThreads, gop: 12)
        let perFrame = { (seconds: Double) in seconds * 1000 / Double(count) }
        let costs = FrameCosts(draw: perFrame(drawCPU), encodeCPU: runs.map { perFrame($0.cpu) }, encodeWall: runs.map { perFrame($0.wall) })
        models.append(((file as NSString).lastPathComponent, costs))
        print(String(format: "%@ | %d×%d | %.1f | %.1f / %.1f / %.1f | %.1f / %.1f / %.1f | %.2f× | %.1f | %+.1f%% wall",
                     file, w, h, costs.draw, costs.encodeCPU[0], costs.encodeCPU[1], costs.encodeCPU[2],
                     costs.encodeWall[0], costs.encodeWall[1], costs.encodeWall[2], costs.speedUp, costs.chain,
                     100 * (restarting.wall / runs[2].wall - 1)))
    }
    print("\nmodelled fps")
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
    var draw: Double
    /// Conversion and x264 at 1, 2 and 4 x264 threads.
    var encodeCPU: [Double], encodeWall: [Double]

    /// How much faster x264 encodes with 4 threads than with 1.
    var speedUp: Double { encodeWall[0] / encodeWall[2] }
    /// One output's chain per frame on free cores.
    var chain: Double { encodeCPU[0] / speedUp }
    /// Frames per second the cores allow: every frame's CPU time, spread over them.
    func budget(cores: Int) -> Double { Double(cores) * 1000 / (draw + encodeCPU[2]) }
    /// Frames per second with `encoders` outputs: the budget, or their chains' ceiling.
    func fps(cores: Int, encoders: Int) -> Double { min(budget(cores: cores), Double(encoders) * 1000 / chain) }
    /// The cores one encoder's chain fills.
    var coresPerEncoder: Double { (draw + encodeCPU[2]) / chain }
}
