import Dispatch
import Foundation
import ProcessRunner

/// `reel batch` against separate `reel render` processes, both as child
/// processes of the `reel` built beside this executable, in fresh folders
/// (so every frame cache starts cold):
///
/// 1. the 24-day advent batch against 24 `reel render --set …` runs, with
///    the frame cache (the default) and without; the frames the batch drew
///    against its total;
/// 2. the per-row overhead of a 1,000-row batch of a 1-second 320×180
///    template: the batch's time against one render of the same 30,000
///    frames as a single video, divided by the rows (cache off, so both draw
///    every frame).
func batchBenchmark(reel: Program) throws {
    let root = NSTemporaryDirectory() + "reel-batch-bench-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)

    let scene = "Scenes/advent/door.json", data = "Scenes/advent/days.csv"
    let rows = try String(contentsOfFile: data, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
    let header = rows[0]
    print("advent batch: \(rows.count - 1) rows of \(scene), wall time (s)")
    print("cache | batch | separate renders | ratio (target ≤ 0.6) | batch frames drawn / total")
    for cache in [true, false] {
        let flags = cache ? [] : ["--no-cache"]
        let batchFolder = root + "/batch-\(cache)", separateFolder = root + "/separate-\(cache)"
        var summary = ""
        let batch = try seconds {
            summary = try reel.runChecked(["batch", scene, "--data", data, "-o", batchFolder + "/day-{id}.mp4"] + flags).stderr
        }
        let separate = try seconds {
            for row in rows.dropFirst() {
                let sets = zip(header, row).filter { $0.0 != "id" }.flatMap { ["--set", "\($0.0)=\($0.1)"] }
                _ = try reel.runChecked(["render", scene, "-o", separateFolder + "/day-\(row[0]).mp4", "--quiet"] + sets + flags)
            }
        }
        let frames = summary.split(separator: ";").first { $0.contains("drawn") }.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?"
        print(String(format: "%@ | %.2f | %.2f | %.2f | %@", cache ? "on" : "off", batch, separate, batch / separate, frames))
    }

    // 1,000 rows of a 1-second template whose every frame depends on the row.
    let template = """
        {"canvas": {"width": 320, "height": 180, "fps": 30, "duration": DURATION, "background": "#101820"},
         "variables": {"n": 0},
         "layers": [{"type": "rect", "size": [60, 60], "fill": "teal", "position": [{"expr": "30 + (t % 1) * 260"}, 90]},
                    {"type": "text", "text": "TEXT", "size": 40, "color": "white", "position": [160, 40]}]}
        """
    try template.replacingOccurrences(of: "DURATION", with: "1").replacingOccurrences(of: "TEXT", with: "{n}")
        .write(toFile: root + "/row.json", atomically: true, encoding: .utf8)
    try template.replacingOccurrences(of: "DURATION", with: "1000").replacingOccurrences(of: "TEXT", with: "{floor(t)}")
        .write(toFile: root + "/long.json", atomically: true, encoding: .utf8)
    try ("id,n\n" + (0..<1000).map { "\($0),\($0)" }.joined(separator: "\n") + "\n")
        .write(toFile: root + "/rows.csv", atomically: true, encoding: .utf8)
    let batch = try seconds {
        _ = try reel.runChecked(["batch", root + "/row.json", "--data", root + "/rows.csv", "-o", root + "/rows/{id}.mp4", "--no-cache", "--quiet"])
    }
    let single = try seconds {
        _ = try reel.runChecked(["render", root + "/long.json", "-o", root + "/long.mp4", "--no-cache", "--quiet"])
    }
    print("\n1,000-row batch of a 1-second 320×180 template at 30 fps (30,000 frames), cache off")
    print("batch s | one 30,000-frame render s | overhead per row ms")
    print(String(format: "%.2f | %.2f | %.2f", batch, single, (batch - single) / 1000 * 1000))
}
