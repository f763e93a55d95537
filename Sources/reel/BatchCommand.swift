import Foundation
import Pipeline

extension Command {
    static let batchHelp = """
        reel batch — one video per row of a data file, rendered as one job

        Usage:
          reel batch SCENE.json --data FILE [-o TEMPLATE] [--force] [--jobs N] [--scale S]
                     [--fps F] [--frames A-B] [--crf Q] [--preset P] [--no-cache]
                     [--fonts-only-declared] [--progress STYLE] [--quiet]
                     [--set NAME=VALUE]… [--shard K/N]

        FILE is CSV (a header row of parameter names, RFC 4180 quoting), JSON
        Lines (one object a line) or a JSON array of objects. Each row sets
        the scene's parameters (its variables); an empty CSV field or a null
        keeps the default; an optional "id" column names the row. Every row
        is checked before any frame is drawn and every problem is reported at
        once, at its line and column.

        The rows share the worker threads, the decoded images and fonts, and
        the frame cache, so frames that do not depend on a row (an intro, a
        background-only stretch) are drawn once for the whole batch. A row
        whose output is complete and up to date (same scene, values, assets
        and settings, recorded in a hidden .NAME.reel-batch file beside it) is
        skipped. A row that fails while rendering is reported and the others
        go on; the exit status is then 74 and the summary names the rows.

        Options:
          -o, --output TEMPLATE  output path with {column} placeholders ({id}: the
                                 id column, else the row number; {row}: the row
                                 number); the extension picks the format as in
                                 render. Default: Output/<scene>-{id}.mp4
          --data FILE            the rows (required)
          --force                redraw every row, even those up to date
          --shard K/N            render only the rows of shard K (from 0) of N:
                                 N contiguous groups of whole rows whose frame
                                 totals balance ('reel plan SCENE --data FILE
                                 --shards N' lists them); each row's output is
                                 written as the whole batch writes it. K may
                                 come from a scheduler: "$SLURM_ARRAY_TASK_ID/N"
          --progress json        also one object per finished row: row, id,
                                 output, status (done, skipped, failed), frames,
                                 seconds and, when it failed, error
          and --jobs, --scale, --fps, --frames, --every, --crf, --preset,
          --no-cache, --fonts-only-declared, --quiet, --set as in 'reel render'.

        Example:
          reel batch Scenes/advent/door.json --data Scenes/advent/days.csv -o Output/advent/day-{id}.mp4
          reel batch Scenes/advent/door.json --data Scenes/advent/days.csv --shard "$SLURM_ARRAY_TASK_ID/4"
        """

    static func batch(_ args: [String]) throws(ReelError) {
        if args.contains("-h") || args.contains("--help") { print(batchHelp); return }
        var rest: [String] = [], data: String?, force = false
        var reader = OptionReader(args, command: "batch")
        while let arg = reader.next() {
            switch arg {
            case "--data": data = try reader.value(for: arg)
            case "--force": force = true
            default: rest.append(arg)
            }
        }
        guard let options = try RenderOptions.parse(rest, command: "batch", help: batchHelp) else { return }
        for (flag, given) in [("--png-dir", options.pngDir != nil), ("--poster", options.poster != nil),
                              ("--format", options.format != nil || options.pngSequence || options.contactSheet),
                              ("--chunks", options.chunks != nil)] where given {
            throw .usage("batch: \(flag) does not apply to a batch; see 'reel batch --help'")
        }
        var job = try batchJob(options, data: data, command: "batch")
        job.force = force
        job.shard = options.shard
        do {
            try job.run()
        } catch {
            throw options.parameters.reword(error)
        }
    }

    /// The batch of `options` over the rows of `data`, as `reel batch` and `reel plan --data` read it.
    static func batchJob(_ options: RenderOptions, data: String?, command: String) throws(ReelError) -> BatchJob {
        guard options.scenes.count == 1 else { throw .usage("\(command): one scene file expected, found \(options.scenes.count)") }
        guard let data else { throw .usage("\(command): missing --data FILE; see 'reel \(command) --help'") }
        var job = BatchJob(scenePath: options.scenes[0], dataPath: data, jobs: options.jobs, progress: options.progress)
        job.outputTemplate = options.output
        job.settings = options.settings(for: options.scenes[0])
        job.parameters = options.parameters.assignments
        job.cache = options.cache
        job.systemFonts = options.systemFonts
        return job
    }
}
