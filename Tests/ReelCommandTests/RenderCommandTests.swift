import Foundation
import ProcessRunner
import Testing

/// `reel render` and `reel watch` run as a user would: several scenes per
/// call, output formats and frame selection, and the frame cache.
@Suite struct RenderCommandTests {
    let cli = CommandLineTests()

    /// A 10-frame scene: a moving dot on every frame and a bar shown from
    /// frame 7 on, in `barColor`.
    static func scene(barColor: String) -> String {
        """
        {"version": 1, "canvas": {"width": 40, "height": 30, "fps": 10, "duration": 1, "background": "#203040"},
         "layers": [
           {"type": "circle", "radius": 4, "fill": "white",
            "position": {"keyframes": [{"t": 0, "value": [5, 15]}, {"t": 1, "value": [35, 15]}]}},
           {"type": "rect", "position": [20, 25], "size": [30, 4], "fill": "\(barColor)",
            "visible": {"keyframes": [{"t": 0, "value": false}, {"t": 0.65, "value": true}]}}
         ]}
        """
    }

    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Changing a late layer redraws only the frames that show it, and the
    /// video equals one rendered without the cache.
    @Test func reRenderRedrawsOnlyChangedFrames() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/bars.json"
        try write(Self.scene(barColor: "#FF0000"), to: scene)
        let cache = ["--cache-dir", dir + "/cache"]
        let first = try Program.reel.run(["render", scene, "-o", dir + "/out/a.mp4", "--jobs", "2"] + cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.hasSuffix("\(dir)/out/a.mp4: 10 of 10 frames drawn, 0 reused from the cache\n"), "\(first.stderr)")

