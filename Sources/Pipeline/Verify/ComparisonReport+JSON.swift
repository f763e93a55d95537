import Foundation

extension ComparisonReport {
    /// The report as JSON for tools: the summary, then each case with its
    /// counts, its tolerance and its changed frames in runs.
    ///
    /// Shares are fractions (0…1), differences levels (0…255), PSNR decibels
    /// (null for equal frames), times seconds.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(self))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

private struct Document: Encodable {
    var command: String
    var status: String
    var summary: String
    var seconds: Double
    var cases: [Case]

    init(_ report: ComparisonReport) {
        command = report.command.rawValue
        status = !report.failures.isEmpty ? "error" : report.changed ? "changed" : "unchanged"
        summary = report.summary
        seconds = (report.seconds * 1000).rounded() / 1000
        cases = report.cases.map(Case.init)
    }

    struct Case: Encodable {
        var name: String
        var file: String
        var line: Int
        var reference: String
        var status: String
        var error: String?
        var frames: Int
        var identical: Int
        var withinTolerance: Int
        var changed: Int
        var tolerance: ToleranceValue
        var exact: Bool
        var recorded: Bool
        var recordedOn: String?
        var sheet: String?
        var runs: [Run]
        var tolerated: [Frame]

        init(_ c: CaseReport) {
            (name, file, line, reference) = (c.name, c.file, c.line, c.reference)
            status = c.error != nil ? "error" : !c.changed.isEmpty ? "changed" : c.recorded ? "recorded" : "unchanged"
            error = c.error?.description
            (frames, identical, withinTolerance, changed) = (c.frames, c.identical, c.tolerated.count, c.changed.count)
            tolerance = ToleranceValue(threshold: c.tolerance.threshold, maxShare: c.tolerance.maxShare, minPSNR: c.tolerance.minPSNR)
            (exact, recorded, recordedOn, sheet) = (c.exact, c.recorded, c.recordedOn, c.sheet)
            runs = c.runs.map { run in
                Run(first: run.first!.frame, last: run.last!.frame, start: run.first!.time, end: run.last!.time, frames: run.map(Frame.init))
            }
            tolerated = c.tolerated.map(Frame.init)
        }
    }

    struct ToleranceValue: Encodable {
        var threshold: Int
        var maxShare: Double
        var minPSNR: Double?
    }

    struct Run: Encodable {
        var first: Int
        var last: Int
        var start: Double
        var end: Double
        var frames: [Frame]
    }

    struct Frame: Encodable {
        var frame: Int
        var time: Double
        var comparedWith: String
        var share: Double?
        var largest: Int?
        var psnr: Double?

        init(_ f: FrameReport) {
            (frame, time, comparedWith) = (f.frame, (f.time * 1e6).rounded() / 1e6, f.basis.rawValue)
            if let d = f.difference {
                share = (d.share * 1e6).rounded() / 1e6
                largest = d.largest
                psnr = d.psnr.isFinite ? (d.psnr * 100).rounded() / 100 : nil
            }
        }
    }
}
