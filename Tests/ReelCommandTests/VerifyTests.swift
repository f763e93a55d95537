import Foundation
import Media
import Pipeline
import ProcessRunner
import Testing

/// `reel verify` as CI runs it: a golden manifest recorded, the scene
/// changed, and exactly the changed frames reported — with the exit status,
/// the JSON and JUnit reports, the annotations and the refusals of
/// manifests that cannot be compared.
@Suite struct VerifyTests {
    let cli = CommandLineTests()

    /// 16×16 pixels, 30 fps for 30 s: 900 frames of a square turning once.
    static func scene(extraLayers: [String] = [], fill: String = ##""#FFCC00""##, width: Int = 16, background: String = "#1F5BFF") -> String {
        let layers = [#"{"type": "rect", "position": [8, 8], "size": [6, 6], "fill": \#(fill), "rotation": {"keyframes": [{"t": 0, "value": 0}, {"t": 30, "value": 360}]}}"#]
            + extraLayers
        return #"{"version": 1, "canvas": {"width": \#(width), "height": 16, "fps": 30, "duration": 30, "background": "\#(background)"}, "layers": [\#(layers.joined(separator: ", "))]}"#
    }

    /// A one-pixel red square at (2, 2), opaque at frame `frame` only (keyframes
    /// 0.02 s either side of it, closer than the neighbouring frames).
    static func pixel(atFrame frame: Int) -> String {
        let t = Double(frame) / 30
        return ##"{"type": "rect", "anchor": [0, 0], "position": [2, 2], "size": [1, 1], "fill": "#FF0000", "opacity": {"keyframes": [{"t": 0, "value": 0}, {"t": \##(t - 0.02), "value": 0}, {"t": \##(t), "value": 1}, {"t": \##(t + 0.02), "value": 0}]}}"##
    }

    /// A folder with `scene.json` holding `original`, recorded, then
    /// replaced by `changed`.
    func recorded(_ original: String, then changed: String? = nil) throws -> String {
        let dir = try cli.tempDir()
        try original.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let record = try Program.reel.run(["verify", dir + "/scene.json", "--record", "--quiet"])
        #expect(record.status == 0, "\(record.stderr)")
        if let changed { try changed.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8) }
        return dir
    }

    /// The changed frames of the JSON report at `path`.
    func changedFrames(_ path: String) throws -> [Int] {
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        let cases = report["cases"] as! [[String: Any]]
        return cases.flatMap { ($0["runs"] as! [[String: Any]]).flatMap { ($0["frames"] as! [[String: Any]]).map { $0["frame"] as! Int } } }
    }

    @Test func onePlantedPixelInOneOf900FramesIsTheOnlyFrameReported() throws {
        let dir = try recorded(Self.scene(), then: Self.scene(extraLayers: [Self.pixel(atFrame: 417)]))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Program.reel.run(["verify", dir + "/scene.json", "--quiet", "--report-json", dir + "/report.json",
                             "--junit", dir + "/junit.xml", "--sheets", dir + "/sheets"])
        #expect(r.status == 1)
        #expect(r.stderr == "reel: verify: 1 of 900 frames changed beyond tolerance\n")
        #expect(r.stdout.hasPrefix("reel verify: 1 scene changed: \(dir)/scene.json frame 417 (13.90 s), 1 of 900 frames beyond tolerance; diff sheet \(dir)/sheets/scene.diff.png; "))
        #expect(try changedFrames(dir + "/report.json") == [417])
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="reel verify" tests="1" failures="1" errors="0""#))
        #expect(junit.contains(#"<failure message="1 of 900 frames changed beyond tolerance: frame 417 (13.90 s)">"#))
        #expect(junit.contains("frame 417 at 13.90 s: 0.39 % of pixels differ (largest 255)"))
        // The sheet: one row of reference | now | difference, 192-pixel cells.
        let sheet = try PNGCodec.read(contentsOf: dir + "/sheets/scene.diff.png")
        #expect(sheet.width == 2 * 16 + 3 * 192 + 2 * 16)
    }

    @Test func aRecolourInTheLastSecondReportsExactlyThoseFrames() throws {
        let recolour = ##"{"keyframes": [{"t": 0, "value": "#FFCC00"}, {"t": 28.99, "value": "#FFCC00"}, {"t": 29, "value": "#FF2D55"}]}"##
        let dir = try recorded(Self.scene(), then: Self.scene(fill: recolour))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Program.reel.run(["verify", dir + "/scene.json", "--quiet", "--report-json", dir + "/report.json", "--sheets", dir])
        #expect(r.status == 1)
        #expect(try changedFrames(dir + "/report.json") == Array(870...899))
        #expect(r.stdout.contains("frames 870-899 (29.00-29.97 s), 30 of 900 frames beyond tolerance"))
    }

