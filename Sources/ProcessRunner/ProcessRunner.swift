import Foundation

/// How a child process ended, and everything it wrote.
public struct ProcessResult: Sendable, Equatable {
    /// The exit status.
    public var status: Int32
    /// Standard output and standard error, decoded as UTF-8.
    public var stdout: String
    public var stderr: String
}

/// Why a child gave no result.
public enum ProcessError: Error, Equatable, CustomStringConvertible {
    /// The child ran past its timeout (seconds) and was ended.
    case timedOut(command: String, seconds: Double)

    public var description: String {
        switch self {
        case let .timedOut(command, seconds): return "\(command) still ran after \(seconds) s and was ended"
        }
    }
}

/// An executable the tests run as a child process — `reel` itself, or a tool
/// they check its output with (ffmpeg, ffprobe) — and the one way they run
/// it: both pipes are drained at once (a child that fills one pipe while
/// the reader waits on the other would hang), the bytes are owned here, and
/// nothing captures a caller's object.
public struct Program: Sendable, CustomStringConvertible {
    public let path: String
    /// Variables every run of the program gets (a run's own win over them).
    public let environment: [String: String]

    public init(_ path: String, environment: [String: String] = [:]) {
        self.path = path
        self.environment = environment
    }

    /// The `reel` built beside the test bundle, with a frame cache of this
    /// process's own rather than the user's.
    public static let reel = Program(URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("reel").path,
        environment: ["REEL_CACHE_DIR": NSTemporaryDirectory() + "reel-cache-\(getpid())"])

    /// The first executable called `name` in the folders of `PATH`, if any.
    public static func onPath(_ name: String) -> Program? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }.map { Program($0) }
    }

    public var description: String { path }

    /// Runs the program with `arguments` to its end; `input` is its standard
    /// input (none: empty), `environment` is added to this process's, and
    /// `folder` is its current directory. After `timeout` seconds it is
    /// ended and `ProcessError.timedOut` thrown.
    public func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
                    in folder: String? = nil, timeout: Double? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let extra = self.environment.merging(environment) { $1 }
        if !extra.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 } }
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        // Each pipe drained on a thread of its own until end of file.
        let outBytes = Drain(out.fileHandleForReading), errBytes = Drain(err.fileHandleForReading)
        if let input { stdin.fileHandleForWriting.write(input) }
        try? stdin.fileHandleForWriting.close()
        if let timeout, ended.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            ended.wait()
            _ = (outBytes.finish(), errBytes.finish())
            throw ProcessError.timedOut(command: ([path] + arguments).joined(separator: " "), seconds: timeout)
        }
        if timeout == nil { ended.wait() }
        return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outBytes.finish(), as: UTF8.self),
                             stderr: String(decoding: errBytes.finish(), as: UTF8.self))
    }
}

/// Reads one pipe to its end on a thread of its own; `finish` waits for it.
/// Single writer: the reading thread stores `bytes` once, before it signals
/// `done`; `finish` reads them only after waiting on `done`.
private final class Drain: @unchecked Sendable {
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            bytes = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> Data {
        done.wait()
        done.signal()
        return bytes
    }
}
