import Foundation
import ProcessRunner
import Testing

/// The studio draws a frame asked for alone on every free worker slot
/// (bands): its PNG is the same bytes for any `--jobs` as `reel still` on
/// one thread.
@Suite struct StudioThreadsTests {
    /// 90×160: a blurred disc, a shadowed card and a backdrop across the
    /// edges of two and three bands.
    static let scene = """
        {"canvas": {"width": 90, "height": 160, "fps": 10, "duration": 1, "background": "#203040"},
         "layers": [{"type": "circle", "radius": 30, "position": [45, 80], "fill": "#FF8800", "blur": 6},
                    {"type": "rect", "size": [60, 50], "position": [45, 55], "fill": "#FFFFFF",
                     "shadow": {"color": "#000000A0", "radius": 5, "offset": [0, 6]}},
                    {"type": "rect", "size": [80, 40], "position": [45, 110], "backdrop": {"blur": 7, "tint": "#FFFFFF30"}}]}
        """

    @Test(arguments: [1, 2, 3]) func framesAreTheSameOnAnyNumberOfSlots(jobs: Int) throws {
        let studio = try StudioProcess(sceneJSON: Self.scene, arguments: ["--jobs", "\(jobs)"])
        defer { studio.stop() }
        let still = studio.folder + "/../still-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: still) }
        let made = try Program.reel.run(["still", studio.scene, "-o", still, "--time", "0.5", "--jobs", "1"])
        #expect(made.status == 0, "\(made.stderr)")
        let expected = try #require(FileManager.default.contents(atPath: still))
        let reply = try studio.get("/api/frame.png?t=0.5")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.body == [UInt8](expected), "--jobs \(jobs)")
    }
}
