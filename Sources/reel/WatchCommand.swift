import Foundation
import Pipeline

extension Command {
    static let watchHelp = """
        reel watch — render, then render again whenever the scene or its assets change

        Usage:
          reel watch SCENE.json… [render options]

        Takes every option of 'reel render'. After each render it waits for a
        scene file, image, font or --vars file to change (polling a few times
        a second), names what changed and renders again. Frames whose content did not
        change are read back from the frame cache, so a round redraws only what
        the edit touched; each round prints how many frames it drew. A scene
        with mistakes is reported and waited on. Stop with Ctrl-C.

        Examples:
          reel watch Scenes/splash.json --scale 0.5
          reel watch Scenes/snow.json -o /tmp/snow.mp4 --frames 0-119
        """

    static func watch(_ args: [String]) throws(ReelError) {
        guard var options = try RenderOptions.parse(args, command: "watch", help: watchHelp) else { return }
        let first = options
        try SceneWatch.run(scenes: options.scenes, files: options.parameters.files, quiet: options.progress == .quiet) { error in
            FileHandle.standardError.write(Data((options.parameters.reword(error).commandLineMessage + "\n").utf8))
        } batch: { () throws(ReelError) in
            // Each round reads the --vars files again.
            options = try RenderOptions.parse(args, command: "watch", help: watchHelp) ?? first
            return RenderBatch(try options.requests(), jobs: options.jobs, progress: options.progress)
        }
    }
}
