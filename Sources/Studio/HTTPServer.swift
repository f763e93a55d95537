import CMicroHTTPD
import Foundation

/// A small HTTP/1.1 server: GNU libmicrohttpd listening on one address,
/// one thread per connection, every request handed to `handler`.
///
/// One thread per connection keeps the rest simple: a handler may wait for a
/// frame to be drawn and an event stream may wait for the next event without
/// holding up any other client. The studio is a local tool with a handful of
/// connections, so threads are cheap here.
final class HTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The most a request body may hold (parameter edits and render requests are small).
    static let maxBody = 1 << 20

    private let handler: Handler
    private let lock = NSLock()
    private var daemon: OpaquePointer?
    /// The threads running `handler` now (see `stop`).
    private var handlerThreads: Set<pthread_t> = []
    /// The port listened on: the one asked for, or the one the system chose for 0.
    private(set) var port = 0

    /// Starts listening on `host` (an IPv4 or IPv6 address, or `localhost`) and `port`.
    init(host: String, port: Int, handler: @escaping Handler) throws(StudioError) {
        self.handler = handler
        guard (0...65535).contains(port) else { throw .badPort(port) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started: OpaquePointer? = try Self.withSocketAddress(host: host, port: port) { address, ipv6 in
            reel_mhd_start(address, ipv6 ? 1 : 0, accessHandler, completedHandler, context)
        }
        guard let started else { throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno))) }
        daemon = started
        self.port = Int(reel_mhd_port(started))
    }

    /// Stops listening and waits for every connection's thread to end;
    /// streams must have been told to end first (see `EventHub.close`).
    ///
    /// Called from `handler` (its owner released there, by the request that
    /// held it last), it cannot wait for its own thread: it then stops the
    /// daemon from a thread of its own, which holds this server until the
    /// daemon has stopped (libmicrohttpd's callbacks reach it unretained).
    func stop() {
        lock.lock()
        guard !handlerThreads.contains(pthread_self()) else {
            lock.unlock()
            let stopping = Thread { [self] in stop() }
            stopping.name = "reel studio stop"
            stopping.start()
            return
        }
        let running = daemon
        daemon = nil
        lock.unlock()
        if let running { MHD_stop_daemon(running) }
    }

    deinit { stop() }

    private static func withSocketAddress<T>(host: String, port: Int,
                                              _ body: (UnsafePointer<sockaddr>, Bool) -> T) throws(StudioError) -> T {
        let name = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, name, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            return withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, false) } }
        }
        var v6 = sockaddr_in6()
        let bare = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        if inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            return withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, true) } }
        }
        throw .badHost(host)
    }

    /// Called by libmicrohttpd once for the headers, then once per piece of
    /// body, then once more with no body left: only then is there an answer.
    fileprivate func handle(_ connection: OpaquePointer, url: String, method: String,
                            upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                            state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = state.pointee else {
            state.pointee = Unmanaged.passRetained(RequestBody()).toOpaque()
            return .YES
        }
        let body = Unmanaged<RequestBody>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if let upload, body.bytes.count + uploadSize.pointee <= Self.maxBody {
                body.bytes += UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee)
            } else {
                body.tooLarge = true
            }
            uploadSize.pointee = 0
            return .YES
        }
        let request = HTTPRequest(method: method, path: url, query: Self.arguments(of: connection),
                                  ifNoneMatch: MHD_lookup_connection_value(connection, .HEADER_KIND, "If-None-Match")
                                      .map { String(cString: $0) },
                                  body: body.bytes)
        let response = body.tooLarge ? .text(413, "request body over \(Self.maxBody) bytes") : handling(request)
        return Self.queue(response, on: connection)
    }

    /// `handler(request)`, this thread noted as in it meanwhile.
    private func handling(_ request: HTTPRequest) -> HTTPResponse {
        let thread = pthread_self()
        lock.lock()
        handlerThreads.insert(thread)
        lock.unlock()
        defer {
            lock.lock()
            handlerThreads.remove(thread)
            lock.unlock()
        }
        return handler(request)
    }

    private static func arguments(of connection: OpaquePointer) -> [(name: String, value: String)] {
        let collected = ArgumentList()
        let context = Unmanaged.passUnretained(collected).toOpaque()
        MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { context, _, key, value in
            let list = Unmanaged<ArgumentList>.fromOpaque(context!).takeUnretainedValue()
            list.items.append((key.map { String(cString: $0) } ?? "", value.map { String(cString: $0) } ?? ""))
            return .YES
        }, context)
        return collected.items
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        let headers: [(String, String)]
        switch response {
        case let .bytes(_, h, body):
            headers = h
            made = body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case let .stream(h, source):
            headers = h
            let reader = Unmanaged.passRetained(StreamReader(source())).toOpaque()
            made = MHD_create_response_from_callback(reel_mhd_size_unknown(), 4096, { context, _, buffer, max in
                let reader = Unmanaged<StreamReader>.fromOpaque(context!).takeUnretainedValue()
                guard let count = reader.source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max)) else {
                    return reel_mhd_end_of_stream()
                }
                return count
            }, reader, { context in
                Unmanaged<StreamReader>.fromOpaque(context!).release()
            })
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}

private final class RequestBody {
    var bytes: [UInt8] = []
    var tooLarge = false
}

private final class ArgumentList {
    var items: [(name: String, value: String)] = []
}

private final class StreamReader {
    let source: any StreamSource
    init(_ source: any StreamSource) { self.source = source }
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
    let server = Unmanaged<HTTPServer>.fromOpaque(context!).takeUnretainedValue()
    return server.handle(connection!, url: url.map { String(cString: $0) } ?? "/",
                         method: method.map { String(cString: $0) } ?? "GET",
                         upload: upload, uploadSize: uploadSize!, state: state!)
}

private let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let body = state.pointee else { return }
    Unmanaged<RequestBody>.fromOpaque(body).release()
    state.pointee = nil
}
