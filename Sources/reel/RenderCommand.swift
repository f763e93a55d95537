import Foundation
import Media
import Pipeline
import SceneModel

extension Command {
    static let renderHelp = """
        reel render — render scenes to video, PNG frames or both

        Usage:
          reel render SCENE.json|FOLDER… [-o OUT] [--format F] [--png-dir DIR] [--poster FILE]
                      [--frames A-B] [--every N] [--scale S] [--fps F] [--crf Q] [--preset P]
                      [--jobs N] [--no-cache] [--fonts-only-declared] [--progress STYLE] [--quiet]
                      [--set NAME=VALUE]… [--vars FILE.json]
                      [--gop N] [--shard K/N | --chunks auto|N]

        Several scenes (or a folder of them) render in one call, sharing the
        worker threads; each gets its own output, named after the scene.

        Options:
          -o, --output OUT    for one scene, the video to write; for several, or
                              with --format png, a folder. Default: Output/<scene>.mp4
                              unless --png-dir or --poster is given.
          --format F          mp4 (H.264, yuv420p, BT.709), mov (ProRes 4444 with
                              alpha), webm (VP9 with alpha), gif (palette built for
                              the clip), png (a PNG sequence, frame_00000.png …) or
                              contact (one PNG of 12 evenly spaced frames with their
                              times; renders only those); default: by -o's
                              extension, else mp4
          --png-dir DIR       also write the frames as DIR/frame_00000.png …
          --poster FILE       also write the poster frame as a PNG (the scene's
                              "poster" time, else its middle)
          --frames A-B        render only frames A through B (inclusive, from 0);
                              a single number renders one frame
          --every N           render every Nth frame; the video plays at fps/N
          --scale S           pixels per point instead of the canvas's scale
          --fps F             frames per second instead of the canvas's
          --crf Q             quality, 0 (lossless) … 51, x264's scale (default 20;
                              mapped onto VP9's for webm; ignored by mov and gif)
          --preset P          encoder speed: ultrafast … veryslow (default veryfast)
          --jobs N            worker threads (default: the number of cores)
          --gop N             frames from one keyframe to the next, fixed (default:
                              2 seconds of video); chunks start on keyframes
          --shard K/N         render only chunk K (from 0) of N: contiguous frames
                              of the selection, cut on keyframes (see 'reel plan').
                              The video goes into -o's folder (default Output/) as
                              <scene>.part-K-of-N.mp4, for 'reel concat'; PNG frames
                              keep their 1-process numbers. K can come from the
                              scheduler: "$SLURM_ARRAY_TASK_ID/N",
                              "$JOB_COMPLETION_INDEX/N", "${{ matrix.shard }}/N"
          --chunks auto|N     encode the video as N chunks at once and join them,
                              for machines with more cores than one encoder uses;
                              auto: one chunk per 8 cores (one encoder below 16)
          --no-cache          draw every frame; by default frames whose content is
                              unchanged since an earlier render are read back from
                              .reel-cache/ beside the output (at most 2 GiB)
          --fonts-only-declared
                              no installed fonts: characters the scene's and the
                              bundled fonts lack are drawn as missing (by default
                              fontconfig finds fonts for them; the summary names
                              the files)
          --progress STYLE    text (default), json (one object per frame and line:
                              job, frame, total, fps, eta) or quiet
          --quiet             print nothing but errors (--progress quiet)
        \(ParameterOptions.help)
          -h, --help          show this help

        Outputs appear under their final names only when complete.

        Examples:
          reel render Scenes/hello.json
          reel render Scenes/ -o /tmp/videos --jobs 2
          reel render Scenes/hello.json --format png -o /tmp/frames --frames 0-59
          reel render Scenes/splash.json -o /tmp/splash.gif --scale 0.5 --fps 25
          reel render Scenes/splash.json -o /tmp/splash.mp4 --crf 28 --preset ultrafast
          reel render Scenes/advent/door.json --set day=7 --set accent=#34C759 -o /tmp/day7.mp4
        """

    static func render(_ args: [String]) throws(ReelError) {
        guard let options = try RenderOptions.parse(args, command: "render", help: renderHelp) else { return }
        do {
            try RenderBatch(try options.requests(), jobs: options.jobs, progress: options.progress).run()
        } catch {
            throw options.parameters.reword(error)
        }
    }
}
