import Pipeline

extension CommandSpec {
    static let validate = CommandSpec(
        name: "validate", summary: "check scene files without rendering",
        usage: ["SCENE.json|FOLDER… [--set NAME=VALUE]… [--vars FILE.json]"],
        about: """
            Prints every problem of every file (file:line:column: JSON path: message),
            images, fonts and sound files included, and exits with status 65, or
            prints one summary line per valid file.
            With --set or --vars, checks the scenes with those parameter values.
            """,
        options: [.set, .vars],
        examples: ["reel validate Scenes/"]
    ) { parsed throws(ReelError) in
        let parameters = try ParameterOptions(parsed)
        try eachScene(parsed) { path throws(ReelError) in
            let prepared = try parameters.run { () throws(RenderError) in try PreparedScene.load(path, parameters: parameters.assignments, sound: true) }
            prepared.reportWarnings()
            print("\(path): ok — \(SceneSummary(prepared.scene))")
        }
    }

    /// Runs `work` on every scene the operands name (files, or folders'
    /// `.json` files) and throws every failure together at the end.
    static func eachScene(_ parsed: ParsedArguments, _ work: (String) throws(ReelError) -> Void) throws(ReelError) {
        var scenes: [String] = []
        for operand in parsed.operands { scenes += try RenderOptions.sceneFiles(operand, command: parsed.command) }
        guard !scenes.isEmpty else { throw parsed.missing("scene file") }
        var failures: [ReelError] = []
        for path in scenes {
            do { try work(path) } catch { failures.append(error) }
        }
        guard failures.isEmpty else { throw failures.count == 1 ? failures[0] : .several(failures) }
    }
}
