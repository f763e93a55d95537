import Animation
/// The members of one JSON object while it is decoded: looks keys up, and at
/// the end reports duplicates and keys the format does not know.
struct ObjectFields {
    let value: JSONValue
    let path: JSONPath
    private var first: [String: JSONValue.Member] = [:]
    private let members: [JSONValue.Member]

    init(_ value: JSONValue, path: JSONPath, members: [JSONValue.Member]) {
        self.value = value
        self.path = path
        self.members = members
        for m in members where first[m.key] == nil { first[m.key] = m }
    }

    subscript(key: String) -> JSONValue? { first[key]?.value }

    func has(_ key: String) -> Bool { first[key] != nil }

    /// Reports duplicate keys and keys not in `allowed` (with a suggestion).
    func checkKeys(allowed: [String], context: String, into d: inout SceneDecoder) {
        var seen = Set<String>()
        for m in members {
            if !seen.insert(m.key).inserted {
                d.report(m.keyLocation, path.key(m.key), "duplicate key \"\(m.key)\"")
                continue
            }
            if allowed.contains(m.key) { continue }
            var message = "unknown key \"\(m.key)\" in \(context)"
            if let s = NameSuggestion.closest(to: m.key, in: allowed) { message += "; did you mean \"\(s)\"?" }
            d.report(m.keyLocation, path.key(m.key), message)
        }
    }
}
