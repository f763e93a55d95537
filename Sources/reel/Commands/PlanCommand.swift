import Foundation
import Pipeline

extension CommandSpec {
    static let plan = CommandSpec(
        name: "plan", summary: "the chunks a split render consists of",
        usage: ["SCENE.json --shards N [--json] [render options]", "SCENE.json --data FILE --shards N [--json] [batch options]"],
        about: """
            Prints the N chunks 'reel render --shard K/N' renders with the same
            options: contiguous frame ranges of the selection (--frames, --every),
            as even as possible, each starting on a keyframe (a multiple of the
            GOP) and at least one GOP long; their scene frames, times and part
            files.

            With --data, prints the N shards 'reel batch --data FILE --shard K/N'
            renders with the same options: contiguous groups of whole rows whose
            frame totals balance (the largest as small as it can be), with their
            row numbers, ids, frames and outputs.
            """,
        options: [.shards, .json, .data] + RenderOptions.flags,
        examples: ["reel plan Scenes/splash.json --shards 4", "reel plan Scenes/splash.json --shards 8 --gop 30 --json",
                   "reel plan Scenes/advent/door.json --data Scenes/advent/days.csv --shards 4"]
    ) { parsed throws(ReelError) in
        let options = try RenderOptions(parsed)
        guard let shards = parsed.integer(.shards) else { throw parsed.missing("--shards N") }
        let json = parsed.has(.json)
        if parsed.has(.data) {
            let job = try batchJob(options, parsed)
            let plan = try options.parameters.run { () throws(RenderError) in try BatchSplitPlan(job, shards: shards) }
            print(json ? JSONOutput.text(plan, empty: "{}") : text(plan))
            return
        }
        let requests = try options.requests()
        let plans = try options.parameters.run { () throws(RenderError) in
            try requests.map { request throws(RenderError) in try SplitPlan(request, shards: shards) }
        }
        print(json ? JSONOutput.text(plans, empty: "[]") : plans.map(text).joined(separator: "\n\n"))
    }

    /// A render's chunks as text, one a line, with the flag that renders each.
    private static func text(_ plan: SplitPlan) -> String {
        var lines = ["\(plan.scene): \(plan.frames) frames at \(String(format: "%.1f", plan.fps)) fps, GOP \(plan.gop), \(plan.shards) chunks"]
        for c in plan.chunks {
            lines.append("  --shard \(c.shard)/\(plan.shards)  frames \(c.first)-\(c.last) (\(c.frames))  scene frames \(c.sceneFirst)-\(c.sceneLast)"
                         + "  \(seconds(c.start))-\(seconds(c.start + c.duration)) s" + (c.file.map { "  \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    /// A batch's shards as text: a line per shard, then its outputs indented.
    private static func text(_ plan: BatchSplitPlan) -> String {
        var lines = ["\(plan.scene) × \(plan.data): \(plan.rows) rows, \(plan.frames) frames, \(plan.shards) shards"]
        for s in plan.table {
            let first = s.rows.first!, last = s.rows.last!
            lines.append("  --shard \(s.shard)/\(plan.shards)  rows \(first == last ? "\(first)" : "\(first)-\(last)") (\(s.rows.count))  \(s.frames) frames")
            lines += s.outputs.map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    private static func seconds(_ t: Double) -> String { String(format: "%.3f", t) }
}

/// Pretty, key-sorted JSON for standard output.
enum JSONOutput {
    static func text(_ value: some Encodable, empty: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data(empty.utf8), as: UTF8.self)
    }
}