    @Test func aChangeUnderAnOpaqueLayerReportsNothing() throws {
        let cover = ##"{"type": "rect", "anchor": [0, 0], "position": [0, 0], "size": [16, 16], "fill": "#000000"}"##
        let hidden = ##"{"type": "circle", "position": [8, 8], "radius": 3, "fill": "#00FF00"}"##
        let dir = try recorded(Self.scene(extraLayers: [cover]), then: Self.scene(extraLayers: [hidden, cover]))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Program.reel.run(["verify", dir + "/scene.json", "--quiet", "--report-json", dir + "/report.json", "--sheets", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("reel verify: 1 scene, 900 frames unchanged (all identical); "))
        #expect(try changedFrames(dir + "/report.json").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir + "/scene.diff.png"))
    }

    /// Exact mode's digests are SHA-256 of the pixels: the same as `sha256sum`
    /// of the RGBA that FFmpeg decodes from the frame's PNG (an opaque scene,
    /// so straight and premultiplied RGBA agree).
    @Test func digestsAreSHA256OfThePixelsOfThePNGFrames() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = ##"{"version": 1, "canvas": {"width": 24, "height": 16, "fps": 10, "duration": 0.5, "background": "#204060"}, "layers": [{"type": "circle", "position": [12, 8], "radius": 5, "fill": "#FFFFFF80", "scale": {"keyframes": [{"t": 0, "value": 0.5}, {"t": 0.5, "value": 1.5}]}}]}"##
        try scene.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        #expect(try Program.reel.run(["verify", dir + "/s.json", "--record", "--quiet"]).status == 0)
        #expect(try Program.reel.run(["render", dir + "/s.json", "--format", "png", "-o", dir + "/png", "--no-cache", "--quiet"]).status == 0)
        let manifest = try String(contentsOfFile: dir + "/s.golden/manifest.json", encoding: .utf8)
        let exact = try Program.reel.run(["verify", dir + "/s.json", "--exact", "--quiet"])
        #expect(exact.status == 0 && exact.stdout.hasPrefix("reel verify: 1 scene, 5 frames unchanged (all identical)"), "\(exact.stderr)")
        let recorded = manifest.matches(of: /"sha256": "([0-9a-f]{64})"/).map { String($0.1) }
        #expect(recorded.count == 5)
        for (i, digest) in recorded.enumerated() {
            let png = dir + "/png/" + PNGSequenceWriter.fileName(forFrame: i)
            let r = try Program("/bin/sh").run(["-c", "ffmpeg -v error -i \"$0\" -f rawvideo -pix_fmt rgba - | sha256sum", png])
            #expect(r.stdout.prefix(64) == digest, "frame \(i): \(r.stderr)")
        }
    }

