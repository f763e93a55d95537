import Foundation
import Pipeline
import ProcessRunner
import Testing

/// `reel batch --shard K/N` and `reel plan --data … --shards N`: whole rows
/// per shard, the union of the shards' files equal to the unsharded batch's.
@Suite struct BatchShardTests {
    let cli = CommandLineTests()

    /// Three frames of 64×48 (0.3 s at 10 fps) and six rows.
    static let scene = ##"""
        {"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 0.3, "background": "white"},
         "variables": {"accent": "#FF0000", "n": 3},
         "layers": [{"type": "rect", "size": [64, 48], "opacity": {"expr": "n / 6"}, "fill": {"expr": "accent"}}]}
        """##
    static let rows = "id,accent,n\nr1,red,1\nr2,blue,2\nr3,green,3\nr4,#34C759,4\nr5,black,5\nr6,#FF00FF,6\n"

    func folder() throws -> String {
        let dir = try cli.tempDir()
        try Self.scene.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        try Self.rows.write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        return dir
    }

    func batch(_ dir: String, into out: String, _ extra: [String]) throws -> ProcessResult {
        try Program.reel.run(["batch", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/\(out)/{id}.mp4", "--jobs", "2"] + extra)
    }

    /// Every file under `root` but the frame cache, by relative path, with its bytes.
    func files(_ root: String) -> [String: Data] {
        var found: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root) ?? .init() {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDir), !isDir.boolValue {
                found[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return found
    }

    @Test func threeShardsWriteExactlyTheUnshardedBatchsFiles() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = try Program.reel.run(["plan", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/sharded/{id}.mp4", "--shards", "3"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout == """
            \(dir)/t.json × \(dir)/rows.csv: 6 rows, 18 frames, 3 shards
              --shard 0/3  rows 1-2 (2)  6 frames
                \(dir)/sharded/r1.mp4
                \(dir)/sharded/r2.mp4
              --shard 1/3  rows 3-4 (2)  6 frames
                \(dir)/sharded/r3.mp4
                \(dir)/sharded/r4.mp4
              --shard 2/3  rows 5-6 (2)  6 frames
                \(dir)/sharded/r5.mp4
                \(dir)/sharded/r6.mp4

