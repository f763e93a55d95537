import Foundation
import ProcessRunner
import Testing

/// `--set`, `--vars` and `reel batch` through the executable: typed values,
/// every error text, byte-identical outputs, resumable and fault-isolated batches.
@Suite struct TemplateCommandTests {
    let cli = CommandLineTests()

    /// Three frames of 32×16: a colour, a title and a number.
    static let scene = ##"""
        {"canvas": {"width": 32, "height": 16, "fps": 10, "duration": 0.3, "background": "white"},
         "variables": {"accent": "#FF0000", "title": "Hi", "n": 3, "show": true},
         "layers": [{"type": "rect", "size": [32, 16], "fill": {"expr": "accent"}, "visible": {"expr": "show"}},
                    {"type": "text", "text": "{title} {n:.1f}", "size": 6, "color": "white", "position": [16, 8]}]}
        """##

    /// A folder holding `t.json` (the scene above with `replacing` applied).
    func folder(replacing: [(String, String)] = []) throws -> String {
        let dir = try cli.tempDir()
        var text = Self.scene
        for (a, b) in replacing { text = text.replacingOccurrences(of: a, with: b) }
        try text.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        return dir
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func renderWithSetIsByteIdenticalToTheValuesWrittenIn() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let written = dir + "/w"
        try FileManager.default.createDirectory(atPath: written, withIntermediateDirectories: true)
        let edited = Self.scene.replacingOccurrences(of: "#FF0000", with: "#34C759")
            .replacingOccurrences(of: #""Hi""#, with: #""Hello, there""#).replacingOccurrences(of: #""n": 3"#, with: #""n": 0.25"#)
        try edited.write(toFile: written + "/t.json", atomically: true, encoding: .utf8)
        let set = try Program.reel.run(["render", dir + "/t.json", "--set", "accent=#34C759", "--set", "title=Hello, there",
                                        "--set", "n=0.25", "-o", dir + "/set.mp4", "--png-dir", dir + "/set", "--no-cache", "--quiet"])
        let file = try Program.reel.run(["render", written + "/t.json", "-o", dir + "/file.mp4", "--png-dir", dir + "/file", "--no-cache", "--quiet"])
        #expect(set.status == 0 && file.status == 0, "\(set.stderr)\(file.stderr)")
        #expect(bytes(dir + "/set.mp4") != nil && bytes(dir + "/set.mp4") == bytes(dir + "/file.mp4"))
        #expect(bytes(dir + "/set/frame_00002.png") == bytes(dir + "/file/frame_00002.png"))
        // The values changed the frames: the default renders differently.
        let plain = try Program.reel.run(["render", dir + "/t.json", "-o", dir + "/plain.mp4", "--no-cache", "--quiet"])
        #expect(plain.status == 0)
        #expect(bytes(dir + "/plain.mp4") != bytes(dir + "/set.mp4"))
    }

    /// Every refused value at once, each naming its flag or file line, the type and what was found; nothing written.
    @Test(arguments: ["render", "still", "validate", "info", "preview"])
    func wrongValuesAreUsageErrors(command: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"show": "maybe",\#n "n": 4}"#.write(toFile: dir + "/v.json", atomically: true, encoding: .utf8)
        var args = [command, dir + "/t.json", "--vars", dir + "/v.json", "--set", "accent=blu", "--set", "titl=x",
                    "--set", "n=seven"]
        if command == "still" || command == "render" || command == "preview" { args += ["-o", dir + "/out." + (command == "still" ? "png" : "mp4")] }
        if command == "info" { args.append("--no-estimate") }
        let r = try Program.reel.run(args)
        #expect(r.status == 64)
        #expect(r.stderr == """
            reel: \(dir)/v.json:1:10: "show": expected true or false, found "maybe"
            reel: --set accent=blu: expected a colour, found "blu" (did you mean "blue"?)
            reel: --set titl=x: the scene has no parameter "titl" (did you mean "title"?)
            reel: --set n=seven: expected a number, found "seven"

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["t.json", "v.json"])
    }

    @Test func setAndVarsFlagMistakes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "[1, 2]".write(toFile: dir + "/v.json", atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--set", "accent"], "reel: --set expects NAME=VALUE, found 'accent'\n"),
            (["--set"], "reel: validate: --set needs a value; see 'reel validate --help'\n"),
            (["--vars", dir + "/none.json"], "reel: --vars \(dir)/none.json: cannot read the file\n"),
            (["--vars", dir + "/v.json"], "reel: --vars \(dir)/v.json:1:2: expected an object of parameter: value, found 1\n\(dir)/v.json:1:5: expected an object of parameter: value, found 2\n"),
        ]
        for (flags, message) in cases {
            let r = try Program.reel.run(["validate", dir + "/t.json"] + flags)
            #expect(r.status == 64)
            #expect(r.stderr == message)
        }
        // Later values win; a --vars file's values apply.
        try #"{"n": 5, "title": "From file"}"#.write(toFile: dir + "/v.json", atomically: true, encoding: .utf8)
        let ok = try Program.reel.run(["validate", dir + "/t.json", "--vars", dir + "/v.json", "--set", "n=6"])
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test func infoListsTheParametersInForce() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Program.reel.run(["info", dir + "/t.json", "--no-estimate", "--set", "n=5", "--set", "accent=#34C759"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").last == #"  params    accent (color) = #34C759FF, title (string) = "Hi", n (number) = 5, show (bool) = true"#)
    }

    // MARK: Batches

    func batch(_ dir: String, _ data: String, name: String = "rows.csv", _ extra: [String] = []) throws -> ProcessResult {
        try data.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        // Its own cache folder: the counts of frames drawn and reused are this test's alone.
        return try Program.reel.run(["batch", dir + "/t.json", "--data", dir + "/" + name, "-o", dir + "/out/{id}.mp4", "--jobs", "2"] + extra,
                                    environment: ["REEL_CACHE_DIR": dir + "/cache"])
    }

    @Test func batchRowIsByteIdenticalToRenderWithSet() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try batch(dir, "id,accent,title,n\na,#34C759,\"Hello, \"\"you\"\"\",1\nb,blue,\"two\nlines\",2.5\n", ["--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let set = try Program.reel.run(["render", dir + "/t.json", "--set", "accent=blue", "--set", "title=two\nlines", "--set", "n=2.5",
                                        "-o", dir + "/b.mp4", "--no-cache", "--quiet"])
        #expect(set.status == 0)
        #expect(bytes(dir + "/b.mp4") != nil && bytes(dir + "/out/b.mp4") == bytes(dir + "/b.mp4"))
        #expect(bytes(dir + "/out/a.mp4") != bytes(dir + "/out/b.mp4"))
        // The same rows as JSON Lines write the same files.
        let lines = "{\"id\": \"a\", \"accent\": \"#34C759\", \"title\": \"Hello, \\\"you\\\"\", \"n\": 1}\n"
            + "{\"id\": \"b\", \"accent\": \"blue\", \"title\": \"two\\nlines\", \"n\": 2.5}\n"
        try lines.write(toFile: dir + "/rows.jsonl", atomically: true, encoding: .utf8)
        let json = try Program.reel.run(["batch", dir + "/t.json", "--data", dir + "/rows.jsonl", "-o", dir + "/json/{id}.mp4", "--quiet"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(bytes(dir + "/json/a.mp4") == bytes(dir + "/out/a.mp4"))
        #expect(bytes(dir + "/json/b.mp4") == bytes(dir + "/out/b.mp4"))
    }

    @Test func everyRowErrorAtOnceWithLineAndColumn() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try batch(dir, "id,accent,n,colour\n1,blu,2,x\n2,red,two,y\n")
        #expect(r.status == 65)
        #expect(r.stderr == """
            \(dir)/rows.csv:2:3: column "accent": expected a colour, found "blu" (did you mean "blue"?)
            \(dir)/rows.csv:2:9: column "colour": the scene has no parameter "colour"
            \(dir)/rows.csv:3:7: column "n": expected a number, found "two"
            \(dir)/rows.csv:3:11: column "colour": the scene has no parameter "colour"

            """)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
        let json = try batch(dir, "{\"id\": 1, \"show\": \"yes\"}\n", name: "rows.jsonl")
        #expect(json.stderr == "\(dir)/rows.jsonl:1:19: key \"show\": expected true or false, found \"yes\"\n")
    }

    @Test func duplicateOutputsAreRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try batch(dir, "[{\"id\": \"x\", \"n\": 1}, {\"id\": \"y\"},\n {\"id\": \"x\", \"n\": 2}]", name: "rows.json")
        #expect(r.status == 65)
        #expect(r.stderr == "\(dir)/rows.json:2: output \(dir)/out/x.mp4 is also written by the row on line 1\n")
        let template = try Program.reel.run(["batch", dir + "/t.json", "--data", dir + "/rows.json", "-o", dir + "/{ide}.mp4"])
        #expect(template.status == 64)
        #expect(template.stderr == "reel: -o \(dir)/{ide}.mp4: no column \"ide\" in the data (did you mean \"{id}\"?); columns: id, n\n")
    }

    @Test func secondRunSkipsEveryRowAndAChangedRowRendersAlone() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rows = "id,n,title\na,1,A\nb,2,B\nc,3,C\n"
        // One worker, so which repeated frame is drawn and which read back is fixed.
        let first = try batch(dir, rows, ["--jobs", "1"])
        #expect(first.status == 0)
        #expect(first.stderr.contains("rows.csv: 3 rows — 3 done, 0 skipped, 0 failed; frames: 3 drawn, 6 reused, 0 skipped; "),
                "\(first.stderr)")
        let before = bytes(dir + "/out/a.mp4")
        let second = try batch(dir, rows, ["--progress", "json"])
        #expect(second.status == 0)
        let lines = second.stderr.split(separator: "\n")
        #expect(lines.first == #"{"row": 1, "id": "a", "output": "\#(dir)/out/a.mp4", "status": "skipped", "frames": 3, "seconds": 0.000}"#)
        #expect(lines.last?.contains("3 rows — 0 done, 3 skipped, 0 failed; frames: 0 drawn, 0 reused, 9 skipped") == true)
        let changed = try batch(dir, rows.replacingOccurrences(of: "b,2,B", with: "b,2,Bee"), ["--progress", "json", "--jobs", "1"])
        let objects = changed.stderr.split(separator: "\n").filter { $0.hasPrefix("{\"row\"") }
        #expect(objects.filter { $0.contains(#""status": "done""#) }.map { $0.contains(#""id": "b""#) } == [true])
        #expect(objects.filter { $0.contains(#""status": "skipped""#) }.count == 2)
        #expect(changed.stderr.contains("1 done, 2 skipped, 0 failed; frames: 1 drawn, 2 reused, 6 skipped"))
        #expect(bytes(dir + "/out/a.mp4") == before)
        let forced = try batch(dir, rows, ["--force", "--quiet"])
        #expect(forced.status == 0 && forced.stderr.isEmpty)
    }

    /// A rebuilt renderer may draw differently: rows its predecessor wrote
    /// used to be skipped as up to date. Another copy of `reel` is another renderer.
    @Test func rowsWrittenByAnotherRendererAreDrawnAgain() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rows = "id,n,title\na,1,A\n"
        #expect(try batch(dir, rows, ["--quiet"]).status == 0)
        let build = (Program.reel.path as NSString).deletingLastPathComponent
        let copy = dir + "/bin"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: build) where name == "reel" || name.hasSuffix(".resources") {
            try FileManager.default.copyItem(atPath: build + "/" + name, toPath: copy + "/" + name)
        }
        let again = try Program(copy + "/reel").run(["batch", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/out/{id}.mp4"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("1 row — 1 done, 0 skipped, 0 failed"), "\(again.stderr)")
    }

    /// As root a read-only folder is still writable, so the unwritable folder
    /// is a plain file where the folder should be (for one row) and a folder
    /// where the video should be (for another, failing when it is moved into place).
    @Test func rowsThatCannotBeWrittenFailWhileTheOthersComplete() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "not a folder".write(toFile: dir + "/blocked", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/out/taken.mp4", withIntermediateDirectories: true)
        try "id,dir\nfirst,out\nbad,blocked\ntaken,out\nlast,out\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        try Self.scene.replacingOccurrences(of: #""show": true"#, with: #""show": true, "dir": "x""#)
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let r = try Program.reel.run(["batch", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/{dir}/{id}.mp4", "--no-cache"])
        #expect(r.status == 74)
        #expect(bytes(dir + "/out/first.mp4") != nil)
        #expect(bytes(dir + "/out/last.mp4") != nil)
        #expect(r.stderr.contains("4 rows — 2 done, 0 skipped, 2 failed"), "\(r.stderr)")
        #expect(r.stderr.contains("failed rows: 2 (line 3), 3 (line 4)"))
        #expect(r.stderr.contains("\n\(dir)/rows.csv:3: \(dir)/blocked/bad.mp4: "))
        #expect(r.stderr.contains("\(dir)/rows.csv:4: \(dir)/out/taken.mp4: "))
    }
}
