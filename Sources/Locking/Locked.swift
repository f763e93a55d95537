import Foundation

/// A value behind a lock: only `withLock` touches it, which is what makes the
/// `@unchecked Sendable` hold (the value itself may be a non-Sendable owner of
/// C state, such as `FreeTypeFaces`). Every module that shares state between
/// threads uses this, not `Synchronization.Mutex`.
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`:
/// on Linux, Mutex hands a contended lock over through priority-inheritance
/// futex calls that ThreadSanitizer cannot see, so `swift test
/// --sanitize=thread` reports false races on everything it guards (checked
/// with two threads bumping a dictionary: 5 reports with Mutex, none with
/// NSLock; the frame scheduler's spare frames were the first report of
/// `make test-sanitize`). Keeping TSan quiet keeps it useful for finding
/// real races.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: sending Value) {
        self.value = value
    }

    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
