import Foundation

/// How one row ended.
public struct RowResult: Sendable, Equatable {
    public enum Status: String, Sendable { case done, skipped, failed }

    /// 1-based row number and the line it starts on in the data file.
    public var row: Int
    public var line: Int
    public var id: String?
    public var output: String
    public var status: Status
    /// Frames of the row's output (drawn, read back from the cache, or skipped with the row).
    public var frames: Int
    /// Seconds from the previous row's end to this one's (0 when skipped).
    public var seconds: Double
    public var error: String?

    /// On standard error: with `--progress json` one object a line, as text
    /// a line per row drawn or failed.
    func report(as style: ProgressStyle) {
        switch style {
        case .quiet: return
        case .text:
            let what = status == .failed ? "failed: \(error ?? "")" : "\(frames) frames in \(String(format: "%.1f", seconds)) s"
            FileHandle.standardError.write(Data("\(output): \(what)\n".utf8))
            return
        case .json: break
        }
        func quoted(_ s: String) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            return String(decoding: (try? encoder.encode(s)) ?? Data("\"\"".utf8), as: UTF8.self)
        }
        var line = "{\"row\": \(row), \"id\": \(id.map(quoted) ?? "null"), \"output\": \(quoted(output)), "
            + "\"status\": \"\(status.rawValue)\", \"frames\": \(frames), \"seconds\": \(String(format: "%.3f", seconds))"
        if let error { line += ", \"error\": \(quoted(error))" }
        FileHandle.standardError.write(Data((line + "}\n").utf8))
    }
}

/// What a batch did, row by row and in frames.
public struct BatchSummary: Sendable, Equatable {
    public var data: String
    /// The shard rendered (`--shard K/N`), named in the summary so the logs
    /// of a job array's tasks tell themselves apart.
    public var shard: Shard?
    public var rows: [RowResult]
    /// Frames drawn, read back from the frame cache, and not rendered because their row was up to date.
    public var drawn = 0
    public var reused = 0
    public var skippedFrames: Int { rows.filter { $0.status == .skipped }.reduce(0) { $0 + $1.frames } }
    public var seconds = 0.0

    public func count(_ status: RowResult.Status) -> Int { rows.filter { $0.status == status }.count }

    /// `cities.csv: 24 rows — 22 done, 2 skipped, 0 failed; frames: 340 drawn, 236 reused, 48 skipped; 12.3 s`,
    /// with `cities.csv (shard 1/4): …` for a shard.
    public var text: String {
        var s = "\(data)" + (shard.map { " (shard \($0.index)/\($0.count))" } ?? "") + ": " + SceneSummary.plural(rows.count, "row") + " — \(count(.done)) done, \(count(.skipped)) skipped, \(count(.failed)) failed; "
            + "frames: \(drawn) drawn, \(reused) reused, \(skippedFrames) skipped; \(String(format: "%.1f", seconds)) s"
        let failed = rows.filter { $0.status == .failed }
        if !failed.isEmpty { s += "\nfailed rows: " + failed.map { "\($0.row) (line \($0.line))" }.joined(separator: ", ") }
        return s
    }

    func print() { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}
