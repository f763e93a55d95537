import Foundation

/// What a finished program left: its exit status and everything it wrote.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// A program the tests start, found by path: the one way tests run a child
/// process. Both pipes are read at once (a child that fills one pipe while
/// the reader waits on the other would hang), the collected bytes are owned
/// here, and nothing captures a caller's object.
public struct Program: Sendable {
    public struct TimedOut: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String

    public init(path: String) { self.path = path }

    /// The `reel` executable built next to the test bundle.
    public static let reel = Program(
        path: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("reel").path)

    /// A program looked up on `PATH` (e.g. "ffmpeg", "ffprobe").
    public static func onPath(_ name: String) -> Program {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return Program(path: "\(folder)/\(name)")
        }
        return Program(path: "/usr/bin/" + name)
    }

    /// Runs the program with `arguments`, `environment` added to this
    /// process's, in `folder` when given, and waits for it to end. A run
    /// longer than `timeout` seconds is ended and reported as `TimedOut`.
    public func run(_ arguments: [String], environment: [String: String] = [:], in folder: String? = nil,
                    timeout: Double = 600) throws -> ProcessResult {
        let result = try runCapturingBytes(arguments, environment: environment, in: folder, timeout: timeout)
        return ProcessResult(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
                             stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    /// As `run`, with standard output as bytes (raw samples, pixels).
    public func runCapturingBytes(_ arguments: [String], environment: [String: String] = [:], in folder: String? = nil,
                                  timeout: Double = 600) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        // Each pipe drained on a thread of its own until end of file.
        let outBytes = Drain(out.fileHandleForReading), errBytes = Drain(err.fileHandleForReading)
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            ended.wait()
            _ = (outBytes.finish(), errBytes.finish())
            throw TimedOut(description: "\(path) \(arguments.joined(separator: " ")): no end after \(timeout) s")
        }
        return (process.terminationStatus, outBytes.finish(), errBytes.finish())
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
