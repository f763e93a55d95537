import Foundation
import Pipeline
import SceneModel

extension Command {
    static let infoHelp = """
        reel info — describe scenes and estimate what rendering them costs

        Usage:
          reel info SCENE.json… [--json] [--jobs N] [--scale S] [--fps F] [--no-estimate] [--set NAME=VALUE]… [--vars FILE.json]
                                [--fonts-only-declared]

        For each scene: frames, frame rate and duration, the canvas in points
        and pixels, layers (top-level and all nodes), emitters and the most
        particles drawn in one frame (up to 120 evenly spaced frames sampled),
        the installed font files its texts use (fontconfig fallback),
        and an estimate of the render time from 3 evenly spaced frames drawn
        on one thread: milliseconds per frame, CPU-seconds for every frame and
        the wall time on N cores (rendering only; encoding is extra).

        Options:
          --json          one JSON array with an object per scene, on standard output
          --jobs N        cores the wall time assumes (default: this machine's)
          --scale S       pixels per point instead of the canvas's scale
          --fps F         frames per second instead of the canvas's
          --no-estimate   skip drawing frames (no cost figures)
          --fonts-only-declared  no installed fonts (as render's option)
        \(ParameterOptions.help)
          -h, --help      show this help

        Example:
          reel info Scenes/*.json --jobs 8
        """

    static func info(_ args: [String]) throws(ReelError) {
        var options = OptionReader(args, command: "info")
        var scenes: [String] = []
        var json = false, estimate = true
        var cores = ProcessInfo.processInfo.activeProcessorCount
        var scale: Double?, fps: Double?
        var systemFonts = true
        var parameters = ParameterOptions()
        while let arg = options.next() {
            switch arg {
            case "-h", "--help": print(infoHelp); return
            case "--json": json = true
            case "--no-estimate": estimate = false
            case "--fonts-only-declared": systemFonts = false
            case "--jobs":
                let v = try options.value(for: arg)
                guard let n = Int(v), n >= 1, n <= 256 else { throw .usage("--jobs expects a number from 1 to 256, found '\(v)'") }
                cores = n
            case "--scale": scale = try parseScale(try options.value(for: arg))
            case "--fps":
                let v = try options.value(for: arg)
                guard let f = Double(v), f > 0, f <= 240 else { throw .usage("--fps expects frames per second, more than 0 and at most 240, found '\(v)'") }
                fps = f
            default:
                if try parameters.take(arg, from: &options) { continue }
                if arg.hasPrefix("-") { throw .usage("info: unknown option '\(arg)'; see 'reel info --help'") }
                scenes.append(arg)
            }
        }
        guard !scenes.isEmpty else { throw .usage("info: missing scene file; see 'reel info --help'") }
        var infos: [SceneInfo] = []
        var failures: [ReelError] = []
        for path in scenes {
            do {
                let prepared = try PreparedScene.load(path, canvas: CanvasOverrides(scale: scale, fps: fps),
                                                      parameters: parameters.assignments, systemFonts: systemFonts)
                if !json { prepared.reportWarnings() }
                var info = SceneInfo(prepared, file: path)
                if estimate { info.estimate = CostEstimate.measure(prepared, cores: cores) }
                if !json { print((infos.isEmpty ? "" : "\n") + info.text) }
                infos.append(info)
            } catch {
                failures.append(parameters.reword(error))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(infos)) ?? Data("[]".utf8)
            print(String(decoding: data, as: UTF8.self))
        }
        guard failures.isEmpty else { throw failures.count == 1 ? failures[0] : .several(failures) }
    }
}
