import Foundation
import Media
import Pipeline
import SceneModel

extension Command {
    static let renderHelp = """
        reel render — render a scene to an MP4 video and/or a PNG sequence

        Usage:
          reel render SCENE.json [-o OUT.mp4] [--png-dir DIR] [--poster FILE] [--jobs N] [--frames A-B] [--scale S] [--fps F] [--quiet]

        Options:
          -o, --output FILE   video to write, by extension: .mp4 (H.264, yuv420p,
                              BT.709), .mov (ProRes 4444 with alpha), .webm (VP9
                              with alpha), .gif (palette built for the clip).
                              Default: Output/<scene name>.mp4 unless --png-dir
                              or --poster is given.
          --png-dir DIR       also (or only) write frames as DIR/frame_00000.png …
          --poster FILE       also write the poster frame as a PNG (the scene's
                              "poster" time, else its middle)
          --jobs N            worker threads (default: the number of cores)
          --scale S           pixels per point instead of the canvas's scale
          --fps F             frames per second instead of the canvas's
          --frames A-B        render only frames A through B (inclusive, from 0);
                              a single number renders one frame
          --progress STYLE    text (default), json (one object per frame and line:
                              job, frame, total, fps, eta) or quiet
          --quiet             print nothing but errors (--progress quiet)
          -h, --help          show this help

        Outputs appear under their final names only when complete.

        Examples:
          reel render Scenes/hello.json
          reel render Scenes/hello.json -o /tmp/hello.mp4 --jobs 2
          reel render Scenes/hello.json --png-dir /tmp/frames --frames 0-59
          reel render Scenes/splash.json -o /tmp/splash.gif --scale 0.5 --fps 25
        """

    static func render(_ args: [String]) throws(ReelError) {
        var options = OptionReader(args, command: "render")
        var scene: String?
        var output: String?
        var pngDir: String?
        var poster: String?
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var frames: ClosedRange<Int>?
        var progress = ProgressStyle.text
        var scale: Double?, fps: Double?
        while let arg = options.next() {
            switch arg {
            case "-h", "--help": print(renderHelp); return
            case "-o", "--output": output = try options.value(for: arg)
            case "--png-dir": pngDir = try options.value(for: arg)
            case "--poster": poster = try options.value(for: arg)
            case "--jobs":
                let v = try options.value(for: arg)
                guard let n = Int(v), n >= 1, n <= 256 else { throw .usage("--jobs expects a number from 1 to 256, found '\(v)'") }
                jobs = n
            case "--frames": frames = try parseFrames(try options.value(for: arg))
            case "--quiet": progress = .quiet
            case "--progress":
                let v = try options.value(for: arg)
                guard let style = ProgressStyle(rawValue: v) else {
                    throw .usage("--progress expects text, json or quiet, found '\(v)'")
                }
                progress = style
            case "--scale": scale = try parseScale(try options.value(for: arg))
            case "--fps":
                let v = try options.value(for: arg)
                guard let f = Double(v), f > 0, f <= 240 else { throw .usage("--fps expects frames per second, more than 0 and at most 240, found '\(v)'") }
                fps = f
            default:
                if arg.hasPrefix("-") { throw .usage("render: unknown option '\(arg)'; see 'reel render --help'") }
                guard scene == nil else { throw .usage("render: one scene file expected, found '\(scene!)' and '\(arg)'") }
                scene = arg
            }
        }
        guard let scene else { throw .usage("render: missing scene file; see 'reel render --help'") }
        if output == nil && pngDir == nil && poster == nil {
            let name = ((scene as NSString).lastPathComponent as NSString).deletingPathExtension
            output = "Output/\(name).mp4"
        }
        var request = RenderRequest(scenePath: scene, videoPath: output, pngDirectory: pngDir, posterPath: poster,
                                    jobs: jobs, frames: frames, progress: progress)
        request.scale = scale
        request.fps = fps
        try RenderJob.run(request)
    }
}
