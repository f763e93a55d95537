import SceneModel

/// A list parameter's items as JSON of their own types in `reel info --json`.
extension ListItem: Encodable {
    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .number(let n): var c = encoder.singleValueContainer(); try c.encode(n)
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .record(let fields):
            var c = encoder.container(keyedBy: Key.self)
            for f in fields { try c.encode(f.value, forKey: Key(stringValue: f.name)) }
        }
    }
}
