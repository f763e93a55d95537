import Animation
import Geometry

/// Readers for `text` nodes.
extension SceneDecoder {
    /// SwiftUI's text styles, in points.
    static let textStyles: [(name: String, size: Double)] = [
        ("largeTitle", 34), ("title", 28), ("title2", 22), ("title3", 20), ("headline", 17), ("body", 17),
        ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption", 12),
    ]

    mutating func text(_ fields: inout Fields) -> TextNode? {
        let f = fields.object, path = fields.path
        guard let text = required(f, "text", path, { d, v, p in d.animatedString(v, p) }) else {
            fields.ok = false
            return nil
        }
        var node = TextNode(text: text)
        node.source = Diagnostic(file: file, location: f.value.location, path: path.description, message: "")
        node.fonts = fields.read(&self, "font") { d, v, p in d.fontNames(v, p) } ?? []
        node.glyphs = fields.read(&self, "glyphs") { d, v, p in d.glyphOutlines(v, p) }
        if f["font"] != nil && f["glyphs"] != nil {
            report(f.value.location, path, "text takes \"font\" or \"glyphs\", not both")
            fields.ok = false
        }
        node.size = fields.read(&self, "size") { d, v, p in d.textSize(v, p) } ?? .constant(17)
        node.weight = fields.read(&self, "weight") { d, v, p in d.word(v, p, as: FontWeight.self) } ?? .regular
        let color = fields.read(&self, "color") { d, v, p in d.animatedColor(v, p) }
        let fill = fields.read(&self, "fill") { d, v, p in d.paint(v, p) }
        if color != nil && fill != nil {
            report(f.value.location, path, "text takes \"color\" or \"fill\", not both")
            fields.ok = false
        }
        node.fill = fill ?? color.map { .color($0) } ?? .color(.constant(.black))
        node.stroke = fields.read(&self, "stroke") { d, v, p in d.stroke(v, p) }
        node.align = fields.read(&self, "align") { d, v, p in d.word(v, p, as: TextAlignment.self) } ?? .leading
        node.width = fields.read(&self, "width") { d, v, p in d.animatedNumber(v, p, atLeast: 0) }
        node.lineSpacing = fields.read(&self, "lineSpacing") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
        node.tracking = fields.read(&self, "tracking") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
        node.trim = fields.read(&self, "trim") { d, v, p in d.trim(v, p) }
        node.animators = fields.read(&self, "animators") { d, v, p in d.textAnimators(v, p) } ?? []
        if node.trim != nil && f["animators"] != nil {
            report(f.value.location, path, "text takes \"trim\" or \"animators\", not both")
            fields.ok = false
        }
        return node
    }

    /// A string, `{"pick": [strings], "index": n}` or `{"expr": …, "format": …}`.
    private mutating func animatedString(_ v: JSONValue, _ path: JSONPath) -> AnimatedString? {
        if v["expr"] != nil { return textExpression(v, path) }
        if case .object = v.kind {
            guard let f = object(v, path) else { return nil }
            f.checkKeys(.choice, into: &self)
            let p = path.key("pick")
            guard let list = f["pick"], case .array(let items) = list.kind, !items.isEmpty else {
                if let list = f["pick"] { expected("a non-empty array of strings", list, p) }
                else { report(v.location, path, "expected a string, {\"pick\": [strings], \"index\": n} or {\"expr\": …, \"format\": …}") }
                return nil
            }
            let strings = items.enumerated().map { i, item -> String? in
                guard withinLength(item, p.index(i), "a text", limit: Self.maxTextLength),
                      let s = string(item, p.index(i)),
                      case .constant(let text)? = placeholders(s, item, p.index(i), fixedOnly: true) else { return nil }
                return text
            }
            let index = required(f, "index", path) { d, v, p in d.animatedNumber(v, p) }
            guard !strings.contains(where: { $0 == nil }), let index else { return nil }
            return .pick(strings.map { $0! }, index: index)
        }
        guard withinLength(v, path, "a text", limit: Self.maxTextLength), let s = string(v, path) else { return nil }
        return placeholders(s, v, path)
    }

    /// A font name in `assets.fonts`, or a fallback list of them.
    private mutating func fontNames(_ v: JSONValue, _ path: JSONPath) -> [String]? {
        func name(_ d: inout SceneDecoder, _ v: JSONValue, _ p: JSONPath) -> String? {
            guard let n = d.string(v, p) else { return nil }
            guard d.assets.fonts[n] != nil else {
                let known = d.assets.fonts.keys.sorted()
                var message = "no font named \"\(n)\" in assets.fonts"
                message += known.isEmpty ? " (the scene declares none)" : " (declared: \(known.joined(separator: ", ")))"
                if let m = NameSuggestion.closest(to: n, in: known) { message += "; did you mean \"\(m)\"?" }
                d.report(v.location, p, message)
                return nil
            }
            return n
        }
        if case .array(let items) = v.kind {
            guard !items.isEmpty else { expected("a font name or a non-empty list of them", v, path); return nil }
            let names = items.enumerated().map { name(&self, $1, path.index($0)) }
            return names.contains { $0 == nil } ? nil : names.map { $0! }
        }
        return name(&self, v, path).map { [$0] }
    }

    /// Points, or a SwiftUI text style name.
    private mutating func textSize(_ v: JSONValue, _ path: JSONPath) -> Animated<Double>? {
        if case .string(let s) = v.kind {
            if let style = Self.textStyles.first(where: { $0.name == s }) { return .constant(style.size) }
            let names = Self.textStyles.map(\.name)
            var message = "expected a size in points or a text style (\(names.joined(separator: ", "))), found \(v.summary)"
            if let m = NameSuggestion.closest(to: s, in: names) { message += "; did you mean \"\(m)\"?" }
            report(v.location, path, message)
            return nil
        }
        return animatedNumber(v, path, greaterThan: 0)
    }
}
