import Foundation
import Media
import Pipeline

extension CommandSpec {
    static let concat = CommandSpec(
        name: "concat", summary: "join the chunks of a split render into one video",
        usage: ["DIR/|PART… -o OUT.mp4 [--quiet]"],
        about: """
            Joins the parts that 'reel render --shard K/N' wrote (every
            <scene>.part-K-of-N.mp4 of DIR, or the files listed) by stream copy:
            no frame is decoded or encoded again, and frame n keeps the time a
            1-process render gives it. MP4, MOV and WebM chunks join; the output
            has the parts' container (+faststart for MP4 and MOV). Refuses, and
            writes nothing, when a part is from another scene, frame selection,
            encoding or split, a chunk is missing or given twice, frame ranges
            overlap, or a part is truncated.
            """,
        options: [.output, .quiet],
        examples: ["reel concat /shared/splash/ -o splash.mp4", "reel concat a.part-0-of-2.mp4 a.part-1-of-2.mp4 -o a.mp4"]
    ) { parsed throws(ReelError) in
        guard !parsed.operands.isEmpty else { throw parsed.missing("chunks (a folder or part files)") }
        guard let output = parsed.text(.output) else { throw parsed.missing("-o OUT") }
        do {
            var parts: [String] = []
            for input in parsed.operands {
                parts += isDirectory(input) ? try ChunkJoin.parts(inFolder: input) : [input]
            }
            try OutputFile.makeFolder(for: output)
            let summary = try ChunkJoin.join(parts, to: output)
            if !parsed.has(.quiet) { print("\(output): \(summary.frames) frames joined from \(summary.parts) chunks") }
        } catch let error as ChunkError {
            throw .render(.chunks(error))
        } catch {
            throw .render(.output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)")))
        }
    }
}
