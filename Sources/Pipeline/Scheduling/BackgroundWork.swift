import Dispatch
import Locking

/// One piece of work run on another thread while the caller does something
/// else, its result collected later: how a job's contact sheet is laid out
/// and compressed while the video encoder flushes its last frames.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let outcome = Locked<Result<Value, any Error>?>(nil)

    init(_ body: @escaping @Sendable () throws -> Value) {
        done.enter()
        DispatchQueue.global().async { [self] in
            let result = Result(catching: body)
            outcome.withLock { $0 = result }
            done.leave()
        }
    }

    /// Waits for the work to end and returns its value or rethrows its error.
    func value() throws -> Value {
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
