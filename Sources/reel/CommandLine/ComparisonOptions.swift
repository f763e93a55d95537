import Foundation
import Media
import Pipeline

/// The options `verify` and `diff` share — the tolerance and the reports —
/// and what both do with a finished comparison.
struct ComparisonOptions {
    static let flags: [Option] = [.threshold, .maxShare, .minPSNR, .exact, .reportJSON, .junit]

    let change: ToleranceChange?
    let exact: Bool
    let reportJSON: String?
    let junit: String?

    init(_ parsed: ParsedArguments) {
        let threshold = parsed.integer(.threshold), maxShare = parsed.number(.maxShare), minPSNR = parsed.number(.minPSNR)
        // Each limit was checked as it was read.
        change = threshold == nil && maxShare == nil && minPSNR == nil
            ? nil : try? ToleranceChange(threshold: threshold, maxShare: maxShare, minPSNR: minPSNR)
        exact = parsed.has(.exact)
        reportJSON = parsed.text(.reportJSON)
        junit = parsed.text(.junit)
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
                throw .render(.output(error as? MediaError ?? .cannotWrite(path: path, reason: "\(error)")))
            }
        }
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
            for line in report.githubAnnotations { print(line) }
        }
        print(report.summary)
        let failures = report.failures.compactMap(\.error).map { ReelError.render(.verify($0)) }
        if !failures.isEmpty { throw failures.count == 1 ? failures[0] : .several(failures) }
        if changesFail && report.changed {
            let changed = report.cases.filter { !$0.changed.isEmpty }
            let frames = changed.reduce(0) { $0 + $1.changed.count }, total = report.cases.reduce(0) { $0 + $1.frames }
            throw .framesChanged("\(report.command.rawValue): \(frames) of \(total) frames changed beyond tolerance"
                                 + (report.cases.count > 1 ? " in \(changed.count) of \(report.cases.count) cases" : ""))
        }
    }
}
