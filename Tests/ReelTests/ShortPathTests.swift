import Foundation
import Testing

/// One-letter relative paths, as users type them (`-o p/`): they crashed
/// every command that finds the folder of an output or of the scene.
@Suite struct ShortPathTests {
    let cli = CommandLineTests()
    static let scene = #"{"canvas": {"width": 16, "height": 12, "fps": 10, "duration": 0.2, "background": "white"}, "layers": []}"#

    @Test(arguments: [["render", "s.json", "--format", "png", "-o", "p/"],
                      ["render", "s.json", "--png-dir", "f", "--quiet"],
                      ["render", "s.json", "-o", "v/clip.mp4", "--quiet"],
                      ["render", "s", "-o", "w.mp4", "--quiet"],
                      ["still", "s.json", "-o", "p/x.png"]])
    func oneLetterPathsDoNotCrash(args: [String]) throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.scene.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        try Self.scene.write(toFile: dir + "/s", atomically: true, encoding: .utf8)
        let run = try cli.run(via: CommandLineTests.reel, args, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.subpathsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".reel-cache") && !$0.contains("/.reel-cache") }.sorted()
        let expected: [String] = switch args[args.firstIndex(of: "-o").map { $0 + 1 } ?? args.firstIndex(of: "--png-dir")! + 1] {
        case "p/" where args[0] == "render": ["p", "p/frame_00000.png", "p/frame_00001.png", "s", "s.json"]
        case "f": ["f", "f/frame_00000.png", "f/frame_00001.png", "s", "s.json"]
        case "v/clip.mp4": ["s", "s.json", "v", "v/clip.mp4"]
        case "w.mp4": ["s", "s.json", "w.mp4"]
        default: ["p", "p/x.png", "s", "s.json"]
        }
        #expect(written == expected)
    }
}
