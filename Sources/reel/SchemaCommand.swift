import Foundation
import Media
import Pipeline
import SceneModel

extension Command {
    static let schemaHelp = """
        reel schema — print the JSON Schema of the scene format

        Usage:
          reel schema [-o FILE]

        Prints the JSON Schema (draft 2020-12) that editors use to complete and
        check scene files, or writes it to FILE (which appears only when
        complete). Point a scene's "$schema" at the file.

        Example:
          reel schema -o reel-scene.schema.json
        """

    static func schema(_ args: [String]) throws(ReelError) {
        var options = OptionReader(args, command: "schema")
        var output: String?
        while let arg = options.next() {
            switch arg {
            case "-h", "--help": print(schemaHelp); return
            case "-o", "--output": output = try options.value(for: arg)
            default:
                if arg.hasPrefix("-") { throw .usage("schema: unknown option '\(arg)'; see 'reel schema --help'") }
                throw .usage("schema: unexpected argument '\(arg)'; see 'reel schema --help'")
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try SceneSchema.bytes()
        } catch {
            throw .output(.cannotRead(path: SceneSchema.url?.path ?? "reel-scene.schema.json",
                                      reason: "the schema is missing from reel's resources (\(error.localizedDescription))"))
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try OutputFile.write(bytes, to: output)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)"))
        }
    }
}
