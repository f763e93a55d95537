import Foundation

/// Server-Sent Events for every open page: what happened to the scene
/// (`reload`, `error`) and to a render (`render`), in order.
///
/// Events go into one short shared log; each stream keeps its own position
/// in it and waits on a condition for the next one, on its connection's
/// thread. A stream that falls more than `capacity` events behind skips to
/// the oldest kept, which is harmless: every event tells the whole state.
final class EventHub: @unchecked Sendable {
    /// One event in the stream's wire form (`event:` and `data:` lines).
    struct Event: Sendable {
        var name: String
        var data: String

        var wire: String { "event: \(name)\ndata: \(data)\n\n" }
    }

    static let capacity = 64
    /// A comment sent to an idle stream so proxies and browsers keep it open.
    static let keepAliveSeconds = 15.0

    private let condition = NSCondition()
    private var log: [Event] = []
    /// Sequence number of `log[0]`.
    private var first = 0
    private var closed = false

    func publish(_ name: String, _ data: String) {
        condition.lock()
        log.append(Event(name: name, data: data))
        if log.count > Self.capacity {
            log.removeFirst()
            first += 1
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes every stream and ends it; later streams end at once.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// A stream starting after the events published so far, opened with `greeting`.
    func subscribe(greeting: Event) -> EventStream {
        condition.lock()
        defer { condition.unlock() }
        return EventStream(hub: self, next: first + log.count, pending: Array(greeting.wire.utf8))
    }

    /// The events after sequence number `next`, waiting up to `timeout`
    /// seconds for one; nil once the hub is closed.
    fileprivate func events(after next: Int, timeout: Double) -> (events: [Event], next: Int)? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !closed && next >= first + log.count {
            if !condition.wait(until: deadline) { break }
        }
        if closed { return nil }
        let start = max(next, first)
        return (Array(log[(start - first)...]), first + log.count)
    }
}

/// One page's event stream, read by libmicrohttpd on the connection's thread.
final class EventStream: StreamSource {
    private let hub: EventHub
    private var next: Int
    private var pending: [UInt8]

    fileprivate init(hub: EventHub, next: Int, pending: [UInt8]) {
        self.hub = hub
        self.next = next
        self.pending = pending
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        if pending.isEmpty {
            guard let (events, next) = hub.events(after: next, timeout: EventHub.keepAliveSeconds) else { return nil }
            self.next = next
            pending = Array((events.isEmpty ? ": keep-alive\n\n" : events.map(\.wire).joined()).utf8)
        }
        let count = min(buffer.count, pending.count)
        buffer.copyBytes(from: pending[..<count])
        pending.removeFirst(count)
        return count
    }
}
