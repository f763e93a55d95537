import Foundation

/// One request as the studio's routes see it: the method, the path without
/// its query, the query arguments in the order given (percent-decoded) and
/// the few headers that matter.
struct HTTPRequest: Sendable {
    var method: String
    var path: String
    var query: [(name: String, value: String)]
    /// `If-None-Match`, for answering 304 to a frame the browser already has.
    var ifNoneMatch: String?
    var body: [UInt8]

    func value(of name: String) -> String? { query.last { $0.name == name }?.value }
}

/// What a route answers: bytes with a status and headers, or an endless
/// stream (Server-Sent Events) read on the connection's own thread.
enum HTTPResponse: Sendable {
    case bytes(status: Int, headers: [(String, String)], body: [UInt8])
    case stream(headers: [(String, String)], source: @Sendable () -> any StreamSource)

    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        .bytes(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
               body: Array((message + "\n").utf8))
    }

    static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        .bytes(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
               body: JSONText.encode(value))
    }

    var status: Int {
        switch self {
        case .bytes(let status, _, _): return status
        case .stream: return 200
        }
    }
}

/// A response body produced while it is sent.
protocol StreamSource: AnyObject {
    /// Up to `buffer.count` bytes for the client, waiting for them if need
    /// be; nil ends the response.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int?
}

/// JSON in one form for every endpoint: keys sorted, slashes unescaped, so
/// answers are stable and readable.
enum JSONText {
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(value)) ?? Data("null".utf8))
    }

    static func string(_ value: some Encodable) -> String { String(decoding: encode(value), as: UTF8.self) }
}
