import Animation

/// A text whose content is an expression: `{"expr": "n", "format": "d"}`
/// writes what `"{n:d}"` writes — the same expressions, number formats and
/// fixed-value shortcut as placeholders — without a template around it.
extension SceneDecoder {
    /// `{"expr": …, "format": …}` as a text; nil after reporting.
    mutating func textExpression(_ v: JSONValue, _ path: JSONPath) -> AnimatedString? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.textExpression, into: &self)
        var fields = Fields(f, path)
        let format = fields.read(&self, "format") { d, v, p -> NumberFormat? in
            guard case .string(let spec) = v.kind, let format = NumberFormat(spec: spec) else {
                d.expected("a number format (\"d\", \".1f\", \"03d\", …)", v, p)
                return nil
            }
            return format
        } ?? .shortest
        let p = path.key("expr")
        guard let source = f["expr"], let expression = compile(source, p), fields.ok else { return nil }
        guard Self.writable.contains(expression.type) else {
            report(source.location, p, "expected an expression giving a number or a boolean, found one giving \(expression.type)")
            return nil
        }
        switch valuePiece(expression, format, fixedOnly: false) {
        case .literal(let text)?: return .constant(text)
        case let piece?: return .template(TextTemplate(pieces: [piece]))
        case nil: return nil
        }
    }
}
