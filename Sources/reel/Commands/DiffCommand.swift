import Foundation
import Media
import Pipeline

extension CommandSpec {
    static let diff = CommandSpec(
        name: "diff", summary: "compare two videos or PNG folders frame by frame",
        usage: ["A B [--fps F] [--sheet FILE] [--threshold N] [--max-share P] [--min-psnr DB] [--exact] [--report-json FILE] [--junit FILE]"],
        about: """
            A and B are video files (MP4, MOV, WebM, GIF, or anything FFmpeg
            reads) or folders of PNG frames, from reel or any other tool. Frames
            are aligned by presentation time: each frame of A (the reference) is
            compared with the frame B shows at that time. Equal pixels are
            identical; otherwise the share of pixels whose colour moved by more
            than the threshold, and the PSNR, are measured. The default tolerance
            is for lossy video: at most 0.5 % of the pixels more than 40 levels
            apart. A frame one side lacks is a change. A PNG folder's frames are
            timed by the number at the end of their names, at --fps (default: the
            other side's video rate; 30 for two folders).

            The report, exit statuses and annotations are those of 'reel verify'.
            """,
        options: [.fps, .sheet, .quiet] + ComparisonOptions.flags,
        examples: ["reel diff Output/splash.mp4 other/splash.mov", "reel diff Output/frames/ other/frames/ --exact"],
        comparesFrames: true
    ) { parsed throws(ReelError) in
        let inputs = parsed.operands
        guard inputs.count == 2 else { throw .usage("diff: expected two videos or folders, found \(inputs.count); see 'reel diff --help'") }
        func stem(_ path: String) -> String { (PathName.name(of: path) as NSString).deletingPathExtension }
        var job = DiffJob(first: inputs[0], second: inputs[1],
                          sheetPath: parsed.text(.sheet) ?? "Output/\(stem(inputs[0]))-vs-\(stem(inputs[1])).diff.png")
        job.fps = parsed.number(.fps)
        let comparison = ComparisonOptions(parsed)
        if let change = comparison.change { job.tolerance = change.applied(to: job.tolerance) }
        job.exact = comparison.exact
        let report: ComparisonReport
        do throws(RenderError) { report = try job.run() } catch { throw .render(error) }
        try comparison.finish(report, changesFail: true)
    }
}
