import Foundation
import Pipeline

extension CommandSpec {
    static let cache = CommandSpec(
        name: "cache", summary: "show or empty the frame cache",
        usage: ["info [--cache-dir DIR]", "clear [--cache-dir DIR]"],
        about: """
            Renders keep the frames they draw in one folder per user, shared by
            every render, and read back a frame whose content is unchanged instead
            of drawing it again; the folder is trimmed to 2 GiB, least recently
            used first. 'info' prints the folder, the frames it holds and their
            size; 'clear' deletes them.
            """,
        options: [.cacheDir],
        examples: ["reel cache info", "REEL_CACHE_DIR=/tmp/frames reel cache clear"]
    ) { parsed throws(ReelError) in
        let action = try parsed.single("action (info or clear)")
        let folder = parsed.text(.cacheDir) ?? FrameCache.standardFolder()
        switch action {
        case "info":
            let entries = FrameCache.entries(in: folder)
            let bytes = entries.reduce(0) { $0 + $1.bytes }
            print("\(folder): \(entries.count) frames, \(mebibytes(bytes)) of \(mebibytes(FrameCache.defaultLimit))")
        case "clear":
            let removed = FrameCache.clear(folder)
            print("\(folder): \(removed.frames) frames deleted (\(mebibytes(removed.bytes)))")
        default:
            throw .usage("cache: unknown action '\(action)'" + Suggestion.phrase(for: action, in: ["info", "clear"])
                         + "; expected info or clear")
        }
    }

    private static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}
