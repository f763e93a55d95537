import Foundation
import ProcessRunner
import Testing

/// `reel watch` with an image parameter set to a PNG: saving that PNG
/// renders again (it was not watched, being named by no `assets` entry).
@Suite struct WatchParameterTests {
    let cli = CommandLineTests()

    func solid(_ colour: String, to path: String, in dir: String) throws {
        let scene = dir + "/\(colour.dropFirst()).json"
        try #"{"canvas": {"width": 8, "height": 8, "fps": 10, "duration": 0.1, "background": "\#(colour)"}, "layers": []}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let still = try Program.reel.run(["still", scene, "-o", path])
        #expect(still.status == 0, "\(still.stderr)")
    }

    @Test func savingAPNGGivenToAnImageParameterRendersAgain() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try solid("#FF0000", to: dir + "/a.png", in: dir)
        try solid("#00FF00", to: dir + "/b.png", in: dir)
        let scene = dir + "/card.json"
        try #"""
            {"canvas": {"width": 16, "height": 16, "fps": 10, "duration": 0.2, "background": "white"},
             "assets": {"images": {"a": "a.png"}},
             "variables": {"photo": {"image": "a"}},
             "layers": [{"type": "image", "image": "photo", "size": [16, 16], "position": [8, 8]}]}
            """#.write(toFile: scene, atomically: true, encoding: .utf8)
        let watch = try Program.reel.start(["watch", scene, "--set", "photo=" + dir + "/b.png",
                                            "-o", dir + "/out.mp4", "--jobs", "1"])
        #expect(watch.waitFor("watch: waiting for changes"))
        try solid("#0000FF", to: dir + "/b.png", in: dir)
        #expect(watch.waitFor("watch: waiting for changes", count: 2))
        #expect(try watch.stop(SIGINT).status == 130)
        #expect(watch.stderr.contains("watch: \(dir)/b.png changed; rendering again\n"), "\(watch.stderr)")
    }

    /// A `--vars` file is read again each round: saving it renders again,
    /// a broken one is reported (and watched), a fixed one renders again.
    @Test func savingTheVarsFileRendersAgain() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/bar.json", vars = dir + "/vars.json"
        try ##"{"canvas": {"width": 16, "height": 16, "fps": 10, "duration": 0.2, "background": "white"}, "variables": {"accent": "#FF0000"}, "layers": [{"type": "rect", "size": [8, 8], "fill": {"expr": "accent"}}]}"##
            .write(toFile: scene, atomically: true, encoding: .utf8)
        try ##"{"accent": "#00FF00"}"##.write(toFile: vars, atomically: true, encoding: .utf8)
        let watch = try Program.reel.start(["watch", scene, "--vars", vars, "-o", dir + "/out.mp4", "--jobs", "1", "--cache-dir", dir + "/cache"])
        #expect(watch.waitFor("watch: waiting for changes"))
        try ##"{"accent": "#0000FF"}"##.write(toFile: vars, atomically: true, encoding: .utf8)
        #expect(watch.waitFor("watch: waiting for changes", count: 2))
        try ##"{"accent": "#0000FF""##.write(toFile: vars, atomically: true, encoding: .utf8)
        #expect(watch.waitFor("watch: waiting for changes", count: 3))
        try ##"{"accent": "#FFFF00"}"##.write(toFile: vars, atomically: true, encoding: .utf8)
        #expect(watch.waitFor("watch: waiting for changes", count: 4))
        #expect(try watch.stop(SIGINT).status == 130)
        let output = watch.stderr
        #expect(output.components(separatedBy: "watch: \(vars) changed; rendering again\n").count == 4, "\(output)")
        #expect(output.contains("reel: --vars \(vars):1:"), "\(output)")
        // Three renders, each in a new colour: frame 0 drawn each time (frame 1 repeats it).
        #expect(output.components(separatedBy: "\(dir)/out.mp4: 1 of 2 frames drawn, 1 reused").count == 4, "\(output)")
    }
}
