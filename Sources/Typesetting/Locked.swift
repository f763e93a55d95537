import Foundation

/// A value behind a lock: only `withLock` touches it, which is what makes the
/// `@unchecked Sendable` hold (the value itself may be a non-Sendable owner of
/// C state, such as `FreeTypeFaces`).
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`:
/// on Linux, Mutex hands a contended lock over through priority-inheritance
/// futex calls that ThreadSanitizer cannot see, so `swift test
/// --sanitize=thread` reports false races on everything it guards (checked
/// with two threads bumping a dictionary: 5 reports with Mutex, none with
/// NSLock). Keeping TSan quiet keeps it useful for finding real races.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: sending Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
