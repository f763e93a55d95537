import Foundation
import ProcessRunner
import Testing

/// `reel still --jobs N` draws the frame on N threads (bands): the PNG is
/// the same bytes for every N and the same as the frame of a render.
/// `reel bench --threads N` times frame 0 alone on 1 and N threads.
@Suite struct StillThreadsTests {
    let cli = CommandLineTests()

    @Test func stillIsTheSameBytesOnAnyNumberOfThreads() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Repository.root.appendingPathComponent("Scenes/snow.json").path
        let render = try Program.reel.run(["render", scene, "--frames", "90-90", "--scale", "0.5", "--png-dir", dir + "/f",
                                           "--quiet", "--no-cache"])
        #expect(render.status == 0, "\(render.stderr)")
        let frame = try FileManager.default.contentsOfDirectory(atPath: dir + "/f").first.flatMap {
            FileManager.default.contents(atPath: dir + "/f/" + $0)
        }
        #expect(frame != nil)
        for jobs in [1, 2, 3, 7] {
            let out = dir + "/still-\(jobs).png"
            let still = try Program.reel.run(["still", scene, "--frame", "90", "--scale", "0.5", "--jobs", "\(jobs)", "-o", out])
            #expect(still.status == 0, "\(still.stderr)")
            #expect(FileManager.default.contents(atPath: out) == frame, "--jobs \(jobs)")
        }
    }

    @Test func benchThreadsTimesBothAndDrawsTheSameFrame() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Repository.root.appendingPathComponent("Scenes/calendar.json").path
        let still = try Program.reel.run(["still", scene, "--frame", "0", "--jobs", "1", "-o", dir + "/still.png"])
        #expect(still.status == 0, "\(still.stderr)")
        let bench = try Program.reel.run(["bench", scene, "--repeat", "3", "--threads", "2", "--png", dir + "/bench.png"])
        #expect(bench.status == 0, "\(bench.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/bench.png") == FileManager.default.contents(atPath: dir + "/still.png"))
        let lines = bench.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("frame 0 alone: 1 thread ") == true, "\(bench.stdout)")
        #expect(lines.first?.contains(" ms, 2 threads ") == true, "\(bench.stdout)")
        let json = try #require(lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: [Double]] })
        #expect(json["ms"]?.count == 3 && json["ms1"]?.count == 3, "\(json)")

        let both = try Program.reel.run(["bench", scene, "--threads", "2", "--jobs", "2"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--jobs draws frames side by side and --threads one frame in bands: give one of them"), "\(both.stderr)")
    }
}
