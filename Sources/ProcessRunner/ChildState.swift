import Foundation

/// What a child has written so far and how it ended, shared by the threads
/// that read its pipes and wait for it, and by its `ChildProcess`.
///
/// The threads hold this (not the `ChildProcess`) strongly: a handle
/// released while they still run leaves them nothing to dangle from, and
/// they end with the child's streams.
final class ChildState: @unchecked Sendable {
    private let pid: pid_t
    private let condition = NSCondition()
    /// Standard output and standard error, by `ChildProcess.Stream`.
    private var bytes: [[UInt8]] = [[], []]
    private var open = [true, true]
    /// Set when the child has been reaped; no signal is sent after that,
    /// since its process ID may belong to another process by then.
    private var ended: (status: Int32, peakMemoryKiB: Int)?

    init(pid: pid_t) {
        self.pid = pid
    }

    /// Reads `descriptor` to end-of-file on a thread of its own, then closes it.
    func collect(_ descriptor: Int32, into stream: ChildProcess.Stream) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                condition.lock()
                bytes[stream.rawValue] += buffer[..<count]
                condition.broadcast()
                condition.unlock()
            }
            close(descriptor)
            condition.lock()
            open[stream.rawValue] = false
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "child \(pid) \(stream)"
        thread.start()
    }

    /// Writes `input` to `descriptor` on a thread of its own, then closes it.
    /// A child that stops reading early only ends the writing: SIGPIPE is
    /// blocked on that thread, so the write fails with EPIPE instead.
    static func feed(_ input: Data, to descriptor: Int32) {
        let thread = Thread {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            input.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    offset += count
                }
            }
            close(descriptor)
        }
        thread.name = "child stdin"
        thread.start()
    }

    /// Waits on a thread of its own for the child to end, then reaps it.
    func awaitEnd() {
        let thread = Thread { [self] in
            // Waits without reaping, so `signal` can never reach a reused ID.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            condition.lock()
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
            // Exited: the low seven bits are zero and the code is in the next eight; else the signal's number.
            let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            ended = (code, Int(usage.ru_maxrss))
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "child \(pid) wait"
        thread.start()
    }

    /// Sends `number` to the child unless it has ended.
    func signal(_ number: Int32) {
        condition.lock()
        if ended == nil { kill(pid, number) }
        condition.unlock()
    }

    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended == nil
    }

    func text(of stream: ChildProcess.Stream) -> String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: bytes[stream.rawValue], as: UTF8.self)
    }

    /// Waits until `stream` holds `text` `count` times (true), or until it
    /// has closed short of that or `deadline` has passed (false).
    func waitFor(_ text: String, count: Int, in stream: ChildProcess.Stream, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let found = String(decoding: bytes[stream.rawValue], as: UTF8.self).components(separatedBy: text).count - 1
            if found >= count { return true }
            if !open[stream.rawValue] || !condition.wait(until: deadline) { return false }
        }
    }

    /// The result once the child has ended and both streams are closed;
    /// nil when `deadline` (if any) passes first.
    func result(by deadline: Date?) -> ProcessResult? {
        condition.lock()
        defer { condition.unlock() }
        while ended == nil || open.contains(true) {
            // No `distantFuture` for no deadline: Foundation's conversion of it overflows.
            if let deadline {
                if !condition.wait(until: deadline) { return nil }
            } else {
                condition.wait()
            }
        }
        return ProcessResult(status: ended!.status, stdout: String(decoding: bytes[0], as: UTF8.self),
                             stderr: String(decoding: bytes[1], as: UTF8.self), peakMemoryKiB: ended!.peakMemoryKiB)
    }
}
