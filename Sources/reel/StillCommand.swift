import Foundation
import Media
import Pipeline
import SceneModel

extension Command {
    static let stillHelp = """
        reel still — render one moment of a scene to a PNG

        Usage:
          reel still SCENE.json [--time T] [--scale S] [--fonts-only-declared] [--set NAME=VALUE]… [--vars FILE.json] -o OUT.png

        T is in seconds and need not fall on a frame; without it, the scene's
        "poster" time (else its middle). --scale replaces the canvas's pixels
        per point. --fonts-only-declared: no installed fonts for characters
        the scene's and the bundled fonts lack. The PNG has straight alpha and appears under its name only
        when complete.

        Options:
        \(ParameterOptions.help)

        Example:
          reel still Scenes/splash.json --time 1.25 -o /tmp/splash.png
        """

    static func still(_ args: [String]) throws(ReelError) {
        var options = OptionReader(args, command: "still")
        var scene: String?, output: String?
        var time: Double?, scale: Double?
        var systemFonts = true
        var parameters = ParameterOptions()
        while let arg = options.next() {
            switch arg {
            case "-h", "--help": print(stillHelp); return
            case "-o", "--output": output = try options.value(for: arg)
            case "--time":
                let v = try options.value(for: arg)
                guard let t = Double(v), t.isFinite, t >= 0 else { throw .usage("--time expects seconds ≥ 0, found '\(v)'") }
                time = t
            case "--scale": scale = try parseScale(try options.value(for: arg))
            case "--fonts-only-declared": systemFonts = false
            default:
                if try parameters.take(arg, from: &options) { continue }
                if arg.hasPrefix("-") { throw .usage("still: unknown option '\(arg)'; see 'reel still --help'") }
                guard scene == nil else { throw .usage("still: one scene file expected, found '\(scene!)' and '\(arg)'") }
                scene = arg
            }
        }
        guard let scene else { throw .usage("still: missing scene file; see 'reel still --help'") }
        guard let output else { throw .usage("still: missing -o OUT.png; see 'reel still --help'") }
        var request = RenderRequest(scenePath: scene)
        request.canvas.scale = scale
        request.parameters = parameters.assignments
        request.systemFonts = systemFonts
        do {
            try StillJob.run(request, time: time, output: output)
        } catch {
            throw parameters.reword(error)
        }
    }
}
