import Pipeline

/// Walks the arguments of one command.
struct OptionReader {
    private var args: [String]
    private var index = 0
    let command: String

    init(_ args: [String], command: String) {
        self.args = args
        self.command = command
    }

    mutating func next() -> String? {
        guard index < args.count else { return nil }
        defer { index += 1 }
        return args[index]
    }

    mutating func value(for option: String) throws(ReelError) -> String {
        guard let v = next() else { throw .usage("\(command): \(option) needs a value; see 'reel \(command) --help'") }
        return v
    }
}
