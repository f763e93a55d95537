extension Path {
    /// Reads SVG path data (the `d` attribute): every command of SVG 1.1
    /// §8.3 in absolute and relative form, implicit repeats (extra pairs after
    /// M are lines), the compact number syntax ("1.5.5", "-1-2", "1e-3") and
    /// arc flags written without separators ("a1 1 0 00 1 1").
    ///
    /// Empty or all-blank data is an empty path. The first problem found is
    /// thrown with its offset; nothing is drawn from invalid data (browsers
    /// would draw up to the error, but a scene is better refused at load).
    ///
    /// More than `maxSegments` elements (moves, lines, curves, closes) stop
    /// the parse with `tooManySegments`, so huge data costs no more than the
    /// limit.
    public init(svgData: String, maxSegments: Int = .max) throws(SVGPathError) {
        var parser = SVGPathParser(svgData, maxSegments: maxSegments)
        self = try parser.parse()
    }
}

/// A single-pass reader of SVG path data: scalars in, path elements out.
///
/// Smooth curves (S, T) reflect the previous control point only when the
/// previous command was of the same family (C/S, resp. Q/T), as SVG says;
/// a drawing command after Z starts a new sub-path at the closed one's start.
struct SVGPathParser {
    private let text: [Unicode.Scalar]
    private var i = 0
    private var path = Path()
    private var current = Point.zero
    private var subpathStart = Point.zero
    /// The last cubic's second control point when the previous command was C or S.
    private var cubicControl: Point?
    /// The last quadratic's control point when the previous command was Q or T.
    private var quadControl: Point?
    /// Set by Z until the next command draws.
    private var closed = false
    private let maxSegments: Int

    init(_ data: String, maxSegments: Int) {
        text = Array(data.unicodeScalars)
        self.maxSegments = maxSegments
    }

    mutating func parse() throws(SVGPathError) -> Path {
        skipWhitespace()
        guard i < text.count else { return path }
        let first = text[i]
        if first != "M" && first != "m" {
            if SVGPathParser.isCommand(first) || SVGPathParser.isNumberStart(first) {
                throw SVGPathError(.missingMoveto, at: i)
            }
            throw SVGPathError(.unknownCommand(Character(first)), at: i)
        }
        while true {
            skipWhitespace()
            guard i < text.count else { return path }
            let c = text[i]
            guard SVGPathParser.isCommand(c) else {
                if SVGPathParser.isNumberStart(c) { throw SVGPathError(.expectedCommand(found: Character(c)), at: i) }
                throw SVGPathError(.unknownCommand(Character(c)), at: i)
            }
            i += 1
            try command(Character(c))
        }
    }

    /// Reads one command's argument sets (one or more; none for Z) and
    /// appends what they draw.
    private mutating func command(_ c: Character) throws(SVGPathError) {
        let relative = c.isLowercase
        let origin = { (p: Point, current: Point) in relative ? current + p : p }
        if c == "Z" || c == "z" {
            if !closed {
                path.close()
                closed = true
                if path.elements.count > maxSegments { throw SVGPathError(.tooManySegments(limit: maxSegments), at: i) }
            }
            current = subpathStart
            cubicControl = nil; quadControl = nil
            return
        }
        var firstSet = true
        repeat {
            var cubic: Point?, quad: Point?
            switch c {
            case "M", "m":
                let p = origin(try pair(c, leading: firstSet), current)
                if firstSet {
                    path.move(to: p)
                    subpathStart = p
                    closed = false
                } else {
                    startDrawing()
                    path.line(to: p)
                }
                current = p
            case "L", "l":
                let p = origin(try pair(c, leading: firstSet), current)
                startDrawing(); path.line(to: p); current = p
            case "H", "h":
                let x = try number(c, leading: firstSet)
                let p = Point(relative ? current.x + x : x, current.y)
                startDrawing(); path.line(to: p); current = p
            case "V", "v":
                let y = try number(c, leading: firstSet)
                let p = Point(current.x, relative ? current.y + y : y)
                startDrawing(); path.line(to: p); current = p
            case "C", "c":
                let c1 = origin(try pair(c, leading: firstSet), current)
                let c2 = origin(try pair(c, leading: false), current)
                let p = origin(try pair(c, leading: false), current)
                startDrawing(); path.cubic(to: p, control1: c1, control2: c2)
                current = p; cubic = c2
            case "S", "s":
                let c2 = origin(try pair(c, leading: firstSet), current)
                let p = origin(try pair(c, leading: false), current)
                let c1 = cubicControl.map { current * 2 - $0 } ?? current
                startDrawing(); path.cubic(to: p, control1: c1, control2: c2)
                current = p; cubic = c2
            case "Q", "q":
                let k = origin(try pair(c, leading: firstSet), current)
                let p = origin(try pair(c, leading: false), current)
                startDrawing(); path.quad(to: p, control: k)
                current = p; quad = k
            case "T", "t":
                let p = origin(try pair(c, leading: firstSet), current)
                let k = quadControl.map { current * 2 - $0 } ?? current
                startDrawing(); path.quad(to: p, control: k)
                current = p; quad = k
            default: // "A", "a"
                let rx = try number(c, leading: firstSet)
                let ry = try number(c, leading: false)
                let rotation = try number(c, leading: false)
                let largeArc = try flag(c)
                let sweep = try flag(c)
                let p = origin(try pair(c, leading: false), current)
                startDrawing()
                path.addSVGArc(from: current, to: p, radii: Size(rx, ry), rotation: rotation,
                               largeArc: largeArc, sweep: sweep)
                current = p
            }
            cubicControl = cubic
            quadControl = quad
            firstSet = false
            if path.elements.count > maxSegments { throw SVGPathError(.tooManySegments(limit: maxSegments), at: i) }
        } while try moreArguments(c)
    }

