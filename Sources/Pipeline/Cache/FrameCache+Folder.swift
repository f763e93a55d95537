import Foundation

/// Where the frame cache lives and what it holds. One folder per user,
/// shared by every render, as other tools keep their caches: nothing is
/// written beside a user's outputs (where it would land in CI artifacts).
extension FrameCache {
    /// `REEL_CACHE_DIR`, else `$XDG_CACHE_HOME/reel`, else `~/.cache/reel`
    /// (the XDG base directory rules; macOS users get the same folder).
    public static func standardFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["REEL_CACHE_DIR"], !folder.isEmpty { return folder }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/reel" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/reel"
    }

    /// One stored frame: its file, size in bytes and last use.
    public struct Entry: Sendable {
        public let path: String
        public let bytes: Int
        public let lastUsed: Date
    }

    /// The frames stored in `folder`, least recently used first (none when it does not exist).
    public static func entries(in folder: String) -> [Entry] {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
        let url = URL(fileURLWithPath: folder)
        guard let files = try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: Array(keys)) else { return [] }
        return files.filter { $0.pathExtension == suffix }.compactMap { file -> Entry? in
            guard let values = try? file.resourceValues(forKeys: keys),
                  let size = values.fileSize, let date = values.contentModificationDate else { return nil }
            return Entry(path: file.path, bytes: size, lastUsed: date)
        }.sorted { ($0.lastUsed, $0.path) < ($1.lastUsed, $1.path) }
    }

    /// Deletes every stored frame of `folder`; returns how many and their bytes.
    @discardableResult
    public static func clear(_ folder: String) -> (frames: Int, bytes: Int) {
        var removed = (frames: 0, bytes: 0)
        for entry in entries(in: folder) where (try? FileManager.default.removeItem(atPath: entry.path)) != nil {
            removed.frames += 1
            removed.bytes += entry.bytes
        }
        return removed
    }
}
