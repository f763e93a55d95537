extension CommandSpec {
    static let helpCommand = CommandSpec(
        name: "help", summary: "show the help of a command, or every command's reference as Markdown",
        usage: ["[COMMAND]", "--markdown"],
        options: [.markdown]
    ) { parsed throws(ReelError) in
        if parsed.has(.markdown) {
            print(all.filter { $0.name != "help" }.map(\.markdown).joined(separator: "\n"), terminator: "")
            return
        }
        guard let name = parsed.operands.first else { print(usage); return }
        guard let command = all.first(where: { $0.name == name }) else {
            throw .usage("help: unknown command '\(name)'" + Suggestion.phrase(for: name, in: all.map(\.name)))
        }
        print(command.help)
    }
}
