import Foundation
import Pipeline

extension CommandSpec {
    static let watch = CommandSpec(
        name: "watch", summary: "render, then render again whenever the scene or its assets change",
        usage: ["SCENE.json… [render options]"],
        about: """
            After each render it waits for a scene file, image, font or --vars
            file to change (polling a few times a second), names what changed
            and renders again. Frames whose content did not change are read back
            from the frame cache, so a round redraws only what the edit touched;
            each round prints how many frames it drew. A scene with mistakes is
            reported and waited on. Stop with Ctrl-C.
            """,
        options: RenderOptions.flags,
        examples: ["reel watch Scenes/splash.json --scale 0.5", "reel watch Scenes/snow.json -o /tmp/snow.mp4 --frames 0-119"]
    ) { parsed throws(ReelError) in
        let options = try RenderOptions(parsed)
        try options.parameters.run { () throws(RenderError) in
            try SceneWatch.run(scenes: options.scenes, files: options.parameters.files, quiet: options.progress == .quiet) { error in
                let worded = error as? ReelError ?? (error as? RenderError).map(options.parameters.reword) ?? .usage("\(error)")
                FileHandle.standardError.write(Data((worded.message + "\n").utf8))
            } batch: {
                // Each round reads the --vars files again.
                let round = try RenderOptions(parsed)
                return RenderBatch(try round.requests(), jobs: round.jobs, progress: round.progress)
            }
        }
    }
}
