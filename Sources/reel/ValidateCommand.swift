import Foundation
import Media
import Pipeline
import SceneModel

extension Command {
    static let validateHelp = """
        reel validate — check scene files without rendering

        Usage:
          reel validate SCENE.json…

        Prints every problem of every file (file:line:column: JSON path: message)
        and exits with status 65, or prints one summary line per valid file.

        Example:
          reel validate Scenes/*.json
        """

    static func validate(_ args: [String]) throws(ReelError) {
        if args.contains("-h") || args.contains("--help") { print(validateHelp); return }
        guard !args.isEmpty else { throw .usage("validate: missing scene file; see 'reel validate --help'") }
        var failures: [ReelError] = []
        for path in args {
            do {
                let prepared = try PreparedScene.load(path)
                prepared.reportWarnings()
                print("\(path): ok — \(SceneSummary(prepared.scene))")
            } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else { throw failures.count == 1 ? failures[0] : .several(failures) }
    }
}
