import Foundation
import Pipeline
import Studio

extension Command {
    static let studioHelp = """
        reel studio — a local web page to scrub, play and inspect a scene while you edit it

        Usage:
          reel studio SCENE.json [--port P] [--host ADDRESS] [--scale S] [--jobs N] [--set NAME=VALUE…] [--vars FILE.json]

        Serves a page at http://ADDRESS:P/ (default 127.0.0.1:4750; --port 0
        picks a free port) showing the scene at any moment (at --scale pixels
        per point, if given): a scrubber with the timeline's marks,
        play/pause, ±1 frame, zoom, the parameters and the variables' values.
        Every save of the scene or of one of its assets updates the page; a
        scene with mistakes shows them over the last good frame. "Render"
        renders the video as 'reel render' would (into a temporary folder,
        offered for download); nothing is written beside the scene. The URL
        is printed on standard output. Stop with Ctrl-C.

        The parameters (the scene's variables) start from --set and --vars and
        may be changed on the page, as --set would change them; the file is
        never written.

        Options:
        \(ParameterOptions.help)

        Endpoints: GET /api/scene, /api/frame.png?t=SECONDS (or ?frame=N,
        &scale=S), /api/values?t=SECONDS, /api/events (Server-Sent Events),
        POST /api/parameters, POST /api/render?format=mp4.

        Example:
          reel studio Scenes/splash.json
        """

    static func studio(_ args: [String]) throws(ReelError) {
        var reader = OptionReader(args, command: "studio")
        var scene: String?
        var options = Studio.Options()
        var parameters = ParameterOptions()
        while let arg = reader.next() {
            switch arg {
            case "-h", "--help": print(studioHelp); return
            case "--port":
                options.port = try RenderOptions.number(reader.value(for: arg), for: arg, in: 0...65535)
            case "--host": options.host = try reader.value(for: arg)
            case "--scale": options.settings.scale = try parseScale(try reader.value(for: arg))
            case "--jobs": options.jobs = try RenderOptions.number(reader.value(for: arg), for: arg, in: 1...256)
            default:
                if try parameters.take(arg, from: &reader) { continue }
                if arg.hasPrefix("-") { throw .usage("studio: unknown option '\(arg)'; see 'reel studio --help'") }
                guard scene == nil else { throw .usage("studio: one scene file expected, found '\(scene!)' and '\(arg)'") }
                scene = arg
            }
        }
        guard let scene else { throw .usage("studio: missing scene file; see 'reel studio --help'") }
        options.settings.parameters = parameters.assignments
        let studio: Studio
        do {
            studio = try Studio(scene: scene, options: options)
        } catch {
            throw parameters.reword(error)
        }
        do {
            try studio.start()
        } catch {
            throw .usage(error.description)
        }
        for problem in studio.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        let shown = options.host.contains(":") ? "[\(options.host)]" : options.host
        // Written at once (not buffered), so a script reading the URL sees it.
        FileHandle.standardOutput.write(Data("studio: http://\(shown):\(studio.port)/ (Ctrl-C to stop)\n".utf8))
        while Interruption.shared.receivedSignal == nil { Thread.sleep(forTimeInterval: 0.1) }
        studio.stop()
    }
}
