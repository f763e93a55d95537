/// Where a value starts in its source file: 1-based line and column, the
/// column counted in Unicode scalars (what editors show).
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it came from, so every later
/// complaint about it can name a line and column.
public struct JSONValue: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in file order; duplicates are kept so the decoder can report them.
        case object([Member])
    }

    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSONValue
    }

    public var kind: Kind
    public var location: SourceLocation

    /// The member `key` of an object (the first, if repeated); nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// For `{"keyframes": [{"value": …}, …]}`, the first key's value: what
    /// type a keyframed property holds is decided by it.
    var firstKeyframeValue: JSONValue? {
        guard case .array(let keys)? = self["keyframes"]?.kind else { return nil }
        return keys.first?["value"]
    }

    /// How a value is named in "expected …, found …" messages.
    public var summary: String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONValue.format(n)
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array(let items):
            switch items.count {
            case 0: return "an empty array"
            case 1: return "an array of 1 item"
            default: return "an array of \(items.count) items"
            }
        case .object: return "an object"
        }
    }

    /// Shortest plain rendering of a number: integers without a fraction.
    public static func format(_ n: Double) -> String {
        if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    /// The value as compact JSON text.
    public var compact: String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONValue.format(n)
        case .string(let s): return JSONValue.quoted(s)
        case .array(let items): return "[" + items.map(\.compact).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { JSONValue.quoted($0.key) + ":" + $0.value.compact }.joined(separator: ",") + "}"
        }
    }

    /// `s` as a JSON string literal.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
