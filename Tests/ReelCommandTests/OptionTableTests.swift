import Foundation
import ProcessRunner
import Testing

/// The command line's option table as users meet it: suggestions for a
/// misspelt command, flag, value, scene key or placeholder, the same flag
/// meaning the same in every command, and the reference in docs/CLI.md
/// being exactly what the table says.
@Suite struct OptionTableTests {
    static let folder = NSTemporaryDirectory() + "reel-options-" + UUID().uuidString

    static func run(_ args: [String], in folder: String? = nil) throws -> ProcessResult {
        try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
        return try Program.reel.run(args, environment: ["REEL_CACHE_DIR": Self.folder + "/cache"], in: folder, timeout: 120)
    }

    static func scene(_ name: String, _ json: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let small = #"{"canvas": {"width": 16, "height": 12, "fps": 10, "duration": 1, "background": "white"}, "variables": {"title": "Hi"}, "layers": [{"type": "rect", "size": [8, 6], "position": [8, 6], "fill": {"keyframes": [{"t": 0, "value": "red"}, {"t": 1, "value": "blue"}]}}]}"#

    static let mistakes: [(args: [String], status: Int32, stderr: String)] = [
        (["rendr"], 64, "reel: unknown command 'rendr' (did you mean 'render'?); run 'reel --help' for the list\n"),
        (["render", "a.json", "--job", "1"], 64, "reel: render: unknown option '--job' (did you mean '--jobs'?); see 'reel render --help'\n"),
        (["render", "a.json", "--format", "mpp4"], 64, "reel: --format expects mp4, mov, webm, gif, png or contact, found 'mpp4' (did you mean 'mp4'?)\n"),
        (["batch", "a.json", "--chunks", "2"], 64, "reel: batch: --chunks does not apply to batch (it is an option of render, preview, watch, plan); see 'reel batch --help'\n"),
        (["still", "a.json", "--time", "1", "--frame", "2", "-o", "x.png"], 64, "reel: still: give --time or --frame, not both\n"),
        (["cache", "clean"], 64, "reel: cache: unknown action 'clean' (did you mean 'clear'?); expected info or clear\n"),
        (["still", "a.json", "--quiet=yes", "-o", "x.png"], 64, "reel: still: --quiet does not apply to still (it is an option of render, batch, preview, watch, plan, concat, verify, diff); see 'reel still --help'\n"),
        (["render", "a.json", "--quiet=yes"], 64, "reel: render: --quiet takes no value; see 'reel render --help'\n"),
    ]

    @Test(arguments: mistakes.indices) func mistakesAreSuggestedAway(index: Int) throws {
        let (args, status, stderr) = Self.mistakes[index]
        let r = try Self.run(args)
        #expect(r.stderr == stderr)
        #expect(r.status == status)
    }

    @Test func versionAndBareReel() throws {
        let version = try Self.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("reel ") && version.stdout.split(separator: ".").count == 3, "\(version.stdout)")
        let bare = try Self.run([])
        #expect(bare.status == 0)
        #expect(bare.stdout.hasPrefix("reel — render scene files"))
        #expect(!bare.stdout.contains("reel: reel"))
    }

    /// A misspelt canvas key and a swapped-letter placeholder are suggested
    /// like every other key: a swap of two letters is one edit.
    @Test func swappedLettersAreSuggested() throws {
        let canvas = try Self.scene("fsp.json", #"{"canvas": {"width": 16, "height": 12, "fsp": 10, "duration": 1}, "layers": []}"#)
        let r = try Self.run(["validate", canvas])
        #expect(r.status == 65)
        #expect(r.stderr == "\(canvas):1:40: $.canvas.fsp: unknown key \"fsp\" in canvas; did you mean \"fps\"?\n")
        let data = try Self.scene("rows.csv", "title\nOne\n")
        let scene = try Self.scene("small.json", Self.small)
        let template = try Self.run(["batch", scene, "--data", data, "-o", Self.folder + "/{titel}.mp4"])
        #expect(template.status == 64)
        #expect(template.stderr == "reel: -o \(Self.folder)/{titel}.mp4: no column \"titel\" in the data (did you mean \"{title}\"?); columns: title\n")
    }

    /// `validate` and `info` take folders as `render` does.
    @Test func validateAndInfoTakeFolders() throws {
        let folder = Self.folder + "/scenes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["b.json", "a.json"] { try Self.small.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8) }
        let validate = try Self.run(["validate", folder])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.split(separator: "\n").map { $0.prefix(while: { $0 != ":" }) } == ["\(folder)/a.json", "\(folder)/b.json"])
        let info = try Self.run(["info", folder, "--json", "--no-estimate"])
        #expect(info.status == 0, "\(info.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 2)
        // Parameter values are JSON of their own type, not strings of JSON.
        let parameter = (parsed?.first?["parameters"] as? [[String: Any]])?.first
        #expect(parameter?["value"] as? String == "Hi")
    }

    /// `still --frame N` draws the moment of frame N: the same PNG as `--time` N / fps.
    @Test func stillFrameIsTheStillOfItsTime() throws {
        let scene = try Self.scene("still.json", Self.small)
        let byFrame = Self.folder + "/frame.png", byTime = Self.folder + "/time.png", other = Self.folder + "/other.png"
        for (args, out) in [(["--frame", "7"], byFrame), (["--time", "0.7"], byTime), (["--frame", "2"], other)] {
            let r = try Self.run(["still", scene, "--jobs", "2", "-o", out] + args)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let a = FileManager.default.contents(atPath: byFrame)
        #expect(a != nil && a == FileManager.default.contents(atPath: byTime))
        #expect(a != FileManager.default.contents(atPath: other))
        let late = try Self.run(["still", scene, "--frame", "10", "-o", other])
        #expect(late.stderr == "reel: --frame 10: \(scene) has 10 frames (0-9)\n")
    }

    /// The frame cache is where `--cache-dir` says, nothing is written beside
    /// the output, and `reel cache` reports and empties it.
    @Test func cacheLivesInItsOwnFolder() throws {
        let scene = try Self.scene("cached.json", Self.small)
        let cache = Self.folder + "/own-cache-" + UUID().uuidString
        let out = Self.folder + "/out-" + UUID().uuidString
        let r = try Self.run(["render", scene, "-o", out + "/v.mp4", "--cache-dir", cache, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["v.mp4"])
        let info = try Self.run(["cache", "info", "--cache-dir", cache])
        #expect(info.stdout.hasPrefix("\(cache): 10 frames, "), "\(info.stdout)")
        let clear = try Self.run(["cache", "clear", "--cache-dir", cache])
        #expect(clear.stdout.hasPrefix("\(cache): 10 frames deleted"), "\(clear.stdout)")
        #expect(try Self.run(["cache", "info", "--cache-dir", cache]).stdout == "\(cache): 0 frames, 0.0 MiB of 2048.0 MiB\n")
    }

    /// docs/CLI.md holds exactly what `reel help --markdown` prints, so the
    /// documented options are the options the parser takes.
    @Test func documentedOptionsAreTheTable() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/CLI.md")
        let page = try String(contentsOf: docs, encoding: .utf8)
        let generated = try Self.run(["help", "--markdown"])
        #expect(generated.status == 0)
        #expect(page.contains(generated.stdout), "docs/CLI.md differs from 'reel help --markdown'; regenerate it with scripts/make-cli-docs.sh")
    }
}
