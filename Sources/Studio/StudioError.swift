/// Why the studio could not start, as data; the command line words it.
public enum StudioError: Error, Equatable, CustomStringConvertible {
    case badPort(Int)
    case badHost(String)
    case cannotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .badPort(let port): return "--port expects 0…65535 (0 picks a free port), found \(port)"
        case .badHost(let host): return "--host expects an IP address such as 127.0.0.1 or ::1, found '\(host)'"
        case let .cannotListen(host, port, reason): return "cannot listen on \(host) port \(port): \(reason)"
        }
    }
}
