import Foundation
import Media
import Pipeline
import SceneModel

extension Command {
    static let benchHelp = """
        reel bench — time frame 0 of a scene, for a peer benchmark harness

        Usage:
          reel bench SCENE.json --frames N --png OUT.png [--threads N]

        Renders frame 0 N times, writes the last one to OUT.png and prints, as
        its last line, {"ms": [t1, …, tN]}: per-frame milliseconds covering
        evaluation, display list and rasterization (not loading, not PNG writing).
        With --threads N > 1, N workers render concurrently (throughput).

        Example:
          reel bench Scenes/hello.json --frames 10 --png /tmp/hello.png

        A harness runs it as a command with its own scene, count and output:
          .build/release/reel bench {scene} --frames {frames} --png {out}
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
}