            """)
        let json = try Program.reel.run(["plan", dir + "/t.json", "--data", dir + "/rows.csv", "-o", dir + "/sharded/{id}.mp4", "--shards", "3", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let table = try #require(object["table"] as? [[String: Any]])
        #expect(table.map { $0["rows"] as? [Int] ?? [] } == [[1, 2], [3, 4], [5, 6]])
        #expect(table.map { $0["frames"] as? Int ?? 0 } == [6, 6, 6])

        let whole = try batch(dir, into: "whole", ["--quiet"])
        #expect(whole.status == 0, "\(whole.stderr)")
        var before = Set(files(dir + "/sharded").keys)
        for k in 0..<3 {
            let r = try batch(dir, into: "sharded", ["--shard", "\(k)/3"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("rows.csv (shard \(k)/3): 2 rows — 2 done, 0 skipped, 0 failed"), "\(r.stderr)")
            // The shard wrote its plan's outputs, each with its manifest, and nothing else.
            let now = Set(files(dir + "/sharded").keys)
            let listed = (table[k]["outputs"] as? [String] ?? []).map { ($0 as NSString).lastPathComponent }
            #expect(now.subtracting(before) == Set(listed.flatMap { [$0, ".\($0).reel-batch"] }))
            before = now
        }
        let expected = files(dir + "/whole")
        #expect(expected.count == 12)
        #expect(files(dir + "/sharded") == expected)
    }

    /// Regression: rows encoded two at a time, on whichever worker thread
    /// delivered their frames, came out in two versions (x264 reads memory
    /// it did not write; which bytes it found depended on the thread that
    /// allocated it). Ten frames of a moving rectangle per row, so every
    /// row has P and B frames.
    @Test func rowsEncodedTwoAtATimeHaveTheBytesOfAShardsRows() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"""
            {"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 1, "background": "white"},
             "variables": {"accent": "#FF0000"},
             "layers": [{"type": "rect", "size": [32, 24], "fill": {"expr": "accent"},
                         "position": {"keyframes": [{"t": 0, "value": [16, 12]}, {"t": 1, "value": [48, 36]}]}}]}
            """#.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        try "id,accent\nr1,red\nr2,blue\nr3,green\nr4,black\n".write(toFile: dir + "/rows.csv", atomically: true, encoding: .utf8)
        for round in 0..<3 {
            let base = ["batch", dir + "/t.json", "--data", dir + "/rows.csv", "--jobs", "2", "--no-cache", "--quiet"]
            #expect(try Program.reel.run(base + ["-o", dir + "/\(round)/whole/{id}.mp4"]).status == 0)
            for k in 0..<2 { #expect(try Program.reel.run(base + ["-o", dir + "/\(round)/shards/{id}.mp4", "--shard", "\(k)/2"]).status == 0) }
            for row in 1...4 {
                let (a, b) = ("\(dir)/\(round)/whole/r\(row).mp4", "\(dir)/\(round)/shards/r\(row).mp4")
                #expect(FileManager.default.contentsEqual(atPath: a, andPath: b), "round \(round), row \(row)")
            }
        }
    }

    @Test func aShardRunAgainSkipsItsCompleteRows() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try batch(dir, into: "out", ["--shard", "1/3", "--quiet"]).status == 0)
        let again = try batch(dir, into: "out", ["--shard", "1/3", "--progress", "json"])
        #expect(again.status == 0)
        let objects = again.stderr.split(separator: "\n").filter { $0.hasPrefix("{\"row\"") }.map(String.init)
        #expect(objects == [#"{"row": 3, "id": "r3", "output": "\#(dir)/out/r3.mp4", "status": "skipped", "frames": 3, "seconds": 0.000}"#,
                            #"{"row": 4, "id": "r4", "output": "\#(dir)/out/r4.mp4", "status": "skipped", "frames": 3, "seconds": 0.000}"#])
        #expect(again.stderr.contains("2 rows — 0 done, 2 skipped, 0 failed"))
    }

    @Test func impossibleShardsAreUsageErrors() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tooMany = "reel: \(dir)/rows.csv cannot be split into 7 shards: it has 6 rows, and a shard renders whole rows (split it into at most 6)\n"
        let cases: [(String, String)] = [
            ("6/7", tooMany),
            ("3/3", "reel: --shard expects K/N with 0 ≤ K < N, e.g. \"$SLURM_ARRAY_TASK_ID/4\", found '3/3'\n"),
            ("/3", "reel: --shard expects K/N with 0 ≤ K < N, e.g. \"$SLURM_ARRAY_TASK_ID/4\", found '/3' (is the index variable set?)\n"),
            ("one/3", "reel: --shard expects K/N with 0 ≤ K < N, e.g. \"$SLURM_ARRAY_TASK_ID/4\", found 'one/3'\n"),
        ]
        for (value, message) in cases {
            let r = try batch(dir, into: "out", ["--shard", value])
            #expect(r.status == 64, "\(value)")
            #expect(r.stderr == message)
        }
        let plan = try Program.reel.run(["plan", dir + "/t.json", "--data", dir + "/rows.csv", "--shards", "7"])
        #expect(plan.status == 64)
        #expect(plan.stderr == tooMany)
        let chunks = try batch(dir, into: "out", ["--chunks", "2"])
        #expect(chunks.stderr == "reel: batch: --chunks does not apply to batch (it is an option of render, preview, watch, plan); see 'reel batch --help'\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func rowGroupsBalanceFramesContiguously() {
        #expect(RowShards(frames: [3, 3, 3, 3, 3, 3], shards: 3)?.groups == [0..<2, 2..<4, 4..<6])
        #expect(RowShards(frames: [10, 1, 1, 1], shards: 2)?.groups == [0..<1, 1..<4])
        #expect(RowShards(frames: [1, 1, 1, 1, 8], shards: 2)?.groups == [0..<4, 4..<5])
        #expect(RowShards(frames: [4, 4], shards: 2)?.groups == [0..<1, 1..<2])
        #expect(RowShards(frames: [4, 4], shards: 3) == nil)
        #expect(RowShards(frames: [2], shards: 1)?.groups == [0..<1])
    }

    /// The largest group is the smallest any contiguous split into N non-empty groups can give.
    @Test func rowGroupsAreOptimalAgainstEverySplit() {
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) % n }
        for _ in 0..<300 {
            let frames = (0..<(1 + next(8))).map { _ in 1 + next(12) }
            let shards = 1 + next(frames.count)
            let split = RowShards(frames: frames, shards: shards)!
            #expect(split.groups.count == shards && split.groups.allSatisfy { !$0.isEmpty })
            #expect(split.groups.first?.lowerBound == 0 && split.groups.last?.upperBound == frames.count)
            #expect(zip(split.groups, split.groups.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            let largest = split.groups.map { frames[$0].reduce(0, +) }.max()!
            #expect(largest == Self.bestLargest(frames[...], shards), "\(frames) into \(shards)")
        }
    }

    /// By trying every cut: the smallest largest group of `frames` in `shards` groups.
    static func bestLargest(_ frames: ArraySlice<Int>, _ shards: Int) -> Int {
        if shards == 1 { return frames.reduce(0, +) }
        var best = Int.max
        for cut in (frames.startIndex + 1)...(frames.endIndex - shards + 1) {
            best = min(best, max(frames[..<cut].reduce(0, +), bestLargest(frames[cut...], shards - 1)))
        }
        return best
    }
}
