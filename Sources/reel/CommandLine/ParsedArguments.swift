/// A command's arguments read against its option table: the flags' values,
/// checked, in the order given, and the operands (scene files, folders).
struct ParsedArguments {
    let command: String
    private(set) var operands: [String] = []
    /// Every flag given, in order, by its long name.
    private(set) var given: [(name: String, value: OptionValue)] = []

    init(_ args: [String], for spec: CommandSpec) throws(ReelError) {
        command = spec.name
        var bySpelling: [String: Option] = [:]
        for option in spec.allOptions { for s in option.spellings { bySpelling[s] = option } }
        var rest = args[...]
        var operandsOnly = false
        while let arg = rest.popFirst() {
            if operandsOnly || !arg.hasPrefix("-") || arg == "-" {
                operands.append(arg)
                continue
            }
            if arg == "--" { operandsOnly = true; continue }
            // --name=value is the same as --name value.
            let (spelling, inline) = arg.hasPrefix("--") && arg.contains("=")
                ? (String(arg[..<arg.firstIndex(of: "=")!]), String(arg[arg.index(after: arg.firstIndex(of: "=")!)...]))
                : (arg, nil as String?)
            guard let option = bySpelling[spelling] else { throw Self.unknown(spelling, in: spec) }
            if case .toggle = option.kind {
                if inline != nil { throw .usage("\(spec.name): \(option.name) takes no value; see 'reel \(spec.name) --help'") }
                given.append((option.name, .on))
                continue
            }
            guard let raw = inline ?? rest.popFirst() else {
                throw .usage("\(spec.name): \(spelling) needs a value; see 'reel \(spec.name) --help'")
            }
            given.append((option.name, try option.read(raw)))
        }
    }

    /// A flag `spec` does not take: another command's (saying whose), or a
    /// misspelling (with the closest of its own).
    private static func unknown(_ spelling: String, in spec: CommandSpec) -> ReelError {
        let others = CommandSpec.all.filter { $0.options.contains { $0.spellings.contains(spelling) } }.map(\.name)
        let what = others.isEmpty
            ? "unknown option '\(spelling)'" + Suggestion.phrase(for: spelling, in: spec.allOptions.flatMap(\.spellings))
            : "\(spelling) does not apply to \(spec.name) (it is an option of \(others.joined(separator: ", ")))"
        return .usage("\(spec.name): \(what); see 'reel \(spec.name) --help'")
    }

    func has(_ option: Option) -> Bool { given.contains { $0.name == option.name } }

    /// The last value given for `option`.
    func value(_ option: Option) -> OptionValue? { given.last { $0.name == option.name }?.value }

    /// Every value given for `option`, in order.
    func values(_ option: Option) -> [OptionValue] { given.filter { $0.name == option.name }.map(\.value) }

    func text(_ option: Option) -> String? {
        if case .text(let s)? = value(option) { return s }
        return nil
    }

    func integer(_ option: Option) -> Int? {
        if case .integer(let n)? = value(option) { return n }
        return nil
    }

    func number(_ option: Option) -> Double? {
        if case .number(let v)? = value(option) { return v }
        return nil
    }

    /// The one operand the command takes; `what` names it in the error.
    func single(_ what: String) throws(ReelError) -> String {
        guard let first = operands.first else { throw missing(what) }
        guard operands.count == 1 else {
            throw .usage("\(command): one \(what) expected, found '\(operands[0])' and '\(operands[1])'")
        }
        return first
    }

    /// "still: missing -o OUT.png; see 'reel still --help'".
    func missing(_ what: String) -> ReelError {
        .usage("\(command): missing \(what); see 'reel \(command) --help'")
    }
}
