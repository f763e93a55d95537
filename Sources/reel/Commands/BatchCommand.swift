import Foundation
import Pipeline

extension CommandSpec {
    static let batch = CommandSpec(
        name: "batch", summary: "one video per row of a data file, rendered as one job",
        usage: ["SCENE.json --data FILE [-o TEMPLATE] [--force] [--shard K/N] [--jobs N] [--scale S] [--set NAME=VALUE]… …"],
        about: """
            FILE is CSV (a header row of parameter names, RFC 4180 quoting), JSON
            Lines (one object a line) or a JSON array of objects. Each row sets
            the scene's parameters (its variables); an empty CSV field or a null
            keeps the default; an optional "id" column names the row. Every row
            is checked before any frame is drawn and every problem is reported at
            once, at its line and column.

            -o is a template: output paths with {column} placeholders ({id}: the
            id column, else the row number; {row}: the row number); the extension
            picks the format as in render. Default: Output/<scene>-{id}.mp4.

            The rows share the worker threads, the decoded images and fonts, and
            the frame cache, so frames that do not depend on a row (an intro, a
            background-only stretch) are drawn once for the whole batch. A row
            whose output is complete and up to date (same scene, values, assets
            and settings, recorded in a hidden .NAME.reel-batch file beside it) is
            skipped. A row that fails while rendering is reported and the others
            go on; the exit status is then 74 and the summary names the rows.
            With --shard K/N, only the rows of shard K: N contiguous groups of
            whole rows whose frame totals balance ('reel plan SCENE --data FILE
            --shards N' lists them).
            """,
        options: flags,
        examples: ["reel batch Scenes/advent/door.json --data Scenes/advent/days.csv -o Output/advent/day-{id}.mp4",
                   "reel batch Scenes/advent/door.json --data Scenes/advent/days.csv --shard \"$SLURM_ARRAY_TASK_ID/4\""]
    ) { parsed throws(ReelError) in
        let options = try RenderOptions(parsed)
        var job = try batchJob(options, parsed)
        job.force = parsed.has(.force)
        job.shard = options.shard
        try options.parameters.run { () throws(RenderError) in _ = try job.run() }
    }

    /// The flags of `batch`: the render options that apply to every row.
    private static let flags: [Option] = [.data, .output, .force, .shard, .frames, .every, .scale, .fps, .crf, .preset, .jobs,
                                          .gop, .noCache, .cacheDir, .fontsOnlyDeclared, .progress, .quiet, .set, .vars]

    /// The batch of `options` over the rows of `--data`, as `reel batch` and `reel plan --data` read it.
    static func batchJob(_ options: RenderOptions, _ parsed: ParsedArguments) throws(ReelError) -> BatchJob {
        guard options.scenes.count == 1 else { throw .usage("\(parsed.command): one scene file expected, found \(options.scenes.count)") }
        guard let data = parsed.text(.data) else { throw parsed.missing("--data FILE") }
        var job = BatchJob(scenePath: options.scenes[0], dataPath: data, jobs: options.jobs, progress: options.progress)
        job.outputTemplate = options.output
        job.settings = options.settings(for: options.scenes[0])
        job.parameters = options.parameters.assignments
        job.systemFonts = options.systemFonts
        return job
    }
}
