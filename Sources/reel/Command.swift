import Foundation
import Media
import Pipeline
import SceneModel

/// The subcommands and their help texts.
enum Command {
    static let usage = """
        reel — render scene files (JSON) to video and PNG frames

        Usage:
          reel render SCENE.json [-o OUT.mp4] [--png-dir DIR] [--jobs N] [--frames A-B] [--quiet]
          reel still SCENE.json [--time T] [--scale S] -o OUT.png
          reel validate SCENE.json…
          reel bench SCENE.json --frames N --png OUT.png [--threads N]
          reel help [COMMAND]

        Run 'reel render --help' for the options of a command.
        """

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

    static func run(_ args: [String]) throws(ReelError) {
        guard let first = args.first else { throw .usage(usage) }
        switch first {
        case "-h", "--help", "help":
            switch args.count > 1 ? args[1] : "" {
            case "render": print(renderHelp)
            case "validate": print(validateHelp)
            case "still": print(stillHelp)
            case "bench": print(benchHelp)
            default: print(usage)
            }
        case "render":
            try render(Array(args.dropFirst()))
        case "bench":
            try bench(Array(args.dropFirst()))
        case "validate":
            try validate(Array(args.dropFirst()))
        case "still":
            try still(Array(args.dropFirst()))
        default:
            throw .usage("unknown command '\(first)'\n\n" + usage)
        }
    }

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

    static let stillHelp = """
        reel still — render one moment of a scene to a PNG

        Usage:
          reel still SCENE.json [--time T] [--scale S] -o OUT.png

        T is in seconds and need not fall on a frame; without it, the scene's
        "poster" time (else its middle). --scale replaces the canvas's pixels
        per point. The PNG has straight alpha and appears under its name only
        when complete.

        Example:
          reel still Scenes/splash.json --time 1.25 -o /tmp/splash.png
        """

    static func still(_ args: [String]) throws(ReelError) {
        var options = OptionReader(args, command: "still")
        var scene: String?, output: String?
        var time: Double?, scale: Double?
        while let arg = options.next() {
            switch arg {
            case "-h", "--help": print(stillHelp); return
            case "-o", "--output": output = try options.value(for: arg)
            case "--time":
                let v = try options.value(for: arg)
                guard let t = Double(v), t.isFinite, t >= 0 else { throw .usage("--time expects seconds ≥ 0, found '\(v)'") }
                time = t
            case "--scale": scale = try parseScale(try options.value(for: arg))
            default:
                if arg.hasPrefix("-") { throw .usage("still: unknown option '\(arg)'; see 'reel still --help'") }
                guard scene == nil else { throw .usage("still: one scene file expected, found '\(scene!)' and '\(arg)'") }
                scene = arg
            }
        }
        guard let scene else { throw .usage("still: missing scene file; see 'reel still --help'") }
        guard let output else { throw .usage("still: missing -o OUT.png; see 'reel still --help'") }
        try StillJob.run(scenePath: scene, time: time, scale: scale, output: output)
    }

    static let validateHelp = """
        reel validate — check scene files without rendering

        Usage:
          reel still SCENE.json [--time T] [--scale S] -o OUT.png
          reel validate SCENE.json…

        Prints every problem of every file (file:line:column: JSON path: message)
        and exits with status 65, or prints one summary line per valid file.

        Example:
          reel validate Scenes/*.json
        """

    static func validate(_ args: [String]) throws(ReelError) {
        if args.contains("-h") || args.contains("--help") { print(validateHelp); return }
        guard !args.isEmpty else { throw .usage("validate: missing scene file; see 'reel validate --help'") }
        var failures: [ReelError] = []
        for path in args {
            do {
                let prepared = try PreparedScene.load(path)
                prepared.reportWarnings()
                print("\(path): ok — \(SceneSummary(prepared.scene))")
            } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else { throw failures.count == 1 ? failures[0] : .several(failures) }
    }

    static let benchHelp = """
        reel bench — time frame 0 of a scene, for the peer benchmark harness

        Usage:
          reel bench SCENE.json --frames N --png OUT.png [--threads N]

        Renders frame 0 N times, writes the last one to OUT.png and prints, as
        its last line, {"ms": [t1, …, tN]}: per-frame milliseconds covering
        evaluation, display list and rasterization (not loading, not PNG writing).
        With --threads N > 1, N workers render concurrently (throughput).
        """

    static func bench(_ args: [String]) throws(ReelError) {
        var options = OptionReader(args, command: "bench")
        var scene: String?, png: String?
        var frames = 1, threads = 1
        while let arg = options.next() {
            switch arg {
            case "-h", "--help": print(benchHelp); return
            case "--frames", "--threads":
                let v = try options.value(for: arg)
                guard let n = Int(v), n >= 1 else { throw .usage("\(arg) expects a positive number, found '\(v)'") }
                if arg == "--frames" { frames = n } else { threads = n }
            case "--png": png = try options.value(for: arg)
            default:
                if arg.hasPrefix("-") { throw .usage("bench: unknown option '\(arg)'; see 'reel bench --help'") }
                scene = arg
            }
        }
        guard let scene else { throw .usage("bench: missing scene file; see 'reel bench --help'") }
        let result = Benchmark.run(try PreparedScene.load(scene), frames: frames, threads: threads)
        if let png {
            do { try PNGCodec.write(result.last, to: png) } catch { throw .output(error as? MediaError ?? .cannotWrite(path: png, reason: "\(error)")) }
        }
        let list = result.ms.map { String(format: "%.4f", $0) }.joined(separator: ", ")
        print("{\"ms\": [\(list)]}")
    }

    /// A canvas scale override: pixels per point, > 0 and ≤ 16.
    static func parseScale(_ s: String) throws(ReelError) -> Double {
        guard let v = Double(s), v.isFinite, v > 0, v <= 16 else {
            throw .usage("--scale expects pixels per point, more than 0 and at most 16, found '\(s)'")
        }
        return v
    }

    /// "A-B" (inclusive) or "A".
    static func parseFrames(_ s: String) throws(ReelError) -> ClosedRange<Int> {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.map { Int($0) }
        switch numbers.count {
        case 1 where numbers[0] != nil && numbers[0]! >= 0:
            return numbers[0]!...numbers[0]!
        case 2 where numbers[0] != nil && numbers[1] != nil && numbers[0]! >= 0 && numbers[0]! <= numbers[1]!:
            return numbers[0]!...numbers[1]!
        default:
            throw .usage("--frames expects A-B with 0 ≤ A ≤ B (or one frame number), found '\(s)'")
        }
    }
}

/// Walks the arguments of one command.
struct OptionReader {
    private var args: [String]
    private var index = 0
    let command: String

    init(_ args: [String], command: String) {
        self.args = args
        self.command = command
    }

    mutating func next() -> String? {
        guard index < args.count else { return nil }
        defer { index += 1 }
        return args[index]
    }

    mutating func value(for option: String) throws(ReelError) -> String {
        guard let v = next() else { throw .usage("\(command): \(option) needs a value; see 'reel \(command) --help'") }
        return v
    }
}
