import Pipeline

extension Command {
    static let previewHelp = """
        reel preview — a quick, small clip of each scene and a contact sheet

        Usage:
          reel preview SCENE.json|FOLDER… [-o OUT] [render options]

        Renders at most \(Preview.maxPixels) pixels on the longer side and
        \(Int(Preview.maxFPS)) frames per second, encodes with x264's
        \(Preview.preset) preset at crf \(Preview.crf), and writes beside the
        video a PNG contact sheet of 12 evenly spaced frames labelled with
        their times. Default outputs: Output/<scene>.preview.mp4 and
        Output/<scene>.preview.png. Takes every option of 'reel render';
        --scale, --fps, --crf and --preset replace the preview's own.

        Examples:
          reel preview Scenes/
          reel preview Scenes/snow.json -o /tmp/snow.mp4 --fps 10
        """

    static func preview(_ args: [String]) throws(ReelError) {
        guard let options = try RenderOptions.parse(args, command: "preview", help: previewHelp) else { return }
        do {
            try RenderBatch(try options.requests(preview: true), jobs: options.jobs, progress: options.progress).run()
        } catch {
            throw options.parameters.reword(error)
        }
    }
}
