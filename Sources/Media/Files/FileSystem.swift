#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations Media needs, with errors that name the path.
///
/// Plain POSIX rather than Foundation: its error text (`strerror`) is the
/// short, familiar "Permission denied" that `MediaError` messages quote.
enum FileSystem {
    /// The system's text for an `errno` value.
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The size of a file in bytes, 0 when it cannot be read.
    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The folder part of `path` ("." for a bare name), and the name part.
    static func split(_ path: String) -> (folder: String, name: String) {
        let folder = PathName.folder(of: path)
        return (folder.isEmpty ? "." : folder, PathName.name(of: path))
    }

    /// Creates `path` and any missing parents (like `mkdir -p`), mode 0755
    /// before the umask. The error names the folder that could not be made.
    static func makeFolders(_ path: String) throws {
        if isDirectory(path) { return }
        if mkdir(path, 0o755) == 0 { return }
        var code = errno
        if code == ENOENT {
            let parent = split(path).folder
            if parent != path {
                try makeFolders(parent)
                if mkdir(path, 0o755) == 0 { return }
                code = errno
            }
        }
        // Another writer may have created it meanwhile.
        if code == EEXIST && isDirectory(path) { return }
        throw MediaError.cannotCreateFolder(path: path, reason: errorText(code))
    }

    /// Throws unless the folder exists and this process may create files in it.
    static func checkWritableFolder(_ path: String) throws {
        if access(path, W_OK | X_OK) != 0 {
            throw MediaError.cannotWrite(path: path, reason: errorText(errno))
        }
        if !isDirectory(path) {
            throw MediaError.cannotWrite(path: path, reason: errorText(ENOTDIR))
        }
    }

    /// The whole content of a file of at most `maxBytes` bytes: a larger
    /// one is refused by its size before anything is read (and a file that
    /// grows past it while being read, when it is read that far).
    static func readFile(_ path: String, maxBytes: Int = .max) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw MediaError.cannotRead(path: path, reason: errorText(errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, Int(info.st_size) > maxBytes {
            throw MediaError.fileTooLarge(path: path, bytes: Int(info.st_size), limit: maxBytes)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw MediaError.cannotRead(path: path, reason: errorText(errno))
            }
            if bytes.count + count > maxBytes {
                throw MediaError.fileTooLarge(path: path, bytes: bytes.count + count, limit: maxBytes)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes all of `bytes` to an open descriptor; returns an errno on failure.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                write(fd, $0.baseAddress! + offset, $0.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }
}
