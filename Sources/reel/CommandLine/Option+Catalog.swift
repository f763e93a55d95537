import Media
import Pipeline
import SceneModel

/// Every flag of the command line, once. Commands list the ones they take
/// (`CommandSpec.options`); a flag shared by several commands is this one
/// definition in each.
extension Option {
    static let output = Option(name: "--output", short: "-o", placeholder: "OUT", kind: .text,
                               help: "the file to write (for render: the video of one scene; a folder for several scenes or PNG frames)")
    static let format = Option(name: "--format", placeholder: "F", kind: .choice(["mp4", "mov", "webm", "gif", "png", "contact"]),
                               defaultText: "by -o's extension, else mp4",
                               help: "mp4 (H.264, yuv420p, BT.709), mov (ProRes 4444 with alpha), webm (VP9 with alpha), gif (palette built for the clip), png (a PNG sequence, frame_00000.png …) or contact (one PNG of 12 evenly spaced frames with their times; renders only those)")
    static let pngDir = Option(name: "--png-dir", placeholder: "DIR", kind: .text,
                               help: "also write the frames as DIR/frame_00000.png …")
    static let poster = Option(name: "--poster", placeholder: "FILE", kind: .text,
                               help: "also write the poster frame as a PNG (the scene's \"poster\" time, else its middle)")
    static let frames = Option(name: "--frames", placeholder: "A-B", kind: .frames, defaultText: "all",
                               help: "render only frames A through B (inclusive, from 0); a single number renders one frame")
    static let every = Option(name: "--every", placeholder: "N", kind: .integer(1...10_000), defaultText: "1",
                              help: "render every Nth frame; the video plays at fps/N")
    /// Bounded by the pixels it makes (the canvas checks its sides), not by
    /// itself: a 30-point Lottie icon drawn 1080 px wide is 36 per point.
    static let scale = Option(name: "--scale", placeholder: "S", kind: .number(0...Double(Canvas.maxPixelSide), open: true, what: "pixels per point"),
                              defaultText: "the canvas's scale", help: "pixels per point")
    static let fps = Option(name: "--fps", placeholder: "F", kind: .number(0...240, open: true, what: "frames per second"),
                            defaultText: "the canvas's fps", help: "frames per second")
    static let crf = Option(name: "--crf", placeholder: "Q", kind: .integer(0...51), defaultText: "20",
                            help: "quality, 0 (lossless) … 51, x264's scale (mapped onto VP9's for webm; ignored by mov and gif)")
    static let preset = Option(name: "--preset", placeholder: "P", kind: .choice(MP4Writer.presets), defaultText: "veryfast",
                               help: "encoder speed: ultrafast … veryslow")
    static let jobs = Option(name: "--jobs", placeholder: "N", kind: .integer(1...256), defaultText: "the number of cores",
                             help: "worker threads")
    static let gop = Option(name: "--gop", placeholder: "N", kind: .integer(KeyframeInterval.range), defaultText: "2 seconds of video",
                            help: "frames from one keyframe to the next, fixed; chunks start on keyframes")
    static let shard = Option(name: "--shard", placeholder: "K/N", kind: .shard,
                              help: "render only part K (from 0) of N (see 'reel plan'); K can come from the scheduler: \"$SLURM_ARRAY_TASK_ID/N\", \"$JOB_COMPLETION_INDEX/N\", \"${{ matrix.shard }}/N\"")
    static let chunks = Option(name: "--chunks", placeholder: "auto|N", kind: .countOrAuto(1...256), defaultText: "auto for MP4, else one encoder",
                               help: "encode the video as N chunks at once and join them, for machines with more cores than one encoder uses; auto: one chunk per 2 cores (one encoder below 4)")
    static let noCache = Option(name: "--no-cache", kind: .toggle,
                                help: "draw every frame; by default frames whose content is unchanged since an earlier render are read back from the frame cache (see --cache-dir)")
    static let cacheDir = Option(name: "--cache-dir", placeholder: "DIR", kind: .text,
                                 defaultText: "$REEL_CACHE_DIR, else $XDG_CACHE_HOME/reel, else ~/.cache/reel",
                                 help: "the frame cache's folder, shared by every render (at most 2 GiB; 'reel cache clear' empties it)")
    static let fontsOnlyDeclared = Option(name: "--fonts-only-declared", kind: .toggle,
                                          help: "no installed fonts: characters the scene's and the bundled fonts lack are drawn as missing (by default fontconfig finds fonts for them; the summary names the files)")
    static let progress = Option(name: "--progress", placeholder: "STYLE", kind: .choice(ProgressStyle.allCases.map(\.rawValue)),
                                 defaultText: "text",
                                 help: "text, json (one object per frame and line: job, frame, total, fps, eta; for a batch also one per row) or quiet")
    static let quiet = Option(name: "--quiet", kind: .toggle, help: "print nothing but errors (--progress quiet)")
    static let set = Option(name: "--set", placeholder: "NAME=VALUE", kind: .text,
                            help: "a value for the scene parameter NAME (a variable), parsed by its type: a number, a colour (#34C759, blue), true/false, a point (x,y: 100,200), a string, or an image (an asset name or an image path relative to here); repeatable")
    static let vars = Option(name: "--vars", placeholder: "FILE.json", kind: .text,
                             help: "values from a JSON object of NAME: value (points as [x, y]; image paths relative to FILE); --set given later wins")
    static let data = Option(name: "--data", placeholder: "FILE", kind: .text,
                             help: "the rows: CSV (a header row of parameter names), JSON Lines or a JSON array of objects")
    static let force = Option(name: "--force", kind: .toggle, help: "redraw every row, even those up to date")
    static let time = Option(name: "--time", placeholder: "T", kind: .number(0...Double.infinity, open: false, what: "seconds"),
                             defaultText: "the scene's poster time, else its middle", help: "the moment, in seconds; need not fall on a frame")
    static let frame = Option(name: "--frame", placeholder: "N", kind: .integer(0...Int.max),
                              help: "the moment of frame N (from 0), instead of --time")
    static let json = Option(name: "--json", kind: .toggle, help: "print JSON on standard output instead of text")
    static let noEstimate = Option(name: "--no-estimate", kind: .toggle, help: "skip drawing frames (no cost figures)")
    static let shards = Option(name: "--shards", placeholder: "N", kind: .integer(1...4096), help: "the number of parts to plan")
    static let port = Option(name: "--port", placeholder: "P", kind: .integer(0...65535), defaultText: "4750",
                             help: "the port to listen on; 0 picks a free one")
    static let host = Option(name: "--host", placeholder: "ADDRESS", kind: .text, defaultText: "127.0.0.1",
                             help: "the address to listen on (an IP address such as 127.0.0.1 or ::1)")
    static let repetitions = Option(name: "--repeat", placeholder: "N", kind: .integer(1...1_000_000), defaultText: "1",
                                    help: "draw frame 0 N times")
    static let allFrames = Option(name: "--all-frames", kind: .toggle,
                                  help: "draw every frame once, in order, as a render draws them (reuse across frames unless REEL_NO_REUSE=1), instead of frame 0 again and again")
    static let threads = Option(name: "--threads", placeholder: "N", kind: .integer(1...256),
                                help: "also draw frame 0 alone on N threads (bands), alternating with 1-thread draws, and print both")
    static let png = Option(name: "--png", placeholder: "OUT.png", kind: .text, help: "write the last drawing of frame 0 to this PNG")
    static let record = Option(name: "--record", kind: .toggle, help: "write the golden manifests instead of comparing")
    static let update = Option(name: "--update", kind: .toggle,
                               help: "compare, and record again the scenes that changed (or whose manifest cannot be used); the rest are left untouched")
    static let golden = Option(name: "--golden", placeholder: "DIR", kind: .text, defaultText: "beside each scene",
                               help: "the folder golden manifests are in")
    static let sheets = Option(name: "--sheets", placeholder: "DIR", kind: .text, defaultText: "Output/",
                               help: "where diff sheets go (SCENE.diff.png)")
    static let sheet = Option(name: "--sheet", placeholder: "FILE", kind: .text, defaultText: "Output/A-vs-B.diff.png",
                              help: "the diff sheet of the changed frames")
    static let merge = Option(name: "--merge", kind: .toggle,
                              help: "join the shard manifests (golden folders) given as operands into the one named by -o")
    static let threshold = Option(name: "--threshold", placeholder: "N", kind: .integer(0...255),
                                  defaultText: "2 for verify, 40 for diff", help: "a pixel differs when a channel moved by more than N levels")
    static let maxShare = Option(name: "--max-share", placeholder: "P", kind: .percentage, defaultText: "0 for verify, 0.5 for diff",
                                 help: "a frame passes while at most P % of its pixels differ")
    static let minPSNR = Option(name: "--min-psnr", placeholder: "DB", kind: .number(0...Double.infinity, open: true, what: "decibels"),
                                help: "… and its PSNR is at least DB decibels")
    static let exact = Option(name: "--exact", kind: .toggle, help: "every frame whose pixels differ at all is a change")
    static let reportJSON = Option(name: "--report-json", placeholder: "FILE", kind: .text, help: "write the report as JSON")
    static let junit = Option(name: "--junit", placeholder: "FILE", kind: .text, help: "write the report as JUnit XML, for CI test views")
    static let help = Option(name: "--help", short: "-h", kind: .toggle, help: "show this help")
    static let markdown = Option(name: "--markdown", kind: .toggle, help: "print every command's reference as Markdown")
}