    @Test func contentDigestIsSHA256() {
        #expect(ContentDigest.of(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentDigest.of([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func aManifestOfAnotherCanvasSizeIsRefusedSayingWhatDiffers() throws {
        let dir = try recorded(Self.scene(), then: Self.scene(width: 32))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Program.reel.run(["verify", dir + "/scene.json", "--quiet"])
        #expect(r.status == 65)
        #expect(r.stderr == "reel: \(dir)/scene.golden/manifest.json was recorded with other settings, so its frames cannot be compared: "
                + "frame size 16×16 pixels (scale 1) recorded, 32×16 pixels (scale 1) now; "
                + "give the settings it was recorded with, or record it again with --update\n")
        #expect(!r.stdout.contains("changed"))
    }

    @Test func aManifestOfAnotherRendererVersionIsRefused() throws {
        let dir = try recorded(Self.scene())
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.golden/manifest.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: #""renderer": {"version": 1"#, with: #""renderer": {"version": 0"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["verify", dir + "/scene.json", "--quiet", "--report-json", dir + "/r.json"])
        #expect(r.status == 65)
        #expect(r.stderr.hasSuffix("cannot be compared: renderer version 0 recorded, 1 now; record it again with --update\n"))
        let report = try String(contentsOfFile: dir + "/r.json", encoding: .utf8)
        #expect(report.contains(#""status" : "error""#))
    }

    @Test func aTruncatedManifestIsALocatedError() throws {
        let dir = try recorded(Self.scene())
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.golden/manifest.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Cut after the newline that ends the 300th line: the file ends where line 301 would start.
        let cut = bytes.indices.filter { bytes[$0] == 0x0A }[299] + 1
        try bytes.prefix(cut).write(to: URL(fileURLWithPath: path))
        let r = try Program.reel.run(["verify", dir + "/scene.json", "--quiet"])
        #expect(r.status == 65)
        #expect(r.stderr == "reel: \(path):301:1: expected a value, found end of file (the manifest is cut short)\n")
    }

    /// The thumbnails are read only when a digest differs; cut short, they
    /// are an error naming the file, how many thumbnails it holds and where
    /// it ends, not a changed frame.
    @Test func truncatedThumbnailsAreALocatedError() throws {
        let dir = try recorded(Self.scene(), then: Self.scene(extraLayers: [Self.pixel(atFrame: 10)]))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.golden/thumbnails.strip"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        let r = try Program.reel.run(["verify", dir + "/scene.json", "--quiet"])
        #expect(r.status == 65)
        let message = try #require(r.stderr.firstMatch(of: /reel: (.+): truncated: the data ends after (\d+) of 900 frames, at byte (\d+) of (\d+)\n/))
        #expect(message.1 == path)
        #expect(Int(message.4) == bytes.count / 2)
        #expect(Int(message.2)! < 900)
    }

    @Test func shardsRecordPartialManifestsThatMergeIntoTheWhole() throws {
        let dir = try recorded(Self.scene())
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/scene.json"
        for k in 0..<3 {
            #expect(try Program.reel.run(["verify", scene, "--record", "--shard", "\(k)/3", "--golden", dir + "/part\(k)", "--quiet"]).status == 0)
        }
        // A shard verifies against its own partial manifest…
        let shard = try Program.reel.run(["verify", scene, "--shard", "1/3", "--golden", dir + "/part1", "--quiet"])
        #expect(shard.status == 0 && shard.stdout.hasPrefix("reel verify: 1 scene, 300 frames unchanged"), "\(shard.stderr)")
        // … which cannot stand in for the whole scene.
        let whole = try Program.reel.run(["verify", scene, "--golden", dir + "/part1", "--quiet"])
        #expect(whole.status == 65)
        #expect(whole.stderr.contains("part1/scene.golden/manifest.json records frames 300-599, not 0-299, 600-899"))
        // Merged, the shards' manifests are the whole recording's.
        let merge = try Program.reel.run(["verify", "--merge"] + (0..<3).map { dir + "/part\($0)/scene.golden" } + ["-o", dir + "/merged/scene.golden"])
        #expect(merge.stdout == "\(dir)/merged/scene.golden: 900 frames merged from 3 manifests\n", "\(merge.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/merged/scene.golden/manifest.json"))
                == Data(contentsOf: URL(fileURLWithPath: dir + "/scene.golden/manifest.json")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/merged/scene.golden/thumbnails.strip"))
                == Data(contentsOf: URL(fileURLWithPath: dir + "/scene.golden/thumbnails.strip")))
        let missing = try Program.reel.run(["verify", "--merge", dir + "/part0/scene.golden", dir + "/part2/scene.golden", "-o", dir + "/m2"])
        #expect(missing.status == 65)
        #expect(missing.stderr == "reel: cannot merge \(dir)/m2: frames 300-599 are in none of the manifests\n")
    }

    /// With a data file each row has a manifest; `--update` rewrites only
    /// the row that changed.
    @Test func dataRowsHaveAManifestEachAndUpdateRewritesOnlyTheChanged() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = ##"{"version": 1, "canvas": {"width": 16, "height": 16, "fps": 10, "duration": 2, "background": "#1F5BFF"}, "variables": {"accent": "#FFCC00", "side": 6}, "layers": [{"type": "rect", "position": [8, 8], "size": [{"expr": "side"}, {"expr": "side"}], "fill": {"expr": "accent"}}]}"##
        try scene.write(toFile: dir + "/row.json", atomically: true, encoding: .utf8)
        try "id,accent,side\na,#FF0000,4\nb,#00FF00,6\nc,#0000FF,8\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        #expect(try Program.reel.run(["verify", dir + "/row.json", "--data", dir + "/rows.csv", "--record", "--quiet"]).status == 0)
        for id in ["a", "b", "c"] { #expect(FileManager.default.fileExists(atPath: "\(dir)/row.golden/\(id)/manifest.json")) }
        #expect(try Program.reel.run(["verify", dir + "/row.json", "--data", dir + "/rows.csv", "--shard", "2/3", "--quiet"]).stdout
                .hasPrefix("reel verify: 1 row, 20 frames unchanged"))
        // Row b's value changes: its manifest is refused, at the row's line.
        try "id,accent,side\na,#FF0000,4\nb,#00FF10,6\nc,#0000FF,8\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        let refused = try Program.reel.run(["verify", dir + "/row.json", "--data", dir + "/rows.csv", "--quiet"],
                                  environment: ["GITHUB_ACTIONS": "true"])
        #expect(refused.status == 65)
        #expect(refused.stdout.contains("::error file=\(dir)/rows.csv,line=3,title=reel verify%3A \(dir)/row.json row 2 (id b)::"))
        #expect(refused.stderr.contains(##"parameter accent "#00FF00" recorded, "#00FF10" now"##))
        let before = try ["a", "c"].map { try FileManager.default.attributesOfItem(atPath: "\(dir)/row.golden/\($0)/manifest.json")[.modificationDate] as! Date }
        let update = try Program.reel.run(["verify", dir + "/row.json", "--data", dir + "/rows.csv", "--update", "--quiet"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("recorded again \(dir)/row.golden/b/manifest.json"))
        let after = try ["a", "c"].map { try FileManager.default.attributesOfItem(atPath: "\(dir)/row.golden/\($0)/manifest.json")[.modificationDate] as! Date }
        #expect(before == after)
        #expect(try Program.reel.run(["verify", dir + "/row.json", "--data", dir + "/rows.csv", "--quiet"]).status == 0)
    }

    /// A change of one level everywhere is within the default tolerance (a
    /// warning on GitHub), and a change for `--exact`.
    @Test func withinToleranceUnlessExact() throws {
        let dir = try recorded(Self.scene(), then: Self.scene(background: "#1F5BFE"))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tolerant = try Program.reel.run(["verify", dir + "/scene.json", "--quiet"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(tolerant.status == 0)
        #expect(tolerant.stdout.contains("::warning file=\(dir)/scene.json,line=1,title=reel verify%3A \(dir)/scene.json::900 frames differ within tolerance"))
        #expect(tolerant.stdout.contains("1 scene, 900 frames unchanged (0 identical, 900 within tolerance)"))
        let exact = try Program.reel.run(["verify", dir + "/scene.json", "--quiet", "--exact", "--sheets", dir])
        #expect(exact.status == 1)
        #expect(exact.stderr == "reel: verify: 900 of 900 frames changed beyond tolerance\n")
    }

    static let mistakes: [(args: [String], stderr: String)] = [
        (["verify"], "reel: verify: missing scene file; see 'reel verify --help'\n"),
        (["verify", "a.json", "--threshold", "300"], "reel: --threshold expects a number from 0 to 255, found '300'\n"),
        (["verify", "a.json", "--max-share", "120%"], "reel: --max-share expects a percentage from 0 to 100, found '120%'\n"),
        (["verify", "a.json", "--record", "--update"], "reel: verify: --record and --update exclude each other\n"),
        (["verify", "a.json", "--crf", "20"], "reel: verify: --crf does not apply to verify (it is an option of render, batch, preview, watch, plan); see 'reel verify --help'\n"),
        (["verify", "--merge", "a.golden"], "reel: verify: missing -o SCENE.golden; see 'reel verify --help'\n"),
        (["diff", "a.mp4"], "reel: diff: expected two videos or folders, found 1; see 'reel diff --help'\n"),
        (["diff", "a.mp4", "b.mp4", "--min-psnr", "0"], "reel: --min-psnr expects decibels, more than 0, found '0'\n"),
    ]

    /// Usage mistakes exit with 2, as diff(1)'s do: 1 means "changed".
    @Test(arguments: 0..<mistakes.count)
    func usageMistakesExitWithTwo(index: Int) throws {
        let (args, stderr) = Self.mistakes[index]
        let r = try Program.reel.run(args)
        #expect(r.status == 2)
        #expect(r.stderr == stderr)
    }

    @Test func aMissingManifestSaysHowToRecordIt() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.scene().write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["verify", dir + "/scene.json", "--quiet"])
        #expect(r.status == 66)
        #expect(r.stderr == "reel: no golden manifest at \(dir)/scene.golden/manifest.json; record it with 'reel verify SCENE --record'\n")
    }
}
