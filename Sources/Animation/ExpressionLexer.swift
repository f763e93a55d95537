/// One token of an expression, with its position for error messages.
struct ExpressionToken: Sendable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case identifier(String)
        /// A quoted colour literal's contents, without the quotes.
        case string(String)
        case symbol(Symbol)
        case end
    }

    enum Symbol: String, Sendable {
        case plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
        case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
        case equal = "==", notEqual = "!=", and = "&&", or = "||", not = "!"
        case question = "?", colon = ":", leftParen = "(", rightParen = ")", comma = ",", dot = "."
    }

    let kind: Kind
    /// 0-based offset in Unicode scalars into the expression.
    let offset: Int
    /// The source text, for "found …" in messages.
    let text: String

    /// How a message names this token: `'x'`, or the end.
    var described: String {
        kind == .end ? "the end of the expression" : "'\(text)'"
    }
}

/// Splits an expression into tokens. Numbers are decimal (`2`, `0.5`, `.5`,
/// `1e-3`); identifiers are letters, digits and `_`, not starting with a
/// digit; colour literals are quoted with `"` or `'` (the latter saves
/// escaping inside JSON).
struct ExpressionLexer {
    private let scalars: [Unicode.Scalar]
    private var i = 0

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    static func tokens(of source: String) throws(ExpressionError) -> [ExpressionToken] {
        var lexer = ExpressionLexer(source)
        var tokens: [ExpressionToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func next() throws(ExpressionError) -> ExpressionToken {
        while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
        let start = i
        guard i < scalars.count else { return ExpressionToken(kind: .end, offset: start, text: "") }
        let c = scalars[i]
        if isDigit(c) || (c == "." && i + 1 < scalars.count && isDigit(scalars[i + 1])) {
            return try number()
        }
        if isIdentifierStart(c) {
            while i < scalars.count, isIdentifierStart(scalars[i]) || isDigit(scalars[i]) { i += 1 }
            let name = text(start, i)
            return ExpressionToken(kind: .identifier(name), offset: start, text: name)
        }
        if c == "\"" || c == "'" {
            i += 1
            while i < scalars.count, scalars[i] != c { i += 1 }
            guard i < scalars.count else { throw ExpressionError(offset: start, problem: .unterminatedColor) }
            i += 1
            return ExpressionToken(kind: .string(text(start + 1, i - 1)), offset: start, text: text(start, i))
        }
        for length in [2, 1] where i + length <= scalars.count {
            if let symbol = ExpressionToken.Symbol(rawValue: text(i, i + length)) {
                i += length
                return ExpressionToken(kind: .symbol(symbol), offset: start, text: symbol.rawValue)
            }
        }
        let suggestion: String? = switch c {
        case "=": "=="
        case "&": "&&"
        case "|": "||"
        default: nil
        }
        throw ExpressionError(offset: start, problem: .unexpectedCharacter(c, suggestion: suggestion))
    }

    private mutating func number() throws(ExpressionError) -> ExpressionToken {
        let start = i
        while i < scalars.count, isDigit(scalars[i]) { i += 1 }
        if i < scalars.count, scalars[i] == "." {
            i += 1
            while i < scalars.count, isDigit(scalars[i]) { i += 1 }
        }
        if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
            i += 1
            if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" { i += 1 }
            let digits = i
            while i < scalars.count, isDigit(scalars[i]) { i += 1 }
            if i == digits {
                while i < scalars.count, isIdentifierStart(scalars[i]) || isDigit(scalars[i]) { i += 1 }
                throw ExpressionError(offset: start, problem: .invalidNumber(text(start, i)))
            }
        }
        let literal = text(start, i)
        guard let value = Double(literal) else {
            throw ExpressionError(offset: start, problem: .invalidNumber(literal))
        }
        return ExpressionToken(kind: .number(value), offset: start, text: literal)
    }

    private func text(_ from: Int, _ to: Int) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[from..<to])
        return String(s)
    }

    private func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || (c.properties.isAlphabetic && !isDigit(c))
    }
}
