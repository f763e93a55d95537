import Foundation
import Pipeline
import Studio

extension Command {
    static let studioHelp = """
        reel studio — a local web page to scrub, play and inspect a scene while you edit it

        Usage:
          reel studio SCENE.json [--port P] [--host ADDRESS] [--jobs N]

        Serves a page at http://ADDRESS:P/ (default 127.0.0.1:4750; --port 0
        picks a free port) showing the scene at any moment: a scrubber with the
        timeline's marks, play/pause, ±1 frame, zoom, the variables' values.
        Every save of the scene or of one of its assets updates the page; a
        scene with mistakes shows them over the last good frame. "Render"
        renders the video as 'reel render' would (into a temporary folder,
        offered for download); nothing is written beside the scene. The URL
        is printed on standard output. Stop with Ctrl-C.

        Endpoints: GET /api/scene, /api/frame.png?t=SECONDS (or ?frame=N,
        &scale=S), /api/values?t=SECONDS, /api/events (Server-Sent Events),
        POST /api/render?format=mp4.

        Example:
          reel studio Scenes/splash.json
        """

    static func studio(_ args: [String]) throws(ReelError) {
        var options = OptionReader(args, command: "studio")
        var scene: String?
        var settings = Studio.Options()
        while let arg = options.next() {
            switch arg {
            case "-h", "--help": print(studioHelp); return
            case "--port":
                settings.port = try RenderOptions.number(options.value(for: arg), for: arg, in: 0...65535)
            case "--host": settings.host = try options.value(for: arg)
            case "--jobs": settings.jobs = try RenderOptions.number(options.value(for: arg), for: arg, in: 1...256)
            default:
                if arg.hasPrefix("-") { throw .usage("studio: unknown option '\(arg)'; see 'reel studio --help'") }
                guard scene == nil else { throw .usage("studio: one scene file expected, found '\(scene!)' and '\(arg)'") }
                scene = arg
            }
        }
        guard let scene else { throw .usage("studio: missing scene file; see 'reel studio --help'") }
        let studio = try Studio(scene: scene, options: settings)
        for problem in studio.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        let shown = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
        // Written at once (not buffered), so a script reading the URL sees it.
        FileHandle.standardOutput.write(Data("studio: http://\(shown):\(studio.port)/ (Ctrl-C to stop)\n".utf8))
        while Interruption.shared.receivedSignal == nil { Thread.sleep(forTimeInterval: 0.1) }
        studio.stop()
    }
}
