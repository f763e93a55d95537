import Foundation
import ProcessRunner
import Testing

/// `reel render --shard K/N`, `--chunks N` and `reel concat`, run as a
/// scheduler would run them, against the 1-process render.
@Suite struct ShardRenderTests {
    let cli = CommandLineTests()

    /// Runs a tool (ffprobe, ffmpeg) and returns its standard output.
    func tool(_ name: String, _ args: [String]) throws -> (status: Int32, output: String) {
        let r = try Program("/usr/bin/" + name).run(args)
        return (r.status, r.stdout + r.stderr)
    }

    /// Presentation times (seconds) of the keyframes, and the frame count and
    /// duration, as ffprobe reads them.
    func probe(_ path: String) throws -> (keyframes: [Double], frames: Int, duration: String) {
        let packets = try tool("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts_time,flags",
                                           "-of", "csv=p=0", path]).output
        let rows = packets.split(separator: "\n").map { $0.split(separator: ",") }
        let keys = rows.filter { $0.count == 2 && $0[1].hasPrefix("K") }.compactMap { Double($0[0]) }.sorted()
        let duration = try tool("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "stream=duration",
                                            "-of", "csv=p=0", path]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        return (keys, rows.count, duration)
    }

    func render(_ args: [String]) throws {
        let r = try Program.reel.run(["render"] + args + ["--quiet", "--no-cache"])
        #expect(r.status == 0, "\(args): \(r.stderr)")
    }

    /// Each seed scene, 48 frames at 0.2×: 4 shards joined by concat have
    /// the 1-process render's bytes (so its frame count, duration and
    /// frames), decode without an error, and every chunk starts on a
    /// keyframe at its exact time, where a browser seeks to.
    @Test(arguments: ["snow", "splash", "thermometer", "calendar"])
    func fourShardsJoinIntoTheOneProcessVideo(scene: String) throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let options = ["--scale", "0.2", "--frames", "0-47", "--gop", "12"]
        let path = "Scenes/\(scene).json"
        try render([path, "-o", dir + "/whole.mp4"] + options)
        for k in 0..<4 { try render([path, "--shard", "\(k)/4", "-o", dir + "/parts/"] + options) }
        let join = try Program.reel.run(["concat", dir + "/parts/", "-o", dir + "/joined.mp4"])
        #expect(join.status == 0 && join.stdout == "\(dir)/joined.mp4: 48 frames joined from 4 chunks\n", "\(join)")

        let whole = try probe(dir + "/whole.mp4"), joined = try probe(dir + "/joined.mp4")
        #expect(joined.frames == 48 && joined.duration == whole.duration && joined.duration == "0.800000")
        #expect(joined.keyframes == [0, 0.2, 0.4, 0.6])
        // Each GOP has an encoder of its own: the join is the 1-process file, byte for byte.
        #expect(FileManager.default.contentsEqual(atPath: dir + "/joined.mp4", andPath: dir + "/whole.mp4"))
        let decode = try tool("ffmpeg", ["-v", "error", "-xerror", "-i", dir + "/joined.mp4", "-f", "null", "-"])
        #expect(decode.status == 0 && decode.output.isEmpty, "\(decode.output)")
    }

    /// PNG shards written into one folder hold exactly the 1-process frames,
    /// under the same numbers (also with --frames and --every).
    @Test func pngShardsAreTheOneProcessFrames() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let options = ["Scenes/hello.json", "--format", "png", "--scale", "0.25", "--frames", "10-69", "--every", "2"]
        try render(options + ["-o", dir + "/whole"])
        for k in 0..<3 { try render(options + ["--shard", "\(k)/3", "-o", dir + "/shards"]) }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/whole").sorted()
        #expect(names.count == 30 && names.first == "frame_00010.png" && names.last == "frame_00039.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/shards").sorted() == names)
        for name in names {
            #expect(FileManager.default.contentsEqual(atPath: "\(dir)/whole/\(name)", andPath: "\(dir)/shards/\(name)"), "\(name)")
        }
    }

    /// The same shard rendered twice gives the same bytes, and `--chunks 2`
    /// (two encoders in one process) gives the frames two shards and concat
    /// give, leaving no chunk folder behind (nor one of a killed run).
    @Test func shardsAndChunksAreReproducible() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let options = ["Scenes/hello.json", "--scale", "0.25", "--gop", "30"]
        try render(options + ["--shard", "1/2", "-o", dir + "/a/"])
        try render(options + ["--shard", "1/2", "-o", dir + "/b/"])
        #expect(FileManager.default.contentsEqual(atPath: dir + "/a/hello.part-1-of-2.mp4", andPath: dir + "/b/hello.part-1-of-2.mp4"))
        try render(options + ["--shard", "0/2", "-o", dir + "/a/"])
        #expect(try Program.reel.run(["concat", dir + "/a/", "-o", dir + "/joined.mp4"]).status == 0)
        // The chunk folder a killed --chunks render left (no process 999999) goes.
        try FileManager.default.createDirectory(atPath: dir + "/.chunked.mp4.chunks-999999", withIntermediateDirectories: false)
        try render(options + ["--chunks", "2", "-o", dir + "/chunked.mp4", "--jobs", "2"])
        #expect(FileManager.default.contentsEqual(atPath: dir + "/joined.mp4", andPath: dir + "/chunked.mp4"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "b", "chunked.mp4", "joined.mp4"])
    }

    /// Regression: `--chunks` reported no progress until the join (its
    /// chunks ran quiet). Now one line per frame, as a single encoder gives:
    /// the frames done across all chunks, counting up by one to the total.
    @Test func chunkedRenderReportsEveryFrameAcrossItsChunks() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = dir + "/chunked.mp4"
        let r = try Program.reel.run(["render", "Scenes/hello.json", "--scale", "0.25", "--frames", "0-59", "--gop", "20",
                                      "--chunks", "3", "--jobs", "2", "--no-cache", "--progress", "json", "-o", video])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        let expected = (1...60).map { "{\"job\": \"\(video)\", \"frame\": \($0), \"total\": 60," }
        #expect(lines.map { $0.components(separatedBy: " \"fps\"")[0] } == expected, "\(r.stderr)")
    }

    /// A shard killed with SIGKILL mid-render leaves no part a join would
    /// take; run again, it completes and the join is the 1-process video.
    @Test func shardKilledMidRenderThenRunAgainGivesTheRightVideo() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let options = ["Scenes/thermometer.json", "--scale", "0.2", "--frames", "0-95", "--gop", "24", "--no-cache"]
        let killed = try Program.reel.start(["render"] + options + ["--shard", "0/2", "-o", dir + "/parts/", "--progress", "json"])
        #expect(killed.waitFor("\"frame\": 3,"))
        #expect(try killed.stop(SIGKILL).status == 128 + SIGKILL)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir + "/parts")
        #expect(!left.contains("thermometer.part-0-of-2.mp4"), "\(left)")
        #expect(left.contains { $0.hasPrefix(".thermometer.part-0-of-2.mp4.partial-") }, "\(left)")
        let refused = try Program.reel.run(["concat", dir + "/parts/", "-o", dir + "/joined.mp4"])
        #expect(refused.status == 65 && refused.stderr == "reel: cannot join \(dir)/parts/: it holds no chunks (*.part-K-of-N.mp4, .mov or .webm)\n")

        for k in 0..<2 { try render(options + ["--shard", "\(k)/2", "-o", dir + "/parts/"]) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/parts").sorted()
                == ["thermometer.part-0-of-2.mp4", "thermometer.part-1-of-2.mp4"])
        #expect(try Program.reel.run(["concat", dir + "/parts/", "-o", dir + "/joined.mp4"]).status == 0)
        try render(options + ["-o", dir + "/whole.mp4"])
        #expect(FileManager.default.contentsEqual(atPath: dir + "/joined.mp4", andPath: dir + "/whole.mp4"))
    }

    /// What the command line says to a split it cannot do or a join it refuses.
    @Test func splitAndJoinMistakesGiveExactMessages() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [([String], Int32, String)] = [
            (["render", "Scenes/hello.json", "--shard", "4/4"], 64,
             "reel: --shard expects K/N with 0 ≤ K < N, e.g. \"$SLURM_ARRAY_TASK_ID/4\", found '4/4'\n"),
            (["render", "Scenes/hello.json", "--shard", "/4"], 64,
             "reel: --shard expects K/N with 0 ≤ K < N, e.g. \"$SLURM_ARRAY_TASK_ID/4\", found '/4' (is the index variable set?)\n"),
            (["render", "Scenes/hello.json", "--shard", "0/4", "-o", dir], 64,
             "reel: Scenes/hello.json cannot be split into 4 chunks: its 180 frames make 2 GOPs of 120 frames, and a chunk starts on a GOP "
             + "(split it into at most 2, or give a shorter --gop)\n"),
            (["render", "Scenes/hello.json", "--shard", "0/2", "-o", dir + "/x.gif", "--format", "gif"], 64,
             "reel: --shard, --chunks: GIF is not supported for chunks; use mp4, mov, webm or png\n"),
            (["render", "Scenes/hello.json", "--shard", "0/2", "--chunks", "2"], 64,
             "reel: --shard and --chunks split the same render: give one of them\n"),
            (["plan", "Scenes/hello.json"], 64, "reel: plan: missing --shards N; see 'reel plan --help'\n"),
        ]
        for (args, status, message) in cases {
            let r = try Program.reel.run(args)
            #expect(r.status == status && r.stderr == message, "\(args): \(r.stderr)")
        }
        // A missing chunk: refused, and nothing written.
        let options = ["Scenes/hello.json", "--scale", "0.25", "--gop", "60"]
        try render(options + ["--shard", "0/3", "-o", dir + "/parts/"])
        try render(options + ["--shard", "2/3", "-o", dir + "/parts/"])
        let r = try Program.reel.run(["concat", dir + "/parts/", "-o", dir + "/out.mp4"])
        #expect(r.status == 65 && r.stderr == "reel: cannot join: chunk 1 of 0-2 is missing\n", "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.mp4"))
    }

    @Test func planListsTheChunksAShardRenders() throws {
        let r = try Program.reel.run(["plan", "Scenes/hello.json", "--shards", "4", "--gop", "30"])
        #expect(r.status == 0)
        #expect(r.stdout == """
            Scenes/hello.json: 180 frames at 60.0 fps, GOP 30, 4 chunks
              --shard 0/4  frames 0-59 (60)  scene frames 0-59  0.000-1.000 s  hello.part-0-of-4.mp4
              --shard 1/4  frames 60-89 (30)  scene frames 60-89  1.000-1.500 s  hello.part-1-of-4.mp4
              --shard 2/4  frames 90-149 (60)  scene frames 90-149  1.500-2.500 s  hello.part-2-of-4.mp4
              --shard 3/4  frames 150-179 (30)  scene frames 150-179  2.500-3.000 s  hello.part-3-of-4.mp4

            """, "\(r.stdout)")
    }
}
