import Foundation
import Media
import Pipeline
import SceneModel

extension Command {
    static let validateHelp = """
        reel validate — check scene files without rendering

        Usage:
          reel validate SCENE.json… [--set NAME=VALUE]… [--vars FILE.json]

        Prints every problem of every file (file:line:column: JSON path: message)
        and exits with status 65, or prints one summary line per valid file.
        With --set or --vars, checks the scenes with those parameter values.

        Options:
        \(ParameterOptions.help)

        Example:
          reel validate Scenes/*.json
        """

    static func validate(_ args: [String]) throws(ReelError) {
        if args.contains("-h") || args.contains("--help") { print(validateHelp); return }
        var reader = OptionReader(args, command: "validate")
        var parameters = ParameterOptions(), scenes: [String] = []
        while let arg = reader.next() {
            if try parameters.take(arg, from: &reader) { continue }
            if arg.hasPrefix("-") { throw .usage("validate: unknown option '\(arg)'; see 'reel validate --help'") }
            scenes.append(arg)
        }
        guard !scenes.isEmpty else { throw .usage("validate: missing scene file; see 'reel validate --help'") }
        var failures: [ReelError] = []
        for path in scenes {
            do {
                let prepared = try PreparedScene.load(path, parameters: parameters.assignments)
                prepared.reportWarnings()
                print("\(path): ok — \(SceneSummary(prepared.scene))")
            } catch {
                failures.append(parameters.reword(error))
            }
        }
        guard failures.isEmpty else { throw failures.count == 1 ? failures[0] : .several(failures) }
    }
}
