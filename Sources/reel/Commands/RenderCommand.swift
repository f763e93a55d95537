import Pipeline

extension CommandSpec {
    static let render = CommandSpec(
        name: "render", summary: "render scenes to video, PNG frames or both",
        usage: ["SCENE.json|FOLDER… [-o OUT] [--format F] [--png-dir DIR] [--poster FILE] [--frames A-B] [--every N]",
                "  [--scale S] [--fps F] [--crf Q] [--preset P] [--jobs N] [--set NAME=VALUE]… [--vars FILE.json] …"],
        about: """
            Several scenes (or a folder of them) render in one call, sharing the
            worker threads; each gets its own output, named after the scene:
            Output/<scene>.mp4 unless -o, --png-dir or --poster says otherwise.
            With --shard K/N the video goes into -o's folder as
            <scene>.part-K-of-N.mp4, for 'reel concat'; PNG frames keep their
            one-process numbers. Outputs appear under their final names only
            when complete.
            """,
        options: RenderOptions.flags,
        examples: ["reel render Scenes/hello.json",
                   "reel render Scenes/ -o /tmp/videos --jobs 2",
                   "reel render Scenes/hello.json --format png -o /tmp/frames --frames 0-59",
                   "reel render Scenes/splash.json -o /tmp/splash.gif --scale 0.5 --fps 25",
                   "reel render Scenes/advent/door.json --set day=7 --set accent=#34C759 -o /tmp/day7.mp4"]
    ) { parsed throws(ReelError) in
        let options = try RenderOptions(parsed)
        let requests = try options.requests()
        try options.parameters.run { () throws(RenderError) in
            try RenderBatch(requests, jobs: options.jobs, progress: options.progress).run()
        }
    }
}
