#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that appears under its final name only once it is complete.
///
/// The content is written to a hidden temporary, `.NAME.partial-PID`, in the
/// final file's own folder: same folder means same file system, so `commit()`
/// is a single atomic `rename`, and a reader never sees a half-written file.
/// On any failure the temporary is removed and nothing exists under the final
/// name (an older file there is left untouched until a successful commit).
struct AtomicOutput {
    /// Where the finished file goes; every error names this path.
    let finalPath: String
    /// The hidden file that holds the content until `commit()`.
    let temporaryPath: String

    /// Creates the empty temporary at once, so an unwritable destination
    /// (missing or read-only folder, a file where a folder should be, a
    /// folder where the file should be) fails now, not after an hour of
    /// rendering. `removingLeftovers: false` skips the search for temporaries
    /// of killed runs, for a writer that cleaned its folder once already.
    init(finalPath: String, removingLeftovers: Bool = true) throws {
        let name = FileSystem.split(finalPath).name
        guard !name.isEmpty, name != ".", name != ".." else {
            throw MediaError.cannotWrite(path: finalPath, reason: "not a file name")
        }
        if FileSystem.isDirectory(finalPath) {
            throw MediaError.cannotWrite(path: finalPath, reason: FileSystem.errorText(EISDIR))
        }
        self.finalPath = finalPath
        let prefix = String(finalPath.dropLast(name.count)) + ".\(name).partial-"
        self.temporaryPath = prefix + "\(getpid())"
        if removingLeftovers {
            let prefix = ".\(name).partial-"
            Self.removeLeftovers(folder: FileSystem.split(finalPath).folder) { $0.hasPrefix(prefix) }
        }
        close(try openTemporary())
    }

    /// Removes temporaries left by a run that was killed (SIGKILL, power
    /// loss) before it could clean up: entries of `folder` named
    /// `….partial-PID` for which `isCandidate` holds and whose process no
    /// longer exists. A temporary of a render still running is kept.
    static func removeLeftovers(folder: String, where isCandidate: (String) -> Bool) {
        guard let stream = opendir(folder) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("."), isCandidate(name), let dash = name.lastIndex(of: "-"),
                  name[..<dash].hasSuffix(".partial"), let pid = Int32(name[name.index(after: dash)...]),
                  pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                unlink(folder + "/" + name)
            }
        }
    }

    /// Writes `bytes` to `path` atomically.
    static func write(_ bytes: [UInt8], to path: String, removingLeftovers: Bool = true) throws {
        let output = try AtomicOutput(finalPath: path, removingLeftovers: removingLeftovers)
        do {
            let fd = try output.openTemporary()
            let failure = FileSystem.writeAll(bytes, to: fd)
            // close can report a deferred write error (e.g. on NFS).
            let closeFailure = close(fd) == 0 ? nil : errno
            if let code = failure ?? closeFailure {
                throw MediaError.cannotWrite(path: path, reason: FileSystem.errorText(code))
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// Opens the temporary for writing, truncating it; the caller closes it.
    func openTemporary() throws -> Int32 {
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 {
            throw MediaError.cannotWrite(path: finalPath, reason: FileSystem.errorText(errno))
        }
        return fd
    }

    /// Moves the complete temporary into place, replacing any older file.
    func commit() throws {
        if rename(temporaryPath, finalPath) != 0 {
            let code = errno
            discard()
            throw MediaError.cannotWrite(path: finalPath, reason: FileSystem.errorText(code))
        }
    }

    /// Removes the temporary if it is still there. Idempotent.
    func discard() {
        unlink(temporaryPath)
    }
}
