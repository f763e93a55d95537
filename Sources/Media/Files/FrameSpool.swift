#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fixed-size frames parked in a file between the passes of a two-pass
/// encoder (`GIFWriter`), so a long clip costs disk, not memory.
///
/// The file is created in the output's own folder, as `.NAME.frames-PID`
/// (the output folder is known to be writable, and unlike `/tmp` it is not
/// memory-backed on many systems), and unlinked at once: it has no name
/// while in use, so nothing is left behind whatever happens to the process,
/// and the space is returned when `close()` (or `deinit`) closes it.
final class FrameSpool {
    /// The output file the spool serves; errors name it.
    let path: String
    /// Bytes in every frame.
    let frameBytes: Int
    /// Frames appended so far.
    private(set) var count = 0
    private var descriptor: Int32

    /// Creates the spool next to `path`, for frames of `frameBytes` bytes.
    init(besides path: String, frameBytes: Int) throws {
        let name = FileSystem.split(path).name
        let spoolPath = String(path.dropLast(name.count)) + ".\(name).frames-\(getpid())"
        let fd = open(spoolPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if fd < 0 { throw MediaError.cannotWrite(path: path, reason: FileSystem.errorText(errno)) }
        unlink(spoolPath)
        self.path = path
        self.frameBytes = frameBytes
        self.descriptor = fd
    }

    deinit {
        close()
    }

    /// Appends one frame of exactly `frameBytes` bytes.
    func append(_ frame: UnsafeRawBufferPointer) throws {
        precondition(frame.count == frameBytes, "spooled frames have a fixed size")
        var offset = 0
        while offset < frame.count {
            let written = pwrite(descriptor, frame.baseAddress! + offset, frame.count - offset,
                                 off_t(count) * off_t(frameBytes) + off_t(offset))
            if written < 0 {
                if errno == EINTR { continue }
                throw MediaError.cannotWrite(path: path, reason: FileSystem.errorText(errno))
            }
            offset += written
        }
        count += 1
    }

    /// Reads frame `index` (0 ..< `count`) into `frame`, `frameBytes` long.
    func read(_ index: Int, into frame: UnsafeMutableRawBufferPointer) throws {
        precondition(index >= 0 && index < count && frame.count == frameBytes)
        var offset = 0
        while offset < frame.count {
            let got = pread(descriptor, frame.baseAddress! + offset, frame.count - offset,
                            off_t(index) * off_t(frameBytes) + off_t(offset))
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                let reason = got == 0 ? "the spooled frames file is shorter than written" : FileSystem.errorText(errno)
                throw MediaError.encodingFailed(path: path, step: "reading spooled frames back", reason: reason)
            }
            offset += got
        }
    }

    /// Closes (and so frees) the file. Idempotent.
    func close() {
        if descriptor >= 0 {
            closeDescriptor(descriptor)
            descriptor = -1
        }
    }
}

/// `close(2)`, reachable from inside a type that has its own `close()`.
private func closeDescriptor(_ fd: Int32) {
    close(fd)
}
