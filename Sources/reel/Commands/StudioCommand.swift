import Foundation
import Pipeline
import Studio

extension CommandSpec {
    static let studio = CommandSpec(
        name: "studio", summary: "a local web page to scrub, play and inspect a scene while you edit it",
        usage: ["SCENE.json [--port P] [--host ADDRESS] [--scale S] [--jobs N] [--set NAME=VALUE]… [--vars FILE.json]"],
        about: """
            Serves a page at http://ADDRESS:P/ showing the scene at any moment (at
            --scale pixels per point, if given): a scrubber with the timeline's
            marks, play/pause, ±1 frame, zoom, the parameters and the variables'
            values. Every save of the scene or of one of its assets updates the
            page; a scene with mistakes shows them over the last good frame.
            "Render" renders the video as 'reel render' would (into a temporary
            folder, offered for download); nothing is written beside the scene.
            The URL is printed on standard output. Stop with Ctrl-C.

            The parameters (the scene's variables) start from --set and --vars and
            may be changed on the page, as --set would change them; the file is
            never written.

            Endpoints: GET /api/scene, /api/frame.png?t=SECONDS (or ?frame=N,
            &scale=S), /api/values?t=SECONDS, /api/events (Server-Sent Events),
            POST /api/parameters, POST /api/render?format=mp4.
            """,
        options: [.port, .host, .scale, .jobs, .set, .vars],
        examples: ["reel studio Scenes/splash.json"]
    ) { parsed throws(ReelError) in
        let scene = try parsed.single("scene file")
        var options = Studio.Options()
        options.port = parsed.integer(.port) ?? options.port
        options.host = parsed.text(.host) ?? options.host
        options.settings.scale = parsed.number(.scale)
        options.jobs = parsed.integer(.jobs) ?? options.jobs
        let parameters = try ParameterOptions(parsed)
        options.settings.parameters = parameters.assignments
        let studio = try parameters.run { () throws(RenderError) in try Studio(scene: scene, options: options) }
        do throws(StudioError) {
            try studio.start()
        } catch {
            throw .studio(error)
        }
        for problem in studio.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        let shown = options.host.contains(":") ? "[\(options.host)]" : options.host
        // Written at once (not buffered), so a script reading the URL sees it.
        FileHandle.standardOutput.write(Data("studio: http://\(shown):\(studio.port)/ (Ctrl-C to stop)\n".utf8))
        while Interruption.shared.receivedSignal == nil { Thread.sleep(forTimeInterval: 0.1) }
        studio.stop()
    }
}
