import Dispatch
import Foundation
import Locking
import Synchronization

/// SIGINT and SIGTERM as a flag that long jobs poll between frames, so an
/// interrupted render stops cleanly: outputs are abandoned (their temporary
/// files removed) and nothing appears under a final name.
public final class Interruption: Sendable {
    public static let shared = Interruption()

    private let received = Atomic<Int32>(0)
    private let sources = Locked<[DispatchSourceSignal]>([])

    private init() {}

    /// Starts catching SIGINT and SIGTERM (idempotent), and ignores SIGXFSZ:
    /// a write past the file-size limit (`ulimit -f`) then fails with EFBIG
    /// like any other write error, so the output is cleaned up and named in
    /// the message instead of the process being killed mid-file.
    public func install() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            signal(SIGXFSZ, SIG_IGN)
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler { [self] in
                    _ = received.compareExchange(expected: 0, desired: sig, ordering: .relaxed)
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// The signal received, if any.
    public var receivedSignal: Int32? {
        let s = received.load(ordering: .relaxed)
        return s == 0 ? nil : s
    }

    /// Throws `.interrupted` once a signal has arrived.
    public func check() throws(RenderError) {
        if let s = receivedSignal { throw .interrupted(signal: s) }
    }
}
