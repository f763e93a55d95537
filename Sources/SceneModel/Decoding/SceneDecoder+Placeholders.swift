import Animation

/// Text placeholders: `"{city}: {temp:.1f}°"`. A placeholder holds a string
/// parameter's name, or an expression of a number or a boolean followed by an
/// optional number format after the last `:` (see `NumberFormat`); `{{` and
/// `}}` write braces. Braces need no escaping in JSON and read as they do in
/// Python's and Swift's string formatting, which is why this syntax was chosen.
///
/// Placeholders whose values are fixed for the render (strings, parameters
/// no event moves) are written in at load, so the text stays a constant that
/// is laid out once; the rest make a `TextTemplate`.
extension SceneDecoder {
    /// The text of `s` (the string at `v`) with its placeholders: a constant
    /// when every value is fixed, else a template; nil after reporting an
    /// error. `fixedOnly` refuses values that change (texts in a `pick`).
    mutating func placeholders(_ s: String, _ v: JSONValue, _ path: JSONPath, fixedOnly: Bool = false) -> AnimatedString? {
        guard s.contains("{") || s.contains("}") else { return .constant(s) }
        var pieces: [TextTemplate.Piece] = []
        var literal = ""
        var chars = s[...]
        var ok = true
        while let c = chars.popFirst() {
            if (c == "{" || c == "}") && chars.first == c {
                chars.removeFirst()
                literal.append(c)
            } else if c == "{" {
                guard let end = chars.firstIndex(of: "}") else {
                    report(v.location, path, "unclosed placeholder in \(v.summary): write {{ for a brace")
                    return nil
                }
                let inner = String(chars[..<end])
                chars = chars[chars.index(after: end)...]
                guard let piece = placeholder(inner, v, path, fixedOnly: fixedOnly) else { ok = false; continue }
                if case .literal(let text) = piece { literal += text; continue }
                if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" }
                pieces.append(piece)
            } else {
                literal.append(c)
            }
        }
        guard ok else { return nil }
        if pieces.isEmpty { return .constant(literal) }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return .template(TextTemplate(pieces: pieces))
    }

    /// One placeholder's contents (between the braces).
    private mutating func placeholder(_ inner: String, _ v: JSONValue, _ path: JSONPath,
                                      fixedOnly: Bool) -> TextTemplate.Piece? {
        var source = inner, format = NumberFormat.shortest
        if let colon = inner.lastIndex(of: ":"),
           let f = NumberFormat(spec: inner[inner.index(after: colon)...].trimmingSpaces) {
            source = String(inner[..<colon])
            format = f
        }
        let name = source.trimmingSpaces
        func fail(_ message: String) -> TextTemplate.Piece? {
            report(v.location, path, "placeholder {\(inner)}: \(message)")
            return nil
        }
        switch fixedParameter(name) {
        case .string(let s)?: return .literal(s)
        case .image?: return fail("'\(name)' is an image; only strings, numbers and booleans can be written in text")
        case .audio?: return fail("'\(name)' is a sound; only strings, numbers and booleans can be written in text")
        case .video?: return fail("'\(name)' is a video; only strings, numbers and booleans can be written in text")
        default: break
        }
        let expression: CompiledExpression
        do {
            expression = try CompiledExpression(source, symbols: symbols)
        } catch {
            let strings = parameters.filter { $0.kind == .string }.map(\.name)
            return fail(error.errors.map { e in
                if case .unknownName(let n, nil) = e.problem, let s = NameSuggestion.closest(to: n, in: strings) {
                    return "unknown name '\(n)'; did you mean '\(s)'?"
                }
                return e.message
            }.joined(separator: "; "))
        }
        guard Self.writable.contains(expression.type) else {
            return fail("expected a number, a boolean or a string parameter, found \(expression.type)")
        }
        guard let piece = valuePiece(expression, format, fixedOnly: fixedOnly) else {
            return fail("a text of a pick cannot change over time; use a plain text")
        }
        return piece
    }

    /// The types an expression may have to be written in a text.
    static let writable: [ValueType] = [.number, .bool]

    /// A text piece writing `expression` (a number or a boolean) in `format`:
    /// the text itself when its value is fixed for the render, else the
    /// expression, to be written anew each frame. Nil when `fixedOnly` and
    /// the value changes.
    func valuePiece(_ expression: CompiledExpression, _ format: NumberFormat, fixedOnly: Bool) -> TextTemplate.Piece? {
        guard expression.isFixed(in: timelineInForce) else { return fixedOnly ? nil : .value(expression, format) }
        let context = TimelineContext(timeline: timelineInForce, time: 0, frame: 0, seed: seed)
        return .literal(format.write(expression.evaluate(in: context)))
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
