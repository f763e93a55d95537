import Foundation

/// A minimal HTTP/1.0 client over a loopback socket, so the tests see the
/// server's exact bytes (no client cache, no redirects, no chunking: a
/// 1.0 response ends when the connection closes).
struct HTTPReply {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw StudioTestError("not a JSON object: \(text)")
        }
        return object
    }

    static func exchange(port: Int, _ requestLine: String, headers: [String: String], body: String = "") throws -> HTTPReply {
        let socket = try LoopbackSocket(port: port)
        defer { socket.close() }
        try socket.send(requestLine, headers: headers, body: body)
        var bytes: [UInt8] = []
        while let chunk = try socket.receive(timeout: 30) { bytes += chunk }
        return try parse(bytes)
    }

    static func parse(_ bytes: [UInt8]) throws -> HTTPReply {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { throw StudioTestError("no header end") }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw StudioTestError("bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPReply(status: status, headers: headers, body: Array(bytes[end.upperBound...]))
    }
}

/// A connected TCP socket to 127.0.0.1.
final class LoopbackSocket {
    private let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw StudioTestError("cannot connect to port \(port): \(String(cString: strerror(errno)))")
        }
    }

    func send(_ requestLine: String, headers: [String: String], body: String = "") throws {
        var text = requestLine + " HTTP/1.0\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        let bytes = Array((text + "\r\n" + body).utf8)
        guard Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw StudioTestError("send failed") }
    }

    /// The next bytes, nil at the end of the stream or after `timeout` seconds without any.
    func receive(timeout: Double) throws -> [UInt8]? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n > 0 ? Array(buffer[..<n]) : nil
    }

    func close() { Glibc.close(fd) }
}

/// An open `GET /api/events`: events as they arrive.
final class EventReader {
    struct Event: Equatable {
        var name: String
        var data: String
    }

    private let socket: LoopbackSocket
    private var buffer: [UInt8] = []
    private var headerDone = false

    init(port: Int) throws {
        socket = try LoopbackSocket(port: port)
        try socket.send("GET /api/events", headers: [:])
    }

    deinit { socket.close() }

    /// The next event (keep-alive comments skipped), or nil after `timeout` seconds.
    func next(timeout: Double) throws -> Event? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if !headerDone, let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                buffer.removeSubrange(..<end.upperBound)
                headerDone = true
            }
            if headerDone, let end = buffer.firstRange(of: Array("\n\n".utf8)) {
                let block = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                var event = Event(name: "message", data: "")
                var isEvent = false
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)); isEvent = true }
                    if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)); isEvent = true }
                }
                if isEvent { return event }
                continue
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let more = try socket.receive(timeout: left) else { return nil }
            buffer += more
        }
    }

    /// Skips events until one called `name`, or nil after `timeout` seconds.
    func next(_ name: String, timeout: Double) throws -> Event? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while let event = try next(timeout: max(deadline.timeIntervalSinceNow, 0)) {
            if event.name == name { return event }
        }
        return nil
    }
}
