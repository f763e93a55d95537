import Foundation
import Pipeline

extension Command {
    static let planHelp = """
        reel plan — the chunks a split render consists of

        Usage:
          reel plan SCENE.json --shards N [--json] [render options]

        Prints the N chunks 'reel render --shard K/N' renders with the same
        options: contiguous frame ranges of the selection (--frames, --every),
        as even as possible, each starting on a keyframe (a multiple of the
        GOP) and at least one GOP long; their scene frames, times and part
        files. Takes the options of 'reel render' that choose frames and
        keyframes (--frames, --every, --fps, --scale, --gop, --format, -o).

        Examples:
          reel plan Scenes/splash.json --shards 4
          reel plan Scenes/splash.json --shards 8 --gop 30 --json
        """

    static func plan(_ args: [String]) throws(ReelError) {
        var rest: [String] = [], shards: Int?, json = false
        var reader = OptionReader(args, command: "plan")
        while let arg = reader.next() {
            switch arg {
            case "--shards":
                let v = try reader.value(for: arg)
                guard let n = Int(v), (1...4096).contains(n) else { throw .usage("--shards expects a number from 1 to 4096, found '\(v)'") }
                shards = n
            case "--json": json = true
            default: rest.append(arg)
            }
        }
        guard let options = try RenderOptions.parse(rest, command: "plan", help: planHelp) else { return }
        guard let shards else { throw .usage("plan: missing --shards N; see 'reel plan --help'") }
        let plans = try options.requests().map { request throws(ReelError) in try SplitPlan(request, shards: shards) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: (try? encoder.encode(plans)) ?? Data("[]".utf8), as: UTF8.self))
        } else {
            print(plans.map(\.text).joined(separator: "\n\n"))
        }
    }
}
