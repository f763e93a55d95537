import Determinism
import Foundation
import Media
import ProcessRunner
import Testing

/// Fault drills: `reel` killed at random points, disks that fill up, folders
/// that cannot be written, assets that vanish, two renders racing for one
/// output, and a scene saved half-written under `watch`. In every case
/// nothing appears under a final name unless it is complete, and the next
/// run finishes the work.
@Suite struct FaultDrillTests {
    let cli = CommandLineTests()
    static let hello = WriteFailureTests.hello

    /// Frames of a video file, counted by decoding them (ffprobe).
    static func frameCount(_ path: String) throws -> Int? {
        let r = try Program("/usr/bin/ffprobe").run(["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                     "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path])
        return r.status == 0 ? Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
    }

    /// Every file under `dir`, relative, sorted.
    static func files(in dir: String) -> [String] {
        (FileManager.default.subpaths(atPath: dir) ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: dir + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// Runs `args` once, uninterrupted, and returns how long that took, in
    /// microseconds: the kill moments are spread over it.
    func timedRun(_ args: [String]) throws -> UInt64 {
        let start = Date()
        let run = try Program.reel.run(args)
        #expect(run.status == 0, "\(run.stderr)")
        return max(1, UInt64(Date().timeIntervalSince(start) * 1e6))
    }

    /// Starts `args` and kills it with SIGKILL at 20 seeded moments within
    /// `microseconds`, calling `check` after each kill. A run that ended
    /// before its moment (a loaded machine is slow one minute and fast the
    /// next) is started again with half the delay, after `finished`, so all
    /// 20 kills land while `reel` runs, with no assumption about its speed.
    static func killTwentyTimes(_ args: [String], within microseconds: UInt64,
                                check: () throws -> Void, finished: () throws -> Void = {}) throws {
        for kill in 0..<20 {
            var delay = SplitMix64.mix(UInt64(kill)) % microseconds
            while true {
                let run = try Program.reel.start(args)
                usleep(useconds_t(delay))
                let midway = run.isRunning
                _ = try run.stop(SIGKILL)
                try check()
                if midway { break }
                try finished()
                delay /= 2
            }
        }
    }

    /// SIGKILL at 20 seeded moments of a render writing a video, a PNG
    /// sequence and a poster (with the frame cache): whatever exists under a
    /// final name is complete, and a last run removes the leftovers and
    /// finishes. 80×60 and 12 frames keep the 20 runs short.
    @Test func killedAtTwentyPointsLosesNothing() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func args(_ folder: String) -> [String] {
            ["render", Self.hello, "--scale", "0.25", "--frames", "0-11", "-o", folder + "/out.mp4", "--png-dir", folder + "/seq",
             "--poster", folder + "/poster.png", "--jobs", "2", "--quiet"]
        }
        let microseconds = try timedRun(args(dir + "/timed"))
        try FileManager.default.removeItem(atPath: dir + "/timed")
        try Self.killTwentyTimes(args(dir), within: microseconds) { () throws in
            if FileManager.default.fileExists(atPath: dir + "/out.mp4") {
                #expect(try Self.frameCount(dir + "/out.mp4") == 12)
            }
            for file in Self.files(in: dir) where file.hasSuffix(".png") && !file.contains("/.") && !file.hasPrefix(".") {
                #expect((try? PNGCodec.read(contentsOf: dir + "/" + file)) != nil, "\(file) is incomplete")
            }
        }
        let last = try Program.reel.run(args(dir))
        #expect(last.status == 0, "\(last.stderr)")
        #expect(try Self.frameCount(dir + "/out.mp4") == 12)
        let finals = (0..<12).map { String(format: "seq/frame_%05d.png", $0) } + ["out.mp4", "poster.png"]
        #expect(Self.files(in: dir) == finals.sorted())
        #expect(Self.files(in: dir).filter { $0.contains(".partial") } == [])
    }

    /// SIGKILL at 20 seeded moments of a four-row batch: after each kill
    /// every video under a final name has all its frames, every manifest
    /// (the record that lets a re-run skip a row) stands beside a complete
    /// video and says what the uninterrupted batch's says, and nothing else
    /// but hidden temporaries is there. A last run removes the temporaries,
    /// redraws what is missing and ends with the uninterrupted batch's files,
    /// byte for byte.
    @Test func killedBatchAtTwentyPointsLosesNothing() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            {"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 1, "background": "white"},
             "variables": {"accent": "#FF0000"},
             "layers": [{"type": "rect", "size": [32, 24], "fill": {"expr": "accent"},
                         "position": {"keyframes": [{"t": 0, "value": [16, 12]}, {"t": 1, "value": [48, 36]}]}}]}
            """.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        try "id,accent\nr1,red\nr2,blue\nr3,green\nr4,black\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        func args(_ folder: String) -> [String] {
            ["batch", dir + "/t.json", "--data", dir + "/rows.csv", "-o", folder + "/{id}.mp4", "--jobs", "2", "--no-cache", "--quiet"]
        }
        let microseconds = try timedRun(args(dir + "/ref"))
        let videos = ["r1.mp4", "r2.mp4", "r3.mp4", "r4.mp4"]
        let reference = Dictionary(uniqueKeysWithValues: Self.files(in: dir + "/ref").map {
            ($0, FileManager.default.contents(atPath: dir + "/ref/" + $0))
        })
        #expect(reference.keys.sorted() == (videos + videos.map { ".\($0).reel-batch" }).sorted())
        let out = dir + "/out"
        try Self.killTwentyTimes(args(out), within: microseconds, check: { () throws in
            for file in Self.files(in: out) where !file.contains(".partial-") {
                if file.hasSuffix(".reel-batch") {
                    let video = String(file.dropFirst().dropLast(".reel-batch".count))
                    #expect(FileManager.default.fileExists(atPath: out + "/" + video), "\(file) without its video")
                    #expect(FileManager.default.contents(atPath: out + "/" + file) == reference[file], "\(file)")
                } else {
                    #expect(videos.contains(file), "\(file) under a final name")
                    #expect(try Self.frameCount(out + "/" + file) == 10, "\(file) is incomplete")
                }
            }
        }, finished: {
            // A batch that ended before its kill starts over, so the next kill finds work.
            try? FileManager.default.removeItem(atPath: out)
        })
        let last = try Program.reel.run(args(out))
        #expect(last.status == 0, "\(last.stderr)")
        #expect(Self.files(in: out) == reference.keys.sorted())
        for (file, bytes) in reference {
            #expect(FileManager.default.contents(atPath: out + "/" + file) == bytes, "\(file) differs from the uninterrupted batch's")
        }
    }

    /// A small tmpfs, mounted for the test (needs root; nil otherwise).
    final class Mount {
        let path: String
        init?(at path: String, options: String) {
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            guard (try? Program("/bin/mount").run(["-t", "tmpfs", "-o", options, "tmpfs", path]))?.status == 0 else { return nil }
            self.path = path
        }
        deinit {
            _ = try? Program("/bin/umount").run([path])
        }
    }

    static let canMount: Bool = {
        let probe = NSTemporaryDirectory() + "reel-mount-probe-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: probe) }
        return Mount(at: probe, options: "size=4k") != nil
    }()

    /// Every kind of output onto a full disk (a one-page tmpfs): exit 74,
    /// the file named, nothing left on the disk but complete frames of a
    /// sequence.
    static let fullDiskOutputs: [(args: [String], file: String)] = [
        (["-o", "FULL/out.mp4"], "FULL/out.mp4"),
        (["-o", "FULL/out.mov"], "FULL/out.mov"),
        (["-o", "FULL/out.webm"], "FULL/out.webm"),
        (["-o", "FULL/out.gif", "--fps", "25"], "FULL/out.gif"),
        (["--format", "png", "-o", "FULL/seq"], "FULL/seq/frame_"),
        (["--poster", "FULL/poster.png"], "FULL/poster.png"),
        (["--format", "contact", "-o", "FULL/sheet.png"], "FULL/sheet.png"),
    ]

    @Test(.enabled(if: canMount), arguments: 0..<fullDiskOutputs.count)
    func fullDiskFailsCleanly(index: Int) throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let full = try #require(Mount(at: dir + "/full", options: "size=4k"))
        let (args, file) = Self.fullDiskOutputs[index]
        let r = try Program.reel.run(["render", Self.hello, "--frames", "0-29", "--no-cache", "--quiet"]
                                     + args.map { $0.replacingOccurrences(of: "FULL", with: full.path) })
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("reel: cannot "), "\(r.stderr)")
        #expect(r.stderr.contains(file.replacingOccurrences(of: "FULL", with: full.path)), "\(r.stderr)")
        #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
        for left in Self.files(in: full.path) {
            #expect(left.hasPrefix("seq/frame_") && (try? PNGCodec.read(contentsOf: full.path + "/" + left)) != nil,
                    "left behind: \(left)")
        }
    }

    /// The frame cache is an optimisation: a full cache disk slows the
    /// render down, it does not fail it.
    @Test(.enabled(if: canMount)) func fullCacheDiskDoesNotFailTheRender() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = try #require(Mount(at: dir + "/cache", options: "size=16k"))
        for round in 0..<2 {
            let r = try Program.reel.run(["render", Self.hello, "--frames", "0-29", "-o", dir + "/out.mp4", "--quiet", "--cache-dir", cache.path])
            #expect(r.status == 0, "round \(round): \(r.stderr)")
            #expect(r.stderr == "", "round \(round)")
            #expect(try Self.frameCount(dir + "/out.mp4") == 30)
        }
        #expect(Self.files(in: cache.path).allSatisfy { !$0.contains(".partial") })
    }

    /// A folder mounted read-only (root may write anywhere else).
    @Test(.enabled(if: canMount)) func readOnlyOutputFolder() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = try #require(Mount(at: dir + "/ro", options: "ro,size=4k"))
        let r = try Program.reel.run(["render", Self.hello, "--frames", "0-9", "-o", folder.path + "/out.mp4", "--quiet"])
        #expect(r.status == 74)
        #expect(r.stderr.hasPrefix("reel: cannot write \(folder.path)"), "\(r.stderr)")
        #expect(r.stderr.contains("Read-only file system"), "\(r.stderr)")
        #expect(Self.files(in: folder.path) == [])
    }

    /// A scene whose image is `image`, a copy of a bundled asset.
    static func imageScene(_ image: String) -> String {
        """
        {"canvas": {"width": 48, "height": 48, "fps": 30, "duration": 2},
         "assets": {"images": {"pic": "\(image)"}},
         "layers": [{"type": "image", "image": "pic", "size": [48, 48], "position": [24, 24],
                     "rotation": {"keyframes": [{"t": 0, "value": 0}, {"t": 2, "value": 90}]}}]}
        """
    }

    /// Assets are read once, before the first frame: one deleted during the
    /// render changes nothing, and one unreadable at the start is an error at
    /// its `assets` entry.
    @Test func assetDeletedOrUnreadable() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let asset = Repository.root.appendingPathComponent("Scenes/assets/chimes.png").path
        try FileManager.default.copyItem(atPath: asset, toPath: dir + "/pic.png")
        try Self.imageScene("pic.png").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let reference = try Program.reel.run(["render", dir + "/s.json", "--format", "png", "-o", dir + "/ref", "--no-cache", "--quiet"])
        #expect(reference.status == 0, "\(reference.stderr)")

        let render = try Program.reel.start(["render", dir + "/s.json", "--format", "png", "-o", dir + "/out",
                                             "--no-cache", "--jobs", "1", "--progress", "json"])
        #expect(render.waitFor("\"frame\": 1,"))
        try FileManager.default.removeItem(atPath: dir + "/pic.png")
        let rendered = try render.wait()
        #expect(rendered.status == 0, "\(rendered.stderr)")
        for i in [0, 30, 59] {
            let name = String(format: "/s/frame_%05d.png", i)
            #expect(FileManager.default.contents(atPath: dir + "/out" + name) == FileManager.default.contents(atPath: dir + "/ref" + name))
        }

        try FileManager.default.createDirectory(atPath: dir + "/pic.png", withIntermediateDirectories: false)
        let unreadable = try Program.reel.run(["render", dir + "/s.json", "-o", dir + "/x.mp4", "--quiet"])
        #expect(unreadable.status == 65)
        #expect(unreadable.stderr == "\(dir)/s.json:2:31: $.assets.images.pic: cannot read \(dir)/pic.png: Is a directory\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.mp4"))
    }

    /// Two renders of different scenes to one output at once: the output is
    /// byte for byte one of the two videos, never a mix, and no temporary
    /// is left.
    @Test func twoRendersToOneOutput() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var videos: [Data?] = []
        for colour in ["#FF0000", "#00FF00"] {
            let scene = dir + "/\(colour.dropFirst()).json"
            try RenderCommandTests.scene(barColor: colour).write(toFile: scene, atomically: true, encoding: .utf8)
            #expect(try Program.reel.run(["render", scene, "-o", scene + ".mp4", "--no-cache", "--quiet"]).status == 0)
            videos.append(FileManager.default.contents(atPath: scene + ".mp4"))
        }
        #expect(videos[0] != videos[1])
        for _ in 0..<3 {
            let renders = try ["FF0000", "00FF00"].map { name in
                try Program.reel.start(["render", dir + "/\(name).json", "-o", dir + "/same.mp4", "--no-cache", "--quiet"])
            }
            #expect(try renders.map { try $0.wait().status } == [0, 0])
            let result = FileManager.default.contents(atPath: dir + "/same.mp4")
            #expect(result == videos[0] || result == videos[1])
            #expect(Self.files(in: dir).filter { $0.contains(".partial") } == [])
        }
    }

    /// `watch` with the scene saved half-written: the error is reported, the
    /// watch goes on, and the next good save renders.
    @Test func watchSurvivesAHalfWrittenSave() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/bars.json"
        let good = RenderCommandTests.scene(barColor: "#FF0000")
        try good.write(toFile: scene, atomically: true, encoding: .utf8)
        let watch = try Program.reel.start(["watch", scene, "-o", dir + "/out.mp4", "--jobs", "1", "--cache-dir", dir + "/cache"])
        #expect(watch.waitFor("watch: waiting for changes"))
        // What an editor that writes in place leaves between two write calls.
        try Data(good.utf8.prefix(good.utf8.count / 2)).write(to: URL(fileURLWithPath: scene))
        #expect(watch.waitFor("watch: waiting for changes", count: 2))
        #expect(watch.stderr.contains("\(scene):"), "\(watch.stderr)")
        try RenderCommandTests.scene(barColor: "#00FF00").write(toFile: scene, atomically: true, encoding: .utf8)
        #expect(watch.waitFor("watch: waiting for changes", count: 3))
        #expect(try watch.stop(SIGINT).status == 130)
        #expect(watch.stderr.contains("\(dir)/out.mp4: 3 of 10 frames drawn, 7 reused from the cache"), "\(watch.stderr)")
        #expect(try Self.frameCount(dir + "/out.mp4") == 10)
    }
}
