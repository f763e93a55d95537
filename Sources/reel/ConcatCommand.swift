import Foundation
import Media
import Pipeline

extension Command {
    static let concatHelp = """
        reel concat — join the chunks of a split render into one video

        Usage:
          reel concat DIR/|PART… -o OUT.mp4

        Joins the parts that 'reel render --shard K/N' wrote (every
        <scene>.part-K-of-N.mp4 of DIR, or the files listed) by stream copy:
        no frame is decoded or encoded again, and frame n keeps the time a
        1-process render gives it. MP4, MOV and WebM chunks join; the output
        has the parts' container (+faststart for MP4 and MOV). Refuses, and
        writes nothing, when a part is from another scene, frame selection,
        encoding or split, a chunk is missing or given twice, frame ranges
        overlap, or a part is truncated.

        Examples:
          reel concat parts/ -o splash.mp4
          reel concat a.part-0-of-2.mp4 a.part-1-of-2.mp4 -o a.mp4
        """

    static func concat(_ args: [String]) throws(ReelError) {
        var options = OptionReader(args, command: "concat")
        var inputs: [String] = [], output: String?, quiet = false
        while let arg = options.next() {
            switch arg {
            case "-h", "--help": print(concatHelp); return
            case "-o", "--output": output = try options.value(for: arg)
            case "--quiet": quiet = true
            default:
                if arg.hasPrefix("-") { throw .usage("concat: unknown option '\(arg)'; see 'reel concat --help'") }
                inputs.append(arg)
            }
        }
        guard !inputs.isEmpty else { throw .usage("concat: missing chunks (a folder or part files); see 'reel concat --help'") }
        guard let output else { throw .usage("concat: missing -o OUT; see 'reel concat --help'") }
        do {
            var parts: [String] = []
            for input in inputs {
                var isFolder: ObjCBool = false
                let folder = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) && isFolder.boolValue
                parts += folder ? try ChunkJoin.parts(inFolder: input) : [input]
            }
            try OutputFile.makeFolder(for: output)
            let summary = try ChunkJoin.join(parts, to: output)
            if !quiet { print("\(output): \(summary.frames) frames joined from \(summary.parts) chunks") }
        } catch let error as ChunkError {
            throw .chunks(error)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)"))
        }
    }
}
