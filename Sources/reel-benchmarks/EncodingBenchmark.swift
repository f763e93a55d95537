import Foundation
import Media
import Pipeline
import Pixels
import ProcessRunner
import Raster

/// End-to-end MP4 throughput next to x264 alone encoding the same frames.
///
/// Reel: scene → frames → RGBA→YUV → x264 → MP4, through `RenderBatch` (all
/// cores, no frame cache). x264 alone: the ffmpeg command encoding the same
/// RGBA frames, read from the page cache, to MP4 at the same preset, crf,
/// thread count and x264 options (GOP, slice threads), with the colour
/// conversion it needs. The ratio (x264 time ÷ Reel time) is 1.0 when
/// rendering hides entirely behind the encoder.
func encoding(_ files: [String], frames: Int) throws {
    guard let ffmpeg = Program.onPath("ffmpeg") else {
        print("encoding: needs the ffmpeg command for the x264-alone figure (apt-get install ffmpeg)")
        exit(69)
    }
    let dir = NSTemporaryDirectory() + "reel-encoding-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print("end-to-end MP4 against x264 alone (\(frames) frames, preset veryfast, crf 20, x264 threads \(MP4Writer.encoderThreads) sliced, 2 s GOP, \(cores) cores; best of 3)")
    print("scene | size | rendering alone s | Reel s | x264 alone s | Reel fps | x264 fps | ratio | PNG sequence s | GIF s")
    var splits: [String] = []
    for file in files {
        let prepared = try PreparedScene.load(file)
        let canvas = prepared.scene.canvas
        let count = min(frames, canvas.frameCount)
        let (w, h) = (canvas.pixelWidth, canvas.pixelHeight)

        var request = RenderRequest(scenePath: file, videoPath: dir + "/reel.mp4", frames: 0...(count - 1))
        request.preset = "veryfast"
        let reel = try (0..<3).map { _ in
            try seconds { try RenderBatch([request], jobs: cores, progress: .quiet).run() }
        }.min()!

        // The same frames as raw RGBA (untimed).
        let rgba = dir + "/frames.rgba"
        _ = FileManager.default.createFile(atPath: rgba, contents: nil)
        func renderFrames(_ deliver: (Bitmap) -> Void) throws {
            try FrameScheduler(jobs: cores).run(frames: 0..<count, makeWorker: { FrameDrawer(prepared) }, render: { i, drawer, threads, reuse in
                drawer.draw(prepared.evaluator.displayList(frame: i), threads: threads, reusing: consume reuse)
            }, deliver: { _, bitmap in deliver(bitmap) })
        }
        let renderOnly = try seconds { try renderFrames { _ in } }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: rgba))
        try renderFrames { out.write(Data($0.pixels)) }
        try out.close()
        let size = "\(w)x\(h)", rate = String(canvas.fps)
        let x264 = try (0..<3).map { _ in
            try seconds {
                _ = try ffmpeg.runChecked(["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", size,
                                           "-framerate", rate, "-i", rgba, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
                                           "-x264-params", MP4Writer.x264Parameters(gop: KeyframeInterval.standard(fps: canvas.fps)),
                                           "-pix_fmt", "yuv420p", "-threads", String(MP4Writer.encoderThreads), dir + "/x264.mp4"])
            }
        }.min()!
        // The other outputs through the same batch, once each.
        let png = RenderRequest(scenePath: file, pngDirectory: dir + "/png", frames: request.frames)
        let pngTime = try seconds { try RenderBatch([png], jobs: cores, progress: .quiet).run() }
        // GIF plays at most 50 fps: every second frame of a 60 fps scene.
        var gif = RenderRequest(scenePath: file, videoPath: dir + "/reel.gif", frames: request.frames)
        gif.every = Int((canvas.fps / 50).rounded(.up))
        let gifTime = try seconds { try RenderBatch([gif], jobs: cores, progress: .quiet).run() }
        print(String(format: "%@ | %@ | %.2f | %.2f | %.2f | %.1f | %.1f | %.2f | %.2f | %.2f", file, "\(w)×\(h)", renderOnly,
                     reel, x264, Double(count) / reel, Double(count) / x264, x264 / reel, pngTime, gifTime))
        splits.append(try CostSplit.measure(prepared, count: count, path: dir + "/split.mp4", jobs: cores).row(file))
    }
    print("\ncost split per frame (MP4, \(cores) workers; evaluation and drawing summed over the workers)")
    print(CostSplit.header)
    splits.forEach { print($0) }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    try milliseconds(body) / 1000
}

/// `reel preview` next to the full render of each scene, both through
/// `RenderBatch` on all cores without the frame cache, best of three each;
/// the target is a tenth.
func preview(_ files: [String]) throws {
    let dir = NSTemporaryDirectory() + "reel-preview-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print("preview against full render (MP4, \(cores) cores, no frame cache, best of 3)")
    print("scene | full s | preview s | ratio")
    for file in files {
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let full = RenderRequest(scenePath: file, videoPath: "\(dir)/\(name).mp4")
        var quick = RenderRequest(scenePath: file, videoPath: "\(dir)/\(name).preview.mp4")
        Preview.apply(to: &quick, crf: nil, preset: nil)
        // Best of three each, taken alternately, so a noisy moment on this
        // shared machine does not decide the ratio.
        var fullTime = Double.infinity, previewTime = Double.infinity
        for _ in 0..<3 {
            fullTime = min(fullTime, try seconds { try RenderBatch([full], jobs: cores, progress: .quiet).run() })
            previewTime = min(previewTime, try seconds { try RenderBatch([quick], jobs: cores, progress: .quiet).run() })
        }
        print(String(format: "%@ | %.2f | %.2f | %.3f", file, fullTime, previewTime, previewTime / fullTime))
    }
}
