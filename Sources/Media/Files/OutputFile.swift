/// Bytes written to a file that appears under its name only when complete
/// (see `AtomicOutput`): for outputs that are not frames, such as a schema
/// or a report.
public enum OutputFile {
    /// Writes `bytes` to `path` through a hidden temporary in the same folder,
    /// renamed into place at the end; on failure nothing exists under `path`
    /// (an older file there is left untouched).
    /// - Throws: `MediaError.cannotWrite` naming `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try AtomicOutput.write(bytes, to: path)
    }

    /// Creates the folder `path` will be written into, and its parents, if missing.
    /// - Throws: `MediaError.cannotCreateFolder` naming the folder.
    public static func makeFolder(for path: String) throws {
        try FileSystem.makeFolders(FileSystem.split(path).folder)
    }
}
