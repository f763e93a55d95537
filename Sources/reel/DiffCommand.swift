import Foundation
import Media
import Pipeline

extension Command {
    static let diffHelp = """
        reel diff — compare two videos or PNG folders frame by frame

        Usage:
          reel diff A B [--fps F] [--sheet FILE] [--threshold N] [--max-share P]
                    [--min-psnr DB] [--exact] [--report-json FILE] [--junit FILE]

        A and B are video files (MP4, MOV, WebM, GIF, or anything FFmpeg
        reads) or folders of PNG frames, from reel or any other tool. Frames
        are aligned by presentation time: each frame of A (the reference) is
        compared with the frame B shows at that time. Equal pixels are
        identical; otherwise the share of pixels whose colour moved by more
        than the threshold, and the PSNR, are measured. The default tolerance
        is for lossy video: at most 0.5 % of the pixels more than 40 levels
        apart. A frame one side lacks is a change.

        The report, exit statuses and annotations are those of 'reel verify'.

        Options:
          --fps F             frames per second of a PNG folder (default: the
                              video's; 30 for two folders). Frames are timed by
                              the number at the end of their names.
          --sheet FILE        the diff sheet of the changed frames (default
                              Output/A-vs-B.diff.png)
        \(ComparisonOptions.help)

        Examples:
          reel diff Output/splash.mp4 other/splash.mov
          reel diff Output/frames/ other/frames/ --exact
        """

    static func diff(_ args: [String]) throws(ReelError) {
        do {
            try diffCommand(args)
        } catch {
            throw .comparison(error)
        }
    }

    private static func diffCommand(_ args: [String]) throws(ReelError) {
        var inputs: [String] = [], comparison = ComparisonOptions(), sheet: String?, fps: Double?
        var reader = OptionReader(args, command: "diff")
        while let arg = reader.next() {
            switch arg {
            case "-h", "--help": print(diffHelp); return
            case "--sheet": sheet = try reader.value(for: arg)
            case "--fps":
                let v = try reader.value(for: arg)
                guard let f = Double(v), f > 0, f <= 1000 else { throw .usage("--fps expects frames per second, more than 0 and at most 1000, found '\(v)'") }
                fps = f
            case "--quiet": continue
            default:
                if try comparison.take(arg, from: &reader) { continue }
                if arg.hasPrefix("-") { throw .usage("diff: unknown option '\(arg)'; see 'reel diff --help'") }
                inputs.append(arg)
            }
        }
        guard inputs.count == 2 else { throw .usage("diff: expected two videos or folders, found \(inputs.count); see 'reel diff --help'") }
        func stem(_ path: String) -> String { (PathName.name(of: path) as NSString).deletingPathExtension }
        var job = DiffJob(first: inputs[0], second: inputs[1],
                          sheetPath: sheet ?? "Output/\(stem(inputs[0]))-vs-\(stem(inputs[1])).diff.png")
        job.fps = fps
        if let change = comparison.change { job.tolerance = change.applied(to: job.tolerance) }
        job.exact = comparison.exact
        try comparison.finish(try job.run(), changesFail: true)
    }
}
