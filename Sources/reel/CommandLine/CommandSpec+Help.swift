/// Help texts and the Markdown reference, made from the command table so
/// that they cannot drift from what the parser accepts.
extension CommandSpec {
    /// `reel NAME --help`.
    var help: String {
        var text = "reel \(name) — \(summary)\n\nUsage:\n" + usageLines.map { "  \($0)" }.joined(separator: "\n")
        if !about.isEmpty { text += "\n\n" + about }
        text += "\n\nOptions:\n" + allOptions.map(Self.helpRow).joined(separator: "\n")
        if !examples.isEmpty { text += "\n\nExamples:\n" + examples.map { "  \($0)" }.joined(separator: "\n") }
        return text
    }

    /// "reel NAME …" for each usage; a line starting with spaces continues the one before.
    private var usageLines: [String] {
        let indent = String(repeating: " ", count: "reel \(name) ".count)
        return usage.map { $0.hasPrefix(" ") ? indent + $0.drop { $0 == " " } : "reel \(name) \($0)" }
    }

    /// An option's help: the signature, then its text wrapped beside it.
    private static func helpRow(_ option: Option) -> String {
        let column = 24, width = 80
        let meaning = option.help + (option.defaultText.map { " (default: \($0))" } ?? "")
        let lines = wrap(meaning, width: width - column)
        let head = "  " + option.signature
        let first = head.count < column - 1 ? head.padding(toLength: column, withPad: " ", startingAt: 0) + lines[0]
            : head + "\n" + String(repeating: " ", count: column) + lines[0]
        return ([first] + lines.dropFirst().map { String(repeating: " ", count: column) + $0 }).joined(separator: "\n")
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// The command's section of `reel help --markdown`: usage, about and its option table.
    var markdown: String {
        var text = "### reel \(name)\n\n\(summary.prefix(1).uppercased() + summary.dropFirst()).\n\n```\n"
            + usageLines.joined(separator: "\n") + "\n```\n"
        if !about.isEmpty { text += "\n" + about.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingPrefix(while: { $0 == " " }) }.joined(separator: "\n") + "\n" }
        text += "\n| option | value | default | meaning |\n| --- | --- | --- | --- |\n"
        for option in options {
            let names = (option.short.map { "`\($0)`, " } ?? "") + "`\(option.name)`"
            let value = option.placeholder.map { "`\($0)`" } ?? ""
            let meaning = option.help.replacingOccurrences(of: "|", with: "\\|")
            text += "| \(names) | \(value) | \(option.defaultText ?? "") | \(meaning) |\n"
        }
        return text
    }
}
