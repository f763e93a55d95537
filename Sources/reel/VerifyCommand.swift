import Foundation
import Pipeline

extension Command {
    static let verifyHelp = """
        reel verify — golden tests of animations: frames held against recorded digests

        Usage:
          reel verify SCENE.json|FOLDER… [--record | --update] [--golden DIR] [--sheets DIR]
                      [--data ROWS] [--shard K/N] [--threshold N] [--max-share P] [--min-psnr DB]
                      [--exact] [--report-json FILE] [--junit FILE] [render options]
          reel verify --merge PART.golden… -o SCENE.golden

        --record renders each scene and writes its golden manifest beside it
        (SCENE.golden/, or DIR/SCENE.golden/ with --golden): each frame's
        SHA-256 of its pixels, a thumbnail of every frame, some full frames,
        and the settings that made them. Without it, the scene is rendered
        again and every frame's digest compared; a frame whose digest differs
        is measured against its reference: the share of its pixels whose
        colour moved by more than the threshold, and its PSNR. The manifest's
        tolerance applies (by default: every pixel within 2 levels) unless
        given here. See docs/VERIFY.md.

        Exit status: 0 unchanged (or recorded), 1 frames changed beyond the
        tolerance, 2 a usage mistake, 65 a manifest that cannot be used
        (recorded with other settings, damaged), 66 no manifest. The report:
        a summary line; for each scene with changed frames, a diff sheet
        (reference | now | difference, runs of consecutive frames) in
        --sheets DIR (default Output/) as SCENE.diff.png; JSON and JUnit
        files on request; and, when GITHUB_ACTIONS=true, annotations on the
        scene (or the data row) for GitHub.

        Options:
          --record            write the manifests instead of comparing
          --update            compare, and record again the scenes that changed
                              (or whose manifest cannot be used); the rest are
                              left untouched
          --golden DIR        the folder golden manifests are in (default: beside
                              each scene)
          --sheets DIR        where diff sheets go (default Output/)
          --data ROWS         a batch's data file: one manifest per row, in
                              SCENE.golden/<id>/
          --shard K/N         only shard K of N: a contiguous part of each
                              scene's frames (with --data, whole rows); recorded,
                              its manifest covers only those frames, and
                              --merge joins the shards' manifests
          --merge PART…       join shard manifests (golden folders) into the one
                              named by -o
        \(ComparisonOptions.help)
          and --frames, --every, --scale, --fps, --jobs, --fonts-only-declared,
          --set, --vars, --progress, --quiet as in 'reel render': a manifest
          compares only with the settings it was recorded with.

        Examples:
          reel verify Scenes/ --record
          reel verify Scenes/ --junit Output/verify.xml
          reel verify Scenes/advent/door.json --data Scenes/advent/days.csv --shard "$K/4"
          reel verify --merge parts/*/splash.golden -o Scenes/splash.golden
        """

    static func verify(_ args: [String]) throws(ReelError) {
        do {
            try verifyCommand(args)
        } catch {
            throw .comparison(error)
        }
    }

    private static func verifyCommand(_ args: [String]) throws(ReelError) {
        if args.contains("-h") || args.contains("--help") { print(verifyHelp); return }
        if args.contains("--merge") { return try mergeGoldens(args) }
        var rest: [String] = [], comparison = ComparisonOptions()
        var mode = VerifyJob.Mode.check, golden: String?, sheets: String?, data: String?
        var reader = OptionReader(args, command: "verify")
        while let arg = reader.next() {
            switch arg {
            case "--record", "--update":
                let m: VerifyJob.Mode = arg == "--record" ? .record : .update
                guard mode == .check || mode == m else { throw .usage("verify: --record and --update exclude each other") }
                mode = m
            case "--golden": golden = try reader.value(for: arg)
            case "--sheets": sheets = try reader.value(for: arg)
            case "--data": data = try reader.value(for: arg)
            default:
                if try comparison.take(arg, from: &reader) { continue }
                rest.append(arg)
            }
        }
        guard let options = try RenderOptions.parse(rest, command: "verify", help: verifyHelp) else { return }
        for (flag, given) in [("-o", options.output != nil), ("--png-dir", options.pngDir != nil), ("--poster", options.poster != nil),
                              ("--format", options.format != nil || options.pngSequence || options.contactSheet),
                              ("--crf", options.crf != nil), ("--preset", options.preset != nil), ("--gop", options.gop != nil),
                              ("--chunks", options.chunks != nil), ("--no-cache", !options.cache)] where given {
            throw .usage("verify: \(flag) does not apply to verify; see 'reel verify --help'")
        }
        if data != nil, options.scenes.count != 1 {
            throw .usage("verify: --data goes with one scene file, found \(options.scenes.count)")
        }
        var job = VerifyJob(scenes: options.scenes, jobs: options.jobs, progress: options.progress)
        job.dataPath = data
        job.goldenFolder = golden
        job.settings = options.settings(for: options.scenes[0])
        job.settings.systemFonts = options.systemFonts
        job.parameters = options.parameters.assignments
        job.mode = mode
        job.tolerance = comparison.change
        job.exact = comparison.exact
        job.shard = options.shard
        if let sheets { job.sheetFolder = sheets }
        let report: ComparisonReport
        do {
            report = try job.run()
        } catch {
            throw options.parameters.reword(error)
        }
        try comparison.finish(report, changesFail: mode == .check)
    }

    /// `reel verify --merge PART… -o OUT`.
    private static func mergeGoldens(_ args: [String]) throws(ReelError) {
        var parts: [String] = [], output: String?, quiet = false
        var reader = OptionReader(args, command: "verify")
        while let arg = reader.next() {
            switch arg {
            case "--merge": continue
            case "-o", "--output": output = try reader.value(for: arg)
            case "--quiet": quiet = true
            default:
                if arg.hasPrefix("-") { throw .usage("verify --merge: unknown option '\(arg)'; see 'reel verify --help'") }
                parts.append(arg)
            }
        }
        guard !parts.isEmpty else { throw .usage("verify --merge: missing the shards' golden folders; see 'reel verify --help'") }
        guard let output else { throw .usage("verify --merge: missing -o SCENE.golden; see 'reel verify --help'") }
        let manifest = try GoldenMerge.merge(parts, into: output)
        if !quiet { print("\(output): \(manifest.frames.count) frames merged from \(parts.count) manifests") }
    }
}
