/// Why the studio could not start, as data; the command line words the
/// cases its flags gave.
public enum StudioError: Error, Equatable, CustomStringConvertible {
    case badPort(Int)
    case badHost(String)
    case cannotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .badPort(let port): return "port \(port) is outside 0…65535"
        case .badHost(let host): return "'\(host)' is not an IP address"
        case let .cannotListen(host, port, reason): return "cannot listen on \(host) port \(port): \(reason)"
        }
    }
}
