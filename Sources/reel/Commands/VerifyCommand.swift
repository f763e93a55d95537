import Foundation
import Pipeline

extension CommandSpec {
    static let verify = CommandSpec(
        name: "verify", summary: "golden tests of animations: frames held against recorded digests",
        usage: ["SCENE.json|FOLDER… [--record | --update] [--golden DIR] [--sheets DIR] [--data ROWS] [--shard K/N]",
                "  [--threshold N] [--max-share P] [--min-psnr DB] [--exact] [--report-json FILE] [--junit FILE] …",
                "--merge PART.golden… -o SCENE.golden"],
        about: """
            --record renders each scene and writes its golden manifest beside it
            (SCENE.golden/, or DIR/SCENE.golden/ with --golden): each frame's
            SHA-256 of its pixels, a thumbnail of every frame, some full frames,
            and the settings that made them. Without it, the scene is rendered
            again and every frame's digest compared; a frame whose digest differs
            is measured against its reference: the share of its pixels whose
            colour moved by more than the threshold, and its PSNR. The manifest's
            tolerance applies (by default: every pixel within 2 levels) unless
            given here. With --data, one manifest per row, in SCENE.golden/<id>/;
            with --shard K/N, only a contiguous part of each scene's frames (with
            --data, whole rows), and --merge joins the shards' manifests. A
            manifest compares only with the settings it was recorded with. See
            docs/VERIFY.md.

            Exit status: 0 unchanged (or recorded), 1 frames changed beyond the
            tolerance, 2 a usage mistake, 65 a manifest that cannot be used
            (recorded with other settings, damaged), 66 no manifest. The report:
            a summary line; for each scene with changed frames, a diff sheet
            (reference | now | difference, runs of consecutive frames) in
            --sheets DIR as SCENE.diff.png; JSON and JUnit files on request; and,
            when GITHUB_ACTIONS=true, annotations on the scene (or the data row)
            for GitHub.
            """,
        options: [.record, .update, .golden, .sheets, .data, .shard, .merge, .output] + ComparisonOptions.flags
            + [.frames, .every, .scale, .fps, .jobs, .fontsOnlyDeclared, .set, .vars, .progress, .quiet],
        examples: ["reel verify Scenes/ --record", "reel verify Scenes/ --junit Output/verify.xml",
                   "reel verify Scenes/advent/door.json --data Scenes/advent/days.csv --shard \"$K/4\"",
                   "reel verify --merge parts/*/splash.golden -o Scenes/splash.golden"],
        comparesFrames: true
    ) { parsed throws(ReelError) in
        if parsed.has(.merge) { return try mergeGoldens(parsed) }
        if parsed.has(.output) { throw .usage("verify: -o goes with --merge; see 'reel verify --help'") }
        if parsed.has(.record), parsed.has(.update) { throw .usage("verify: --record and --update exclude each other") }
        let options = try RenderOptions(parsed)
        let comparison = ComparisonOptions(parsed)
        if parsed.has(.data), options.scenes.count != 1 {
            throw .usage("verify: --data goes with one scene file, found \(options.scenes.count)")
        }
        var job = VerifyJob(scenes: options.scenes, jobs: options.jobs, progress: options.progress)
        job.dataPath = parsed.text(.data)
        job.goldenFolder = parsed.text(.golden)
        job.settings = options.settings(for: options.scenes[0])
        // Every frame is drawn: a frame read back from the cache would verify nothing.
        job.settings.cacheFolder = nil
        job.settings.systemFonts = options.systemFonts
        job.parameters = options.parameters.assignments
        job.mode = parsed.has(.record) ? .record : parsed.has(.update) ? .update : .check
        job.tolerance = comparison.change
        job.exact = comparison.exact
        job.shard = options.shard
        if let sheets = parsed.text(.sheets) { job.sheetFolder = sheets }
        let report = try options.parameters.run { () throws(RenderError) in try job.run() }
        try comparison.finish(report, changesFail: job.mode == .check)
    }

    /// `reel verify --merge PART… -o OUT`.
    private static func mergeGoldens(_ parsed: ParsedArguments) throws(ReelError) {
        guard !parsed.operands.isEmpty else { throw parsed.missing("the shards' golden folders") }
        guard let output = parsed.text(.output) else { throw parsed.missing("-o SCENE.golden") }
        let manifest: GoldenManifest
        do throws(RenderError) { manifest = try GoldenMerge.merge(parsed.operands, into: output) } catch { throw .render(error) }
        if !parsed.has(.quiet) { print("\(output): \(manifest.frames.count) frames merged from \(parsed.operands.count) manifests") }
    }
}
