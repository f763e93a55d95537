import Foundation
import Pipeline

extension CommandSpec {
    static let info = CommandSpec(
        name: "info", summary: "describe scenes and estimate what rendering them costs",
        usage: ["SCENE.json|FOLDER… [--json] [--jobs N] [--scale S] [--fps F] [--no-estimate] [--set NAME=VALUE]… [--vars FILE.json]"],
        about: """
            For each scene: frames, frame rate and duration, the canvas in points
            and pixels, layers (top-level and all nodes), emitters and the most
            particles drawn in one frame (up to 120 evenly spaced frames sampled),
            the installed font files its texts use (fontconfig fallback), its sound
            clips (file, start, how long each sounds, the stretch of the file,
            loop, gain), and an
            estimate of the render time from 3 evenly spaced frames drawn on one
            thread: milliseconds per frame, CPU-seconds for every frame and the
            wall time on --jobs cores (rendering only; encoding is extra).
            """,
        options: [.json, .jobs, .scale, .fps, .noEstimate, .fontsOnlyDeclared, .set, .vars],
        examples: ["reel info Scenes/ --jobs 8"]
    ) { parsed throws(ReelError) in
        let json = parsed.has(.json), estimate = !parsed.has(.noEstimate)
        let cores = parsed.integer(.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
        let canvas = CanvasOverrides(scale: parsed.number(.scale), fps: parsed.number(.fps))
        let parameters = try ParameterOptions(parsed)
        var infos: [SceneInfo] = []
        defer { if json { print(JSONOutput.text(infos, empty: "[]")) } }
        try eachScene(parsed) { path throws(ReelError) in
            let prepared = try parameters.run { () throws(RenderError) in
                try PreparedScene.load(path, canvas: canvas, parameters: parameters.assignments,
                                       systemFonts: !parsed.has(.fontsOnlyDeclared), sound: true)
            }
            if !json { prepared.reportWarnings() }
            var info = SceneInfo(prepared, file: path)
            if estimate { info.estimate = CostEstimate.measure(prepared, cores: cores) }
            if !json { print((infos.isEmpty ? "" : "\n") + info.text) }
            infos.append(info)
        }
    }
}
