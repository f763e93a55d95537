/// One element of a list parameter: a number, a string, a boolean, or a
/// record of those (a row of a table: `{"label": "Mon", "value": 3}`).
/// Records hold scalars only, so a `forEach` binds each field to one name
/// (`item.label`) that expressions and placeholders read as a constant.
public enum ListItem: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case record([Field])

    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: ListItem

        public init(name: String, value: ListItem) {
            self.name = name
            self.value = value
        }
    }

    /// The list as compact JSON, as a user would write it.
    public static func json(_ items: [ListItem]) -> String {
        "[" + items.map(\.json).joined(separator: ",") + "]"
    }

    var json: String {
        switch self {
        case .number(let n): return JSONValue.format(n)
        case .string(let s): return JSONValue.quoted(s)
        case .bool(let b): return b ? "true" : "false"
        case .record(let fields): return "{" + fields.map { JSONValue.quoted($0.name) + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }

    /// `value` as list items, or what is wrong with it (a message that
    /// follows "expected a list…, found").
    static func items(of value: JSONValue, limit: Int) -> Result<[ListItem], ListProblem> {
        guard case .array(let elements) = value.kind else { return .failure(.notAList(value)) }
        guard elements.count <= limit else { return .failure(.tooLong(elements.count)) }
        var items: [ListItem] = []
        items.reserveCapacity(elements.count)
        for (i, e) in elements.enumerated() {
            if let scalar = scalar(e) { items.append(scalar); continue }
            guard case .object(let members) = e.kind else { return .failure(.badItem(i, e)) }
            var fields: [Field] = []
            for m in members {
                guard let v = scalar(m.value) else { return .failure(.badField(i, m.key, m.value)) }
                guard !fields.contains(where: { $0.name == m.key }) else { return .failure(.duplicateField(i, m.key)) }
                fields.append(Field(name: m.key, value: v))
            }
            items.append(.record(fields))
        }
        return .success(items)
    }

    private static func scalar(_ v: JSONValue) -> ListItem? {
        switch v.kind {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        default: return nil
        }
    }
}

/// Why a JSON value is not a list parameter's value.
enum ListProblem: Error {
    case notAList(JSONValue)
    case tooLong(Int)
    case badItem(Int, JSONValue)
    case badField(Int, String, JSONValue)
    case duplicateField(Int, String)

    var message: String {
        switch self {
        case .notAList(let v): return "expected \(ParameterKind.list), found \(v.summary)"
        case .tooLong(let n):
            return SceneDecoder.overLimit("a list of \(n) items", limit: "\(SceneDecoder.maxListItems) items per list")
        case let .badItem(i, v): return "item \(i): expected a number, a string, true/false or an object of those, found \(v.summary)"
        case let .badField(i, key, v): return "item \(i), \"\(key)\": expected a number, a string or true/false, found \(v.summary)"
        case let .duplicateField(i, key): return "item \(i): duplicate key \"\(key)\""
        }
    }
}
