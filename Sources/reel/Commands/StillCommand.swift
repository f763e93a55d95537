import Foundation
import Pipeline

extension CommandSpec {
    static let still = CommandSpec(
        name: "still", summary: "render one moment of a scene to a PNG",
        usage: ["SCENE.json [--time T | --frame N] [--scale S] [--fps F] [--jobs N] [--set NAME=VALUE]… [--vars FILE.json] -o OUT.png"],
        about: """
            Without --time or --frame, the scene's "poster" time (else its
            middle). The PNG has straight alpha and appears under its name only
            when complete.
            """,
        options: [.output, .time, .frame, .scale, .fps, .jobs, .fontsOnlyDeclared, .set, .vars],
        examples: ["reel still Scenes/splash.json --time 1.25 -o /tmp/splash.png",
                   "reel still Scenes/snow.json --frame 120 --scale 1 -o /tmp/snow.png"]
    ) { parsed throws(ReelError) in
        let scene = try parsed.single("scene file")
        guard let output = parsed.text(.output) else { throw parsed.missing("-o OUT.png") }
        if parsed.has(.time), parsed.has(.frame) { throw .usage("still: give --time or --frame, not both") }
        let options = try RenderOptions(parsed)
        var request = options.settings(for: scene)
        request.posterPath = output
        request.systemFonts = options.systemFonts
        let moment: StillJob.Moment? = parsed.number(.time).map { .time($0) } ?? parsed.integer(.frame).map { .frame($0) }
        try options.parameters.run { () throws(RenderError) in try StillJob.run(request, at: moment, threads: options.jobs) }
    }
}
