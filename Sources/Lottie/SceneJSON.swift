import SceneModel

/// The scene being written: a JSON tree whose objects keep their keys in
/// the order given, printed the way scene files in this repository are
/// laid out (two-space indents, short arrays on one line), so an imported
/// animation reads and edits like a hand-written scene.
public indirect enum SceneJSON: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([SceneJSON])
    case object([(String, SceneJSON)])

    public static func == (a: SceneJSON, b: SceneJSON) -> Bool { a.text == b.text }

    /// Numbers computed from the file (percentages, seconds) are kept to six
    /// decimals, which is far below a pixel and reads cleanly.
    static func rounded(_ x: Double) -> SceneJSON { .number((x * 1e6).rounded() / 1e6) }

    static func point(_ x: Double, _ y: Double) -> SceneJSON { .array([rounded(x), rounded(y)]) }

    /// The object with `key` set to `value` (replacing an earlier one).
    func with(_ key: String, _ value: SceneJSON) -> SceneJSON {
        guard case .object(var members) = self else { return self }
        if let i = members.firstIndex(where: { $0.0 == key }) { members[i].1 = value } else { members.append((key, value)) }
        return .object(members)
    }

    subscript(key: String) -> SceneJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Pretty-printed text, ending in a newline.
    public var text: String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private var inline: String? {
        switch self {
        case .number(let n): return JSONValue.format(n)
        case .string(let s): return JSONValue.quoted(s)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            let parts = items.compactMap(\.inline)
            guard parts.count == items.count else { return nil }
            let line = "[" + parts.joined(separator: ", ") + "]"
            return line.count <= 100 ? line : nil
        case .object(let members):
            guard members.count <= 4 else { return nil }
            var parts: [String] = []
            for (k, v) in members {
                guard let s = v.inline else { return nil }
                parts.append(JSONValue.quoted(k) + ": " + s)
            }
            let line = "{" + parts.joined(separator: ", ") + "}"
            return line.count <= 100 ? line : nil
        }
    }

    private func write(into out: inout String, indent: String) {
        if let s = inline {
            out += s
            return
        }
        let inner = indent + "  "
        switch self {
        case .array(let items):
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            out += "{\n"
            for (i, (k, v)) in members.enumerated() {
                out += inner + JSONValue.quoted(k) + ": "
                v.write(into: &out, indent: inner)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        default:
            break
        }
    }
}
