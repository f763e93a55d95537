import Foundation
import Pipeline

extension Command {
    static let planHelp = """
        reel plan — the chunks a split render consists of

        Usage:
          reel plan SCENE.json --shards N [--json] [render options]
          reel plan SCENE.json --data FILE --shards N [--json] [batch options]

        Prints the N chunks 'reel render --shard K/N' renders with the same
        options: contiguous frame ranges of the selection (--frames, --every),
        as even as possible, each starting on a keyframe (a multiple of the
        GOP) and at least one GOP long; their scene frames, times and part
        files. Takes the options of 'reel render' that choose frames and
        keyframes (--frames, --every, --fps, --scale, --gop, --format, -o).

        With --data, prints the N shards 'reel batch --data FILE --shard K/N'
        renders with the same options: contiguous groups of whole rows whose
        frame totals balance (the largest as small as it can be), with their
        row numbers, ids, frames and outputs.

        Examples:
          reel plan Scenes/splash.json --shards 4
          reel plan Scenes/splash.json --shards 8 --gop 30 --json
          reel plan Scenes/advent/door.json --data Scenes/advent/days.csv --shards 4
        """

    static func plan(_ args: [String]) throws(ReelError) {
        var rest: [String] = [], shards: Int?, json = false, data: String?
        var reader = OptionReader(args, command: "plan")
        while let arg = reader.next() {
            switch arg {
            case "--shards":
                let v = try reader.value(for: arg)
                guard let n = Int(v), (1...4096).contains(n) else { throw .usage("--shards expects a number from 1 to 4096, found '\(v)'") }
                shards = n
            case "--json": json = true
            case "--data": data = try reader.value(for: arg)
            default: rest.append(arg)
            }
        }
        guard let options = try RenderOptions.parse(rest, command: "plan", help: planHelp) else { return }
        guard let shards else { throw .usage("plan: missing --shards N; see 'reel plan --help'") }
        if data != nil {
            let plan = try BatchSplitPlan(try batchJob(options, data: data, command: "plan"), shards: shards)
            print(json ? encoded(plan, empty: "{}") : plan.text)
            return
        }
        let plans = try options.requests().map { request throws(ReelError) in try SplitPlan(request, shards: shards) }
        print(json ? encoded(plans, empty: "[]") : plans.map(\.text).joined(separator: "\n\n"))
    }

    private static func encoded(_ value: some Encodable, empty: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data(empty.utf8), as: UTF8.self)
    }
}
