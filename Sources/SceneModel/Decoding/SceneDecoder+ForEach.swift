import Animation
import Geometry

/// SwiftUI's `ForEach` over a list parameter: its content decoded once per
/// item, with the item and its index bound to names that expressions and
/// placeholders read as constants. It stands in a list of nodes (layers,
/// children, a stack's children) and adds its copies there, so a stack lays
/// them out and a chart's bars are built from a data row.
extension SceneDecoder {
    static let forEachKeys = ["type", "in", "item", "index", "content"]

    static func isForEach(_ v: JSONValue) -> Bool {
        if case .string("forEach")? = v["type"]?.kind { return true }
        return false
    }

    /// The nodes of a `forEach` at `path`.
    mutating func forEach(_ v: JSONValue, _ path: JSONPath) -> [Node] {
        guard let f = object(v, path) else { return [] }
        f.checkKeys(allowed: Self.forEachKeys, context: "a forEach", into: &self)
        var fields = Fields(f, path)
        let list = required(f, "in", path) { d, v, p in d.forEachList(v, p) }
        let itemName = fields.read(&self, "item") { d, v, p in d.boundName(v, p) } ?? "item"
        let indexName = fields.read(&self, "index") { d, v, p in d.boundName(v, p) } ?? "index"
        guard let content = f["content"] else {
            report(v.location, path, "missing required key \"content\" (the node, or array of nodes, drawn for each item)")
            return []
        }
        guard fields.ok, let list else { return [] }
        var nodes: [Node] = []
        for (i, item) in list.items.enumerated() {
            let saved = saveScope()
            scope.trail.append("for item \(i) of \(list.name)")
            var constants: [(name: String, value: ExpressionValue)] = [(indexName, .number(Double(i)))]
            bind(item, as: itemName, into: &constants)
            symbols = symbols.adding(constants: constants)
            if case .array = content.kind {
                nodes += self.nodes(content, path.key("content"))
            } else if let node = node(content, path.key("content")) {
                nodes.append(node)
            }
            restore(saved)
        }
        return nodes
    }

    /// The list a `forEach` runs over: a list parameter's name, or the list
    /// written in place.
    private mutating func forEachList(_ v: JSONValue, _ path: JSONPath) -> (name: String, items: [ListItem])? {
        if case .string(let name) = v.kind {
            guard let p = parameters.first(where: { $0.name == name }) else {
                let lists = parameters.filter { $0.kind == .list }.map(\.name)
                var message = "unknown list \"\(name)\""
                if let s = NameSuggestion.closest(to: name, in: lists) { message += "; did you mean \"\(s)\"?" }
                else if lists.isEmpty { message += "; declare it in \"variables\" as {\"list\": […]}" }
                report(v.location, path, message)
                return nil
            }
            guard case .list(let items)? = p.value else {
                report(v.location, path, "\"\(name)\" is \(p.kind), not a list; declare it as {\"list\": […]}")
                return nil
            }
            return ("\"\(name)\"", items)
        }
        switch ListItem.items(of: v, limit: Self.maxListItems) {
        case .success(let items): return ("the list", items)
        case .failure(let problem):
            report(v.location, path, problem.message)
            return nil
        }
    }

    /// A name for `item` or `index`: an identifier expressions can spell.
    private mutating func boundName(_ v: JSONValue, _ path: JSONPath) -> String? {
        guard let name = string(v, path) else { return nil }
        let ok = name.first.map { $0.isLetter || $0 == "_" } ?? false
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && !ExpressionSymbols.builtinNames.contains(name)
        guard ok else { expected("a name of letters, digits and _ (not t, frame, pi, true or false)", v, path); return nil }
        return name
    }

    /// Binds `item` to `name` (a record's fields to `name.field`): numbers
    /// and booleans for expressions, strings for placeholders, and a
    /// string that spells a colour for both.
    private mutating func bind(_ item: ListItem, as name: String, into constants: inout [(name: String, value: ExpressionValue)]) {
        switch item {
        case .number(let n): constants.append((name, .number(n)))
        case .bool(let b): constants.append((name, .bool(b)))
        case .string(let s):
            itemStrings[name] = s
            if let c = ColorLiteral.parse(s) { constants.append((name, .color(c))) }
        case .record(let fields):
            for field in fields { bind(field.value, as: name + "." + field.name, into: &constants) }
        }
    }
}
