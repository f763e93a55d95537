import Foundation
import ProcessRunner
import Testing

/// One-letter relative paths, as users type them (`-o p/`): they crashed
/// every command that finds the folder of an output or of the scene.
@Suite struct ShortPathTests {
    let cli = CommandLineTests()
    static let scene = #"{"canvas": {"width": 16, "height": 12, "fps": 10, "duration": 0.2, "background": "white"}, "layers": []}"#

    /// A command line and every file the folder holds afterwards (the frame cache aside).
    static let cases: [(args: [String], files: [String])] = [
        (["render", "s.json", "--format", "png", "-o", "p/"], ["p", "p/frame_00000.png", "p/frame_00001.png", "s", "s.json"]),
        (["render", "s.json", "--png-dir", "f", "--quiet"], ["f", "f/frame_00000.png", "f/frame_00001.png", "s", "s.json"]),
        (["render", "s.json", "-o", "v/clip.mp4", "--quiet"], ["s", "s.json", "v", "v/clip.mp4"]),
        (["render", "s", "-o", "w.mp4", "--quiet"], ["s", "s.json", "w.mp4"]),
        (["still", "s.json", "-o", "p/x.png"], ["p", "p/x.png", "s", "s.json"]),
    ]

    @Test(arguments: cases.indices)
    func oneLetterPathsDoNotCrash(index: Int) throws {
        let (args, expected) = Self.cases[index]
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.scene.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        try Self.scene.write(toFile: dir + "/s", atomically: true, encoding: .utf8)
        let run = try Program.reel.run(args, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.subpathsOfDirectory(atPath: dir).sorted()
        #expect(written == expected)
    }
}
