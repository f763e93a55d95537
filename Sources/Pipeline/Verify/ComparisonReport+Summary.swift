import Foundation

extension ComparisonReport {
    /// The one line a CI log shows: what was compared, what changed and
    /// where, where the diff sheets are, how long it took.
    ///
    /// `reel verify: 2 scenes, 1800 frames unchanged (1797 identical, 3 within tolerance); 4.2 s`
    /// `reel verify: 1 of 2 scenes changed: Scenes/a.json frames 870-899 (29.00-29.97 s), 30 of 1800 frames beyond tolerance; diff sheet Output/a.diff.png; 4.2 s`
    public var summary: String {
        let head = "reel \(command.rawValue): "
        let tail = "; " + String(format: "%.1f s", seconds)
        let compared = cases.filter { $0.error == nil }
        let frames = compared.reduce(0) { $0 + $1.frames }
        let what = unit
        let recorded = cases.filter(\.recorded)
        var parts: [String] = []
        let changedCases = cases.filter { !$0.changed.isEmpty }
        if !changedCases.isEmpty {
            let changedFrames = changedCases.reduce(0) { $0 + $1.changed.count }
            let places = changedCases.prefix(3).map { "\($0.name) \($0.runsText(limit: 2))" }.joined(separator: "; ")
                + (changedCases.count > 3 ? "; …" : "")
            parts.append("\(Self.share(changedCases.count, of: cases.count, what)) changed: \(places), "
                         + "\(changedFrames) of \(SceneSummary.plural(frames, "frame")) beyond tolerance")
            let sheets = changedCases.compactMap(\.sheet)
            if sheets.count == 1 { parts.append("diff sheet \(sheets[0])") }
            if sheets.count > 1 { parts.append("diff sheets in \((sheets[0] as NSString).deletingLastPathComponent)/") }
        } else if !compared.isEmpty && recorded.count < cases.count {
            let tolerated = compared.reduce(0) { $0 + $1.tolerated.count }
            let note = tolerated == 0 ? "all identical"
                : "\(compared.reduce(0) { $0 + $1.identical }) identical, \(tolerated) within tolerance"
            parts.append("\(SceneSummary.plural(compared.count, what)), \(SceneSummary.plural(frames, "frame")) unchanged (\(note))")
        }
        if !recorded.isEmpty {
            let again = recorded.count == cases.count && changedCases.isEmpty ? "recorded" : "recorded again"
            parts.append("\(again) \(recorded.count == 1 ? recorded[0].reference : SceneSummary.plural(recorded.count, "manifest"))")
        }
        let failed = failures
        if !failed.isEmpty {
            parts.append("\(Self.share(failed.count, of: cases.count, what)) not compared (\(failed[0].name): \(failed[0].error!.description))")
        }
        return head + parts.joined(separator: "; ") + tail
    }

    /// "1 scene" of one, "2 of 3 scenes" of more.
    private static func share(_ n: Int, of total: Int, _ what: String) -> String {
        total == 1 ? "1 \(what)" : "\(n) of \(SceneSummary.plural(total, what))"
    }
}
