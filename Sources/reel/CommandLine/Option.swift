import Pipeline

/// One flag of the command line, defined once (in `Option+Catalog.swift`)
/// and listed by every command that takes it, so a flag means the same
/// everywhere: its parsing, its checks, its help and its row in the
/// documentation's option tables all come from here.
struct Option: Sendable {
    /// What the flag's value is, and how it is read and checked.
    enum Kind: Sendable {
        /// No value: the flag is a switch.
        case toggle
        case integer(ClosedRange<Int>)
        /// A number in `range`, above its lower bound when `open`; `what` says what it counts.
        case number(ClosedRange<Double>, open: Bool, what: String)
        /// One of `choices`.
        case choice([String])
        /// Any text, a path for instance.
        case text
        /// "A-B" (inclusive) or "A".
        case frames
        /// "K/N" with 0 ≤ K < N.
        case shard
        /// "auto" or a count in `range`.
        case countOrAuto(ClosedRange<Int>)
        /// A percentage from 0 to 100, "%" optional; read as a fraction.
        case percentage
    }

    /// `--jobs`.
    let name: String
    /// `-o` for `--output`.
    var short: String? = nil
    /// The value's placeholder in help (`N`, `FILE`); nil for a switch.
    var placeholder: String? = nil
    let kind: Kind
    /// The default, as the option tables show it (nil: none, or said in `help`).
    var defaultText: String? = nil
    /// The help text, without the flag; wrapped lines joined with spaces.
    let help: String

    /// "--jobs N", "-o, --output OUT".
    var signature: String {
        (short.map { "\($0), " } ?? "") + name + (placeholder.map { " \($0)" } ?? "")
    }

    /// Every spelling the command line accepts.
    var spellings: [String] { [name] + (short.map { [$0] } ?? []) }
}

/// A flag's value, read and checked once when the arguments are parsed.
enum OptionValue: Sendable, Equatable {
    case on
    case integer(Int)
    case number(Double)
    case text(String)
    case frames(ClosedRange<Int>)
    case shard(Shard)
    case chunks(ChunkCount)
}

extension Option {
    /// `raw` read as this flag's value; the error says what was expected.
    func read(_ raw: String) throws(ReelError) -> OptionValue {
        switch kind {
        case .toggle:
            return .on
        case .integer(let range):
            guard let n = Int(raw), range.contains(n) else {
                throw .usage("\(name) expects a number from \(range.lowerBound) to \(range.upperBound), found '\(raw)'")
            }
            return .integer(n)
        case let .number(range, open, what):
            guard let v = Double(raw), v.isFinite, range.contains(v), !(open && v == range.lowerBound) else {
                let lower = open ? "more than \(format(range.lowerBound))" : "at least \(format(range.lowerBound))"
                let upper = range.upperBound.isFinite ? " and at most \(format(range.upperBound))" : ""
                throw .usage("\(name) expects \(what), \(lower)\(upper), found '\(raw)'")
            }
            return .number(v)
        case .choice(let choices):
            guard choices.contains(raw) else {
                let listed = choices.dropLast().joined(separator: ", ") + (choices.count > 1 ? " or " : "") + (choices.last ?? "")
                throw .usage("\(name) expects \(listed), found '\(raw)'" + Suggestion.phrase(for: raw, in: choices))
            }
            return .text(raw)
        case .text:
            return .text(raw)
        case .frames:
            let numbers = raw.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            if numbers.count == 1, let a = numbers[0], a >= 0 { return .frames(a...a) }
            if numbers.count == 2, let a = numbers[0], let b = numbers[1], a >= 0, a <= b { return .frames(a...b) }
            throw .usage("\(name) expects A-B with 0 ≤ A ≤ B (or one frame number), found '\(raw)'")
        case .shard:
            let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), let shard = Shard(index: k, of: n) { return .shard(shard) }
            let hint = raw.hasPrefix("/") ? " (is the index variable set?)" : ""
            throw .usage("\(name) expects K/N with 0 ≤ K < N, e.g. \"$SLURM_ARRAY_TASK_ID/4\", found '\(raw)'\(hint)")
        case .percentage:
            let digits = raw.hasSuffix("%") ? String(raw.dropLast()) : raw
            guard let p = Double(digits), p.isFinite, (0...100).contains(p) else {
                throw .usage("\(name) expects a percentage from 0 to 100, found '\(raw)'")
            }
            return .number(p / 100)
        case .countOrAuto(let range):
            if raw == "auto" { return .chunks(.auto) }
            guard let n = Int(raw), range.contains(n) else {
                throw .usage("\(name) expects auto or a number from \(range.lowerBound) to \(range.upperBound), found '\(raw)'")
            }
            return .chunks(.count(n))
        }
    }

    private func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