        try write(Self.scene(barColor: "#00FF00"), to: scene)
        let second = try Program.reel.run(["render", scene, "-o", dir + "/out/b.mp4", "--jobs", "2"] + cache)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("\(dir)/out/b.mp4: 3 of 10 frames drawn, 7 reused from the cache (≈ "), "\(second.stderr)")

        // Into a folder that does not exist yet, which the render makes.
        let fresh = try Program.reel.run(["render", scene, "-o", dir + "/new/fresh.mp4", "--no-cache", "--quiet"])
        #expect(fresh.status == 0 && fresh.stderr.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/new") == ["fresh.mp4"])
        let cached = FileManager.default.contents(atPath: dir + "/out/b.mp4")
        #expect(cached != nil && cached == FileManager.default.contents(atPath: dir + "/new/fresh.mp4"))
    }

    /// Two renders sharing one cache folder at once both finish, with equal videos.
    @Test func concurrentRendersShareTheCache() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/s.json"
        try write(Self.scene(barColor: "red"), to: scene)
        let cache = ["--cache-dir", dir + "/cache"]
        let a = try Program.reel.start(["render", scene, "-o", dir + "/a.mp4", "--jobs", "2", "--quiet"] + cache)
        let b = try Program.reel.start(["render", scene, "-o", dir + "/b.mp4", "--jobs", "2", "--quiet"] + cache)
        let (endA, endB) = (try a.wait(), try b.wait())
        #expect(endA.status == 0 && endB.status == 0, "\(endA.stderr)\(endB.stderr)")
        let videoA = FileManager.default.contents(atPath: dir + "/a.mp4")
        #expect(videoA != nil && videoA == FileManager.default.contents(atPath: dir + "/b.mp4"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir + "/cache")
        #expect(entries.count == 10 && entries.allSatisfy { $0.hasSuffix(".frame") }, "\(entries)")
    }

    /// A bare file name writes into the current folder; the frame cache is
    /// the user's (here REEL_CACHE_DIR), not a folder beside the output,
    /// where it used to land in CI artifacts.
    @Test func cacheIsNotWrittenBesideTheOutput() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(Self.scene(barColor: "red"), to: dir + "/s.json")
        let r = try Program.reel.run(["render", "s.json", "-o", "s.mp4", "--quiet"], environment: ["REEL_CACHE_DIR": dir + "/cache"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["cache", "s.json", "s.mp4"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/cache").count == 10)
    }

    /// A folder renders every scene in it, each to its own output in `-o`'s folder.
    @Test func folderOfScenesRendersEach() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        try write(Self.scene(barColor: "red"), to: dir + "/scenes/one.json")
        try write(Self.scene(barColor: "blue"), to: dir + "/scenes/two.json")
        try write("not a scene", to: dir + "/scenes/notes.txt")
        let r = try Program.reel.run(["render", dir + "/scenes", "--format", "png", "-o", dir + "/frames", "--every", "3", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["one", "two"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/frames/\(name)").sorted()
            // Frames 0, 3, 6 and 9 of 10.
            #expect(files == ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png"])
        }
        let videos = try Program.reel.run(["render", dir + "/scenes/one.json", dir + "/scenes/two.json", "-o", dir + "/videos", "--quiet"])
        #expect(videos.status == 0, "\(videos.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/videos/one.mp4"))
        #expect(FileManager.default.fileExists(atPath: dir + "/videos/two.mp4"))
    }

    /// Frame selection with `--every` picks the same frames as a full render.
    @Test func everyNthFrameMatchesTheFullRender() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/s.json"
        try write(Self.scene(barColor: "red"), to: scene)
        #expect(try Program.reel.run(["render", scene, "--png-dir", dir + "/all", "--no-cache", "--quiet"]).status == 0)
        #expect(try Program.reel.run(["render", scene, "--png-dir", dir + "/some", "--frames", "2-9", "--every", "4", "--quiet"]).status == 0)
        let some = try FileManager.default.contentsOfDirectory(atPath: dir + "/some").sorted()
        #expect(some == ["frame_00002.png", "frame_00003.png"])
        // Sequence files are numbered from the first frame; they hold frames 2 and 6.
        #expect(FileManager.default.contents(atPath: dir + "/some/frame_00002.png") == FileManager.default.contents(atPath: dir + "/all/frame_00002.png"))
        #expect(FileManager.default.contents(atPath: dir + "/some/frame_00003.png") == FileManager.default.contents(atPath: dir + "/all/frame_00006.png"))
    }

    /// A preview drops to 12 fps and writes a contact sheet beside the video.
    @Test func previewIsQuickAndHasAContactSheet() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Repository.root.appendingPathComponent("Scenes/hello.json").path
        let r = try Program.reel.run(["preview", scene, "-o", dir + "/hello.mp4", "--progress", "json", "--no-cache"])
        #expect(r.status == 0, "\(r.stderr)")
        // 3 s at 12 fps instead of 60.
        #expect(r.stderr.split(separator: "\n").last?.contains("\"frame\": 36, \"total\": 36") == true, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/hello.mp4"))
        let sheet = FileManager.default.contents(atPath: dir + "/hello.png")
        #expect(sheet?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }

    /// `--format contact` renders only the sheet's frames.
    @Test func contactSheetFormatRendersOnlyItsFrames() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Repository.root.appendingPathComponent("Scenes/hello.json").path
        let r = try Program.reel.run(["render", scene, "--format", "contact", "-o", dir + "/sheet.png", "--progress", "json", "--scale", "0.25",
                                      "--cache-dir", dir + "/cache"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 12)
        // Only the sheet's 12 frames were drawn and stored.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/cache").count == 12)
        let sheet = FileManager.default.contents(atPath: dir + "/sheet.png")
        #expect(sheet?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }

    /// `reel watch` renders, notices an edit, redraws only the frames it
    /// touched, and stops cleanly on SIGINT.
    @Test func watchRerendersWhatChanged() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/bars.json"
        try write(Self.scene(barColor: "#FF0000"), to: scene)
        let watch = try Program.reel.start(["watch", scene, "-o", dir + "/out.mp4", "--jobs", "1", "--cache-dir", dir + "/cache"])
        #expect(watch.waitFor("watch: waiting for changes"))
        try write(Self.scene(barColor: "#00FF00"), to: scene)
        #expect(watch.waitFor("watch: waiting for changes", count: 2))
        #expect(try watch.stop(SIGINT).status == 130)
        let output = watch.stderr
        #expect(output.contains("watch: \(scene) changed; rendering again\n"), "\(output)")
        #expect(output.contains("\(dir)/out.mp4: 3 of 10 frames drawn, 7 reused from the cache"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out.mp4"))
    }

    /// SIGINT or SIGTERM in the middle of a render: exit 130 or 143, no file
    /// under the final name, no temporary left.
    static let signals: [(signal: Int32, status: Int32, name: String)] = [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM")]

    @Test(arguments: 0..<signals.count)
    func signalMidRenderLeavesNothing(index: Int) throws {
        let (signal, status, name) = Self.signals[index]
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Repository.root.appendingPathComponent("Scenes/snow.json").path
        let render = try Program.reel.start(["render", scene, "-o", dir + "/snow.mp4", "--poster", dir + "/snow.png",
                                             "--scale", "0.25", "--jobs", "1", "--no-cache", "--progress", "json"])
        #expect(render.waitFor("\"frame\": 3,"))
        let end = try render.stop(signal)
        #expect(end.status == status)
        #expect(end.stderr.hasSuffix("reel: interrupted (\(name)); nothing was written\n"), "\(end.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }
}
