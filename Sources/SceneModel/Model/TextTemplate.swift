import Animation

/// A text built from variables: `"{city}: {temp:.1f}°"` whose placeholders
/// read variables the timeline moves, so the text is written anew each
/// frame. (Placeholders whose values are fixed are written in at load and
/// never reach here.)
public struct TextTemplate: Sendable, Equatable {
    public enum Piece: Sendable, Equatable {
        case literal(String)
        /// An expression of a number or a boolean, and how to write a number.
        case value(CompiledExpression, NumberFormat)
    }

    public var pieces: [Piece]

    public init(pieces: [Piece]) { self.pieces = pieces }

    /// The text, each expression evaluated by `evaluate`.
    public func text(_ evaluate: (CompiledExpression) -> ExpressionValue) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .literal(let s): result += s
            case let .value(e, format): result += format.write(evaluate(e))
            }
        }
        return result
    }
}

/// How a placeholder writes a number: `{x}` as the shortest decimal that
/// reads back as the number (`7`, `0.25`), `{x:.1f}` with fixed decimals (0…9),
/// `{x:d}` rounded to a whole number, and a width padded with spaces
/// (`{x:3d}`) or zeros (`{x:03d}`), as C's `printf` and Python's format do.
/// Rounding is halves away from zero, in Reel's own code, so every machine
/// writes the same digits.
public struct NumberFormat: Sendable, Equatable {
    /// Digits after the point; nil = the shortest exact form.
    public var decimals: Int?
    public var width: Int
    public var zeroPadded: Bool

    public static let shortest = NumberFormat(decimals: nil, width: 0, zeroPadded: false)

    public init(decimals: Int?, width: Int, zeroPadded: Bool) {
        self.decimals = decimals
        self.width = width
        self.zeroPadded = zeroPadded
    }

    /// Parses a format spec (the part after `:`): `[0][width][.decimals]f`
    /// or `[0][width]d`; nil if `spec` is not one.
    public init?(spec: String) {
        var chars = Array(spec)
        guard let last = chars.popLast(), last == "f" || last == "d" else { return nil }
        zeroPadded = chars.first == "0"
        if zeroPadded { chars.removeFirst() }
        let parts = String(chars).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts[0].allSatisfy(\.isASCIIDigit), parts[0].count <= 3 else { return nil }
        width = Int(parts[0]) ?? 0
        if parts.count == 2 {
            guard last == "f", parts[1].count == 1, parts[1].allSatisfy(\.isASCIIDigit) else { return nil }
            decimals = Int(parts[1])
        } else {
            decimals = last == "d" ? 0 : 6
        }
    }

    /// `value` written out; booleans as `true` / `false`.
    public func write(_ value: ExpressionValue) -> String {
        guard case .number(let v) = value else { return value.bool ? "true" : "false" }
        var text = digits(v)
        let pad = width - text.count
        guard pad > 0 else { return text }
        if zeroPadded {
            let negative = text.hasPrefix("-")
            if negative { text.removeFirst() }
            return (negative ? "-" : "") + String(repeating: "0", count: pad) + text
        }
        return String(repeating: " ", count: pad) + text
    }

    private func digits(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        guard let decimals else {
            if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int(v)) }
            return String(v)
        }
        let scaled = (Swift.abs(v) * (0..<decimals).reduce(1.0) { r, _ in r * 10 }).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return String(v) }
        var text = String(Int(scaled))
        if decimals > 0 {
            if text.count <= decimals { text = String(repeating: "0", count: decimals + 1 - text.count) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
        }
        return (v < 0 && scaled != 0 ? "-" : "") + text
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
