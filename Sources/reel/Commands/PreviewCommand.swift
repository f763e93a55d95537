import Pipeline

extension CommandSpec {
    static let preview = CommandSpec(
        name: "preview", summary: "a quick, small clip of each scene and a contact sheet",
        usage: ["SCENE.json|FOLDER… [-o OUT] [render options]"],
        about: """
            Renders at most \(Preview.maxPixels) pixels on the longer side and
            \(Int(Preview.maxFPS)) frames per second, encodes with x264's
            \(Preview.preset) preset at crf \(Preview.crf), and writes beside the
            video a PNG contact sheet of 12 evenly spaced frames labelled with
            their times. Default outputs: Output/<scene>.preview.mp4 and
            Output/<scene>.preview.png. --scale, --fps, --crf and --preset
            replace the preview's own.
            """,
        options: RenderOptions.flags,
        examples: ["reel preview Scenes/", "reel preview Scenes/snow.json -o /tmp/snow.mp4 --fps 10"]
    ) { parsed throws(ReelError) in
        let options = try RenderOptions(parsed)
        let requests = try options.requests(preview: true)
        try options.parameters.run { () throws(RenderError) in
            try RenderBatch(requests, jobs: options.jobs, progress: options.progress).run()
        }
    }
}
