import Foundation

/// How a child process ended, and everything it wrote.
public struct ProcessResult: Sendable, Equatable {
    /// The exit status; a child ended by a signal has 128 + the signal's
    /// number, as a shell reports it.
    public var status: Int32
    /// Standard output, decoded as UTF-8.
    public var stdout: String
    /// Standard error, decoded as UTF-8.
    public var stderr: String
    /// The child's peak resident set size, KiB (`ru_maxrss` of `wait4`).
    public var peakMemoryKiB: Int
}

/// Why a child gave no result.
public enum ProcessError: Error, Equatable, CustomStringConvertible {
    /// `posix_spawn` failed: no such executable or folder, or no permission.
    case cannotStart(command: String, errno: Int32)
    /// The child ran past its timeout (seconds) and was killed; what it wrote until then.
    case timedOut(command: String, seconds: Double, stdout: String, stderr: String)

    public var description: String {
        switch self {
        case let .cannotStart(command, errno):
            return "cannot start \(command): \(String(cString: strerror(errno)))"
        case let .timedOut(command, seconds, stdout, stderr):
            return "\(command) still ran after \(seconds) s and was killed; standard output:\n\(stdout)\nstandard error:\n\(stderr)"
        }
    }
}
