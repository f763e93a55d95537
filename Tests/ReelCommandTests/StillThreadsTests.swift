import Foundation
import ProcessRunner
import Testing

/// `reel still --jobs N` draws the frame on N threads (bands): the PNG is
/// the same bytes for every N and the same as the frame of a render.
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
}
