/// A strict JSON (RFC 8259) parser that records the line and column of every
/// value and key.
///
/// Foundation's decoder on Linux reports no position for syntax errors,
/// accepts trailing commas and keeps one of two duplicate keys silently;
/// scene files are edited by hand, so Reel reads them with this instead.
public struct JSONParser {
    /// Nesting beyond this is refused while parsing: the parser recurses
    /// once per level, and a scene's deepest useful nesting
    /// (`SceneDecoder.maxNesting` groups, each an object and a `children`
    /// array, then a keyframed point) is about 70.
    public static let maxDepth = 128

    public struct SyntaxError: Error, Sendable, Equatable {
        public var location: SourceLocation
        public var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The column of `columnIndex`, the last position `location()` counted to.
    private var columnIndex = 0, column = 1

    /// Parses one JSON document from UTF-8 bytes (a leading BOM is skipped).
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var p = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.index = 3; p.lineStart = 3 }
        p.skipWhitespace()
        let value = try p.parseValue(depth: 0)
        p.skipWhitespace()
        if p.index < bytes.count { throw p.error("unexpected \(p.describeCurrent()) after the end of the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Column in Unicode scalars: count the bytes of the line that start a
    /// scalar. Counting resumes from the last position asked for, so a long
    /// line (a minified file) costs its length once, not once per value.
    private mutating func location() -> SourceLocation {
        if columnIndex < lineStart || columnIndex > index { columnIndex = lineStart; column = 1 }
        while columnIndex < index {
            if bytes[columnIndex] & 0xC0 != 0x80 { column += 1 }
            columnIndex += 1
        }
        return SourceLocation(line: line, column: column)
    }

    private mutating func error(_ message: String) -> SyntaxError {
        SyntaxError(location: location(), message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return describe(byte: b)
    }

    private func describe(byte b: UInt8) -> String {
        switch b {
        case 0x0A: return "a line break"
        case 0x09: return "a tab"
        default: return "byte 0x" + String(b, radix: 16, uppercase: true)
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels; the limit is \(JSONParser.maxDepth) levels of arrays and objects (see docs/LIMITS.md)") }
        let start = location()
        guard index < bytes.count else { throw error("expected a value, found end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue(kind: try parseObject(depth: depth), location: start)
        case UInt8(ascii: "["): return JSONValue(kind: try parseArray(depth: depth), location: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try parseNumber()), location: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONValue(kind: .bool(true), location: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONValue(kind: .bool(false), location: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONValue(kind: .null, location: start)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers")
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + w.count <= bytes.count, bytes[index..<index + w.count].elementsEqual(w) else {
            throw error("expected a value, found \(describeCurrent())")
        }
        index += w.count
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue.Kind {
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                    throw error("trailing comma before '}'")
                }
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyLocation = location()
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found end of file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}', found \(describeCurrent())")
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue.Kind {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                throw error("trailing comma before ']'")
            }
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found end of file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']', found \(describeCurrent())")
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ p: inout JSONParser, _ end: Int) throws(SyntaxError) {
            guard runStart < end else { return }
            guard let s = String(validating: p.bytes[runStart..<end], as: UTF8.self) else {
                throw p.error("invalid UTF-8 in string")
            }
            scalars.append(contentsOf: s.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                try flush(&self, index)
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw error("control character in string (escape it)") }
            if b != UInt8(ascii: "\\") { index += 1; continue }
            try flush(&self, index)
            index += 1
            guard index < bytes.count else { throw error("unterminated string") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                          bytes[index + 1] == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let s = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(s)
            default:
                index -= 1
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
            }
            runStart = index
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let d = hexDigit(bytes[index]) else { throw error("expected 4 hex digits after \\u") }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    private func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while p.index < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.index]) { p.index += 1 }
            return p.index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let intDigits = digits(&self)
        if intDigits == 0 { throw error("expected a digit") }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") {
            index = intStart
            throw error("numbers cannot have leading zeros")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("expected a digit after '.'") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            if digits(&self) == 0 { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            index = start
            throw error("number \(text) is out of range")
        }
        return v
    }
}
