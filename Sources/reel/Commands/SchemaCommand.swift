import Foundation
import Media
import Pipeline
import SceneModel

extension CommandSpec {
    static let schema = CommandSpec(
        name: "schema", summary: "print the JSON Schema of the scene format",
        usage: ["[-o FILE]"],
        about: """
            Prints the JSON Schema (draft 2020-12) that editors use to complete and
            check scene files, or writes it to FILE (which appears only when
            complete). Point a scene's "$schema" at the file.
            """,
        options: [.output],
        examples: ["reel schema -o reel-scene.schema.json"]
    ) { parsed throws(ReelError) in
        if let extra = parsed.operands.first { throw .usage("schema: unexpected argument '\(extra)'; see 'reel schema --help'") }
        let bytes: [UInt8]
        do {
            bytes = try SceneSchema.bytes()
        } catch {
            throw .render(.output(.cannotRead(path: SceneSchema.url?.path ?? "reel-scene.schema.json",
                                              reason: "the schema is missing from reel's resources (\(error.localizedDescription))")))
        }
        guard let output = parsed.text(.output) else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try OutputFile.write(bytes, to: output)
        } catch {
            throw .render(.output(error as? MediaError ?? .cannotWrite(path: output, reason: "\(error)")))
        }
    }
}