    /// After Z, drawing starts a new sub-path where the closed one started.
    private mutating func startDrawing() {
        if closed {
            path.move(to: subpathStart)
            closed = false
        }
    }

    /// Whether another argument set follows; a separating comma with no
    /// number after it is an error.
    private mutating func moreArguments(_ c: Character) throws(SVGPathError) -> Bool {
        let comma = skipCommaWhitespace()
        if i < text.count && SVGPathParser.isNumberStart(text[i]) { return true }
        if comma { throw SVGPathError(.expectedNumber(command: c), at: i) }
        return false
    }

    private mutating func pair(_ c: Character, leading: Bool) throws(SVGPathError) -> Point {
        let x = try number(c, leading: leading)
        return Point(x, try number(c, leading: false))
    }

    /// A number per the SVG grammar: sign? (digits ("." digits?)? | "." digits)
    /// exponent?. The first argument after a command letter may be preceded
    /// by blanks only; later ones by blanks and at most one comma.
    private mutating func number(_ c: Character, leading: Bool) throws(SVGPathError) -> Double {
        if leading { skipWhitespace() } else { skipCommaWhitespace() }
        let start = i
        if i < text.count && (text[i] == "+" || text[i] == "-") { i += 1 }
        var digits = skipDigits()
        if i < text.count && text[i] == "." {
            i += 1
            digits += skipDigits()
        }
        guard digits > 0 else {
            i = start
            throw SVGPathError(.expectedNumber(command: c), at: start)
        }
        if i < text.count && (text[i] == "e" || text[i] == "E") {
            i += 1
            if i < text.count && (text[i] == "+" || text[i] == "-") { i += 1 }
            guard skipDigits() > 0 else { throw SVGPathError(.expectedExponentDigits, at: i) }
        }
        // Swift's parser rounds correctly, so the value is the same everywhere.
        guard let value = Double(String(String.UnicodeScalarView(text[start..<i]))), value.isFinite else {
            throw SVGPathError(.numberOutOfRange, at: start)
        }
        return value
    }

    /// An arc flag: a single 0 or 1, which needs no separator after it.
    private mutating func flag(_ c: Character) throws(SVGPathError) -> Bool {
        skipCommaWhitespace()
        guard i < text.count, text[i] == "0" || text[i] == "1" else {
            throw SVGPathError(.expectedFlag(command: c), at: i)
        }
        i += 1
        return text[i - 1] == "1"
    }

    private mutating func skipDigits() -> Int {
        let start = i
        while i < text.count, ("0"..."9").contains(text[i]) { i += 1 }
        return i - start
    }

    private mutating func skipWhitespace() {
        while i < text.count, SVGPathParser.isWhitespace(text[i]) { i += 1 }
    }

    /// Skips blanks with at most one comma among them; returns whether there
    /// was a comma.
    @discardableResult
    private mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard i < text.count, text[i] == "," else { return false }
        i += 1
        skipWhitespace()
        return true
    }

    private static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    private static func isNumberStart(_ c: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(c) || c == "." || c == "-" || c == "+"
    }

    private static func isCommand(_ c: Unicode.Scalar) -> Bool {
        "MmZzLlHhVvCcSsQqTtAa".unicodeScalars.contains(c)
    }
}
