import Foundation

/// A running child process: its standard output and standard error are
/// read as they come, both at once (a child that fills one pipe while the
/// other is read never blocks), into buffers of its own; the threads that
/// read them hold those buffers, never an object of the caller's.
///
/// A child still running when its `ChildProcess` is released is killed
/// (SIGKILL), so a test that fails midway leaves no process behind.
public final class ChildProcess: Sendable {
    public enum Stream: Int, Sendable, CustomStringConvertible {
        case stdout, stderr

        public var description: String { self == .stdout ? "stdout" : "stderr" }
    }

    /// The program and its arguments, for messages.
    public let command: String
    public let processIdentifier: Int32
    private let state: ChildState

    init(_ program: Program, _ arguments: [String], input: Data?, environment: [String: String],
         folder: String?) throws(ProcessError) {
        let launched = try Spawn.launch(program, arguments, environment: environment, folder: folder, input: input != nil)
        command = program.commandLine(arguments)
        processIdentifier = launched.pid
        state = ChildState(pid: launched.pid)
        state.collect(launched.output, into: .stdout)
        state.collect(launched.errors, into: .stderr)
        if let input, let descriptor = launched.input { ChildState.feed(input, to: descriptor) }
        state.awaitEnd()
    }

    deinit {
        state.signal(SIGKILL)
    }

    /// False once the child has ended.
    public var isRunning: Bool { state.isRunning }

    /// Standard output so far, decoded as UTF-8.
    public var stdout: String { state.text(of: .stdout) }

    /// Standard error so far, decoded as UTF-8.
    public var stderr: String { state.text(of: .stderr) }

    /// Waits until `stream` has shown `text` `count` times: true then, false
    /// when the stream closes short of that or `timeout` seconds pass first.
    public func waitFor(_ text: String, count: Int = 1, on stream: Stream = .stderr, timeout: Double = 30) -> Bool {
        state.waitFor(text, count: count, in: stream, until: Date(timeIntervalSinceNow: timeout))
    }

    /// Sends signal `number` (SIGINT, SIGTERM, SIGKILL…) unless the child has ended.
    public func signal(_ number: Int32) {
        state.signal(number)
    }

    /// Sends signal `number`, then waits for the child's end (see `wait`).
    public func stop(_ number: Int32, timeout: Double? = nil) throws(ProcessError) -> ProcessResult {
        signal(number)
        return try wait(timeout: timeout)
    }

    /// Waits for the child to end and both its streams to close (a process
    /// it started that still holds them holds up the wait). After `timeout`
    /// seconds the child is killed and `ProcessError.timedOut` thrown.
    public func wait(timeout: Double? = nil) throws(ProcessError) -> ProcessResult {
        if let result = state.result(by: timeout.map { Date(timeIntervalSinceNow: $0) }) {
            return result
        }
        state.signal(SIGKILL)
        throw .timedOut(command: command, seconds: timeout ?? 0, stdout: stdout, stderr: stderr)
    }
}
