/// The folder and name parts of a path, as `NSString`'s
/// `deletingLastPathComponent` and `lastPathComponent` give them, without
/// Foundation: swift-corelibs-foundation's `deletingLastPathComponent` traps
/// on a one-letter relative path ("p", "p/"), and these paths come from the
/// command line (`-o p/`).
public enum PathName {
    /// The folder part: "" for a bare name, "/" for a name at the root.
    /// Trailing slashes are ignored ("a/b/" is in "a").
    public static func folder(of path: String) -> String {
        let path = trimmingTrailingSlashes(Substring(path))
        guard path != "/", let slash = path.lastIndex(of: "/") else { return path == "/" ? "/" : "" }
        let folder = trimmingTrailingSlashes(path[..<slash])
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The name part: the last component, trailing slashes ignored.
    public static func name(of path: String) -> String {
        let path = trimmingTrailingSlashes(Substring(path))
        guard path != "/", let slash = path.lastIndex(of: "/") else { return String(path) }
        return String(path[path.index(after: slash)...])
    }

    /// `path` without the slashes at its end; "/" stays.
    private static func trimmingTrailingSlashes(_ path: Substring) -> Substring {
        var end = path.endIndex
        while end > path.startIndex, path[path.index(before: end)] == "/" { end = path.index(before: end) }
        return end == path.startIndex && !path.isEmpty ? "/" : path[..<end]
    }
}
