import Foundation
import Media
import Pipeline

/// The options `verify` and `diff` share — the tolerance and the reports —
/// and what both do with a finished comparison.
struct ComparisonOptions {
    var threshold: Int?
    var maxShare: Double?
    var minPSNR: Double?
    var exact = false
    var reportJSON: String?
    var junit: String?

    static let help = """
          --threshold N       a pixel differs when a channel moved by more than N
                              levels (0…255)
          --max-share P       a frame passes while at most P % of its pixels differ
          --min-psnr DB       … and its PSNR is at least DB decibels
          --exact             every frame whose pixels differ at all is a change
          --report-json FILE  write the report as JSON
          --junit FILE        write the report as JUnit XML, for CI test views
        """

    /// Takes `arg` (and its value) if it is one of these options.
    mutating func take(_ arg: String, from reader: inout OptionReader) throws(ReelError) -> Bool {
        switch arg {
        case "--threshold": threshold = try RenderOptions.number(reader.value(for: arg), for: arg, in: 0...255)
        case "--max-share":
            let v = try reader.value(for: arg)
            let digits = v.hasSuffix("%") ? String(v.dropLast()) : v
            guard let p = Double(digits), p.isFinite, (0...100).contains(p) else {
                throw .usage("--max-share expects a percentage from 0 to 100, found '\(v)'")
            }
            maxShare = p / 100
        case "--min-psnr":
            let v = try reader.value(for: arg)
            guard let db = Double(v), db.isFinite, db > 0 else { throw .usage("--min-psnr expects decibels above 0, found '\(v)'") }
            minPSNR = db
        case "--exact": exact = true
        case "--report-json": reportJSON = try reader.value(for: arg)
        case "--junit": junit = try reader.value(for: arg)
        default: return false
        }
        return true
    }

    /// The limits given (each already checked as it was read).
    var change: ToleranceChange? {
        guard threshold != nil || maxShare != nil || minPSNR != nil else { return nil }
        return try? ToleranceChange(threshold: threshold, maxShare: maxShare, minPSNR: minPSNR)
    }

    /// Writes the reports asked for, prints the GitHub annotations (on
    /// GitHub Actions) and the summary line, then throws what the exit
    /// status says: the cases that could not be compared, else, when
    /// `changesFail`, the frames changed beyond tolerance.
    func finish(_ report: ComparisonReport, changesFail: Bool) throws(ReelError) {
        for (path, text) in [(reportJSON, report.json), (junit, report.junit)] {
            guard let path else { continue }
            do {
                try OutputFile.makeFolder(for: path)
                try OutputFile.write(Array(text.utf8), to: path)
            } catch {
                throw .output(error as? MediaError ?? .cannotWrite(path: path, reason: "\(error)"))
            }
        }
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
            for line in report.githubAnnotations { print(line) }
        }
        print(report.summary)
        let failures = report.failures.compactMap(\.error).map { ReelError.verify($0) }
        if !failures.isEmpty { throw failures.count == 1 ? failures[0] : .several(failures) }
        if changesFail && report.changed {
            let changed = report.cases.filter { !$0.changed.isEmpty }
            let frames = changed.reduce(0) { $0 + $1.changed.count }, total = report.cases.reduce(0) { $0 + $1.frames }
            throw .framesChanged("\(report.command.rawValue): \(frames) of \(total) frames changed beyond tolerance"
                                 + (report.cases.count > 1 ? " in \(changed.count) of \(report.cases.count) cases" : ""))
        }
    }
}
