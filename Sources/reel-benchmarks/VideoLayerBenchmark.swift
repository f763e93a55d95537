import Foundation
import Media
import Pipeline
import ProcessRunner

/// A 1080×1920 scene that is one full-screen 1080p H.264 video layer,
/// rendered to MP4, beside ffmpeg re-encoding the same clip alone
/// (`ffmpeg -i clip -c:v libx264 -preset veryfast`, same crf, x264
/// options and threads): the cost of a video layer end to end — decoding,
/// converting, drawing, encoding — against the floor of decode + encode.
/// The ratio (ffmpeg time ÷ Reel time) is 1.0 when nothing but the two
/// codecs costs anything.
func videoLayerBenchmark(seconds duration: Int) throws {
    guard let ffmpeg = Program.onPath("ffmpeg") else {
        print("video: needs the ffmpeg command (apt-get install ffmpeg)")
        exit(69)
    }
    let dir = NSTemporaryDirectory() + "reel-video-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fps = 30.0, frames = duration * 30
    let gop = MP4Writer.x264Parameters(gop: KeyframeInterval.standard(fps: fps))
    let clip = dir + "/clip.mp4"
    _ = try ffmpeg.runChecked(["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=1080x1920:r=30:d=\(duration)",
                               "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                               "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", clip])
    let scene = dir + "/video.json"
    try #"{"canvas": {"width": 1080, "height": 1920, "fps": 30, "duration": \#(duration)}, "layers": [{"type": "video", "video": "clip.mp4"}]}"#
        .write(toFile: scene, atomically: true, encoding: .utf8)
    let cores = ProcessInfo.processInfo.activeProcessorCount, rounds = 5
    print("video layer: 1080×1920 scene, one full-screen 1080×1920 H.264 layer, \(frames) frames; preset veryfast, crf 20, "
          + "x264 threads \(MP4Writer.encoderThreads), \(cores) cores; \(rounds) rounds, Reel and ffmpeg taking turns")
    var request = RenderRequest(scenePath: scene, videoPath: dir + "/reel.mp4", frames: 0...(frames - 1))
    request.preset = "veryfast"
    // Turns, not one block after the other: a shared machine's speed drifts
    // over a minute, and each round's pair sees the same machine.
    var reel: [Double] = [], alone: [Double] = []
    for _ in 0..<rounds {
        reel.append(try seconds { try RenderBatch([request], jobs: cores, progress: .quiet).run() })
        alone.append(try seconds {
            _ = try ffmpeg.runChecked(["-v", "error", "-y", "-i", clip, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
                                       "-x264-params", gop, "-pix_fmt", "yuv420p",
                                       "-threads", String(MP4Writer.encoderThreads), dir + "/ffmpeg.mp4"])
        })
    }
    let ratios = zip(alone, reel).map { $0 / $1 }.sorted()
    print("round | Reel s | ffmpeg alone s | ratio (ffmpeg ÷ Reel)")
    for (k, (r, a)) in zip(reel, alone).enumerated() { print(String(format: "%d | %.2f | %.2f | %.2f", k + 1, r, a, a / r)) }
    let (r, a) = (reel.sorted()[rounds / 2], alone.sorted()[rounds / 2])
    print(String(format: "median | %.2f (%.1f fps) | %.2f (%.1f fps) | %.2f (rounds' ratios %.2f–%.2f)",
                 r, Double(frames) / r, a, Double(frames) / a, ratios[rounds / 2], ratios.first!, ratios.last!))
}
