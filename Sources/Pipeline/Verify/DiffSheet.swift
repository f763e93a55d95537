import Foundation
import Pixels
import Raster

/// The diff contact sheet of a case's changed frames: a row per frame
/// shown — reference | now | difference (`FrameDifference.image`) —
/// labelled with the frame's number and time, the run it belongs to and
/// how much it differs. A run of consecutive changed frames is shown by
/// its first, its most different and its last frame, so a sheet stays
/// small however long the change lasts.
///
/// Frames are gathered as they are compared, each reduced at once to the
/// sheet's cell size (small frames enlarged by whole factors, so their
/// pixels show as squares), and laid out by `ContactSheet.Cells`.
struct DiffSheet {
    /// Rows on one sheet at most; runs beyond them are left off (the reports list every frame).
    static let maxRows = 30
    /// The box a cell's picture fits, in pixels.
    static let cellSide = 192

    private struct Entry {
        var report: FrameReport
        var reference: Bitmap, now: Bitmap, difference: Bitmap
    }

    private struct Run {
        var first: Entry
        var worst: Entry
        var last: Entry
        var count = 1
    }

    private var runs: [Run] = []

    var isEmpty: Bool { runs.isEmpty }

    /// Adds a changed frame: `reference` and `now` at one size, as compared
    /// (nil for the side that has no frame here; not both).
    mutating func add(_ report: FrameReport, reference: Bitmap?, now: Bitmap?, threshold: Int) {
        guard let any = now ?? reference else { return }
        let shown = runs.reduce(0) { $0 + Set([$1.first.report.position, $1.worst.report.position, $1.last.report.position]).count }
        let continues = runs.last.map { $0.last.report.position + 1 == report.position } ?? false
        guard continues || shown < Self.maxRows else { return }
        let size = Self.cellSize(width: any.width, height: any.height)
        func cell(_ b: Bitmap?) -> Bitmap { b?.resized(width: size.width, height: size.height) ?? Bitmap(width: size.width, height: size.height) }
        let difference = reference.flatMap { r in now.map { FrameDifference.image(r, $0, threshold: threshold) } }
        let entry = Entry(report: report, reference: cell(reference), now: cell(now), difference: cell(difference))
        if continues {
            runs[runs.count - 1].last = entry
            runs[runs.count - 1].count += 1
            if Self.worse(report, than: runs[runs.count - 1].worst.report) { runs[runs.count - 1].worst = entry }
        } else {
            runs.append(Run(first: entry, worst: entry, last: entry))
        }
    }

    /// The sheet, three cells a row; an opaque bitmap.
    func render() -> Bitmap {
        var cells = ContactSheet.Cells(thumbnailWidth: Self.cellSide)
        for run in runs {
            var shown = [run.first]
            for e in [run.worst, run.last] where !shown.contains(where: { $0.report.position == e.report.position }) { shown.append(e) }
            shown.sort { $0.report.position < $1.report.position }
            let span = run.count == 1 ? "now" : "now · run \(run.first.report.frame)-\(run.last.report.frame)"
            for e in shown {
                let r = e.report
                cells.add(label: "ref \(r.frame) · \(CaseReport.time(r.time)) s", frame: e.reference)
                cells.add(label: span, frame: e.now)
                cells.add(label: Self.label(r), frame: e.difference)
            }
        }
        return cells.render(columns: 3)
    }

    /// "diff 3.12 % · 24.1 dB", or "missing".
    private static func label(_ r: FrameReport) -> String {
        guard let d = r.difference else { return r.basis == .missing ? "no frame" : "digest differs" }
        let psnr = d.psnr.isFinite ? String(format: "%.1f dB", d.psnr) : "∞ dB"
        return "diff \(ComparisonReport.percent(d.share)) · \(psnr)"
    }

    private static func worse(_ a: FrameReport, than b: FrameReport) -> Bool {
        (a.difference?.share ?? 2) > (b.difference?.share ?? 2)
    }

    /// A frame's picture in a cell: fitted into `cellSide` square, small
    /// frames enlarged by a whole factor.
    static func cellSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let longer = max(width, height)
        if longer <= cellSide {
            let k = max(1, cellSide / longer)
            return (width * k, height * k)
        }
        return (max(1, width * cellSide / longer), max(1, height * cellSide / longer))
    }
}
