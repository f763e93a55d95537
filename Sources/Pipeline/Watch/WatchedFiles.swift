import Foundation
import SceneModel

/// A scene file and its assets as last seen on disk, to tell when an editor
/// has saved one of them.
///
/// Polls `stat` rather than using inotify or FSEvents: it works the same on
/// Linux and macOS, sees an editor's write-and-rename, and a few dozen
/// `stat` calls a second cost nothing.
public struct WatchedFiles: Sendable {
    private struct Stamp: Equatable, Sendable {
        var modified: timespec
        var size: Int
        var inode: UInt64

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.size == b.size && a.inode == b.inode
        }
    }

    private var stamps: [String: Stamp?] = [:]

    /// The scene at `path` and, if it decodes with `parameters`, its image,
    /// font and sound files — files given to image and audio parameters
    /// (`--set photo=a.png`, `--set music=a.mp3`) too.
    public init(scene path: String, parameters: [ParameterAssignment] = []) {
        self.init(scene: path, assetsOf: try? SceneFile.load(path, parameters: parameters))
    }

    /// The scene at `path` and the image, font and sound files `scene` (the
    /// file as decoded earlier, nil for none) declares: stamped without reading
    /// the file, so a caller can stamp before it loads and miss no save made
    /// while it does.
    public init(scene path: String, assetsOf scene: Scene?) {
        var paths = [path]
        if let scene {
            let assets = scene.assets.images.values.map { $0 } + scene.assets.fonts.values.map { $0 } + scene.audio.map(\.file)
            paths += assets.map { $0.resolved(from: path) }
        }
        self.init(paths: paths)
    }

    /// Any files, such as values files (`--vars`).
    public init(paths: [String]) {
        for p in paths { stamps[p] = Self.stamp(p) }
    }

    /// The same files, as they are now.
    public func refreshed() -> WatchedFiles {
        var now = self
        for p in stamps.keys { now.stamps[p] = Self.stamp(p) }
        return now
    }

    /// Files whose content may differ between `self` and `newer`, by name.
    public func changes(in newer: WatchedFiles) -> [String] {
        stamps.keys.sorted().filter { stamps[$0] != newer.stamps[$0] }
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return Stamp(modified: modified, size: Int(info.st_size), inode: UInt64(info.st_ino))
    }
}
