import Foundation
import Lottie
import Media
import Pipeline
import SceneModel

extension CommandSpec {
    static let importCommand = CommandSpec(
        name: "import", summary: "convert a Lottie animation to a scene file",
        usage: ["lottie ANIMATION.json [-o SCENE.json]", "lottie ARCHIVE.lottie[#ANIMATION] [-o SCENE.json]"],
        about: """
            Converts a Lottie (Bodymovin) animation to a scene file that reads and edits
            like a hand-written one: one component per precomp, a group per layer and
            shape group. Rendering the animation directly draws exactly what rendering
            the written scene draws. Features shown only approximately are listed as
            warnings; unsupported ones are errors, located in the Lottie file. A .lottie
            archive gives its manifest's active animation, or the one named after '#',
            with its images embedded. Without -o the scene is printed. See docs/LOTTIE.md.
            """,
        options: [.output],
        examples: ["reel import lottie loader.json -o loader.scene.json"]
    ) { parsed throws(ReelError) in
        guard let kind = parsed.operands.first else { throw parsed.missing("format (lottie)") }
        guard kind == "lottie" else { throw .usage("import: unknown format '\(kind)'; only 'lottie' can be imported") }
        guard parsed.operands.count == 2 else {
            throw parsed.operands.count < 2 ? parsed.missing("Lottie file") : .usage("import: unexpected argument '\(parsed.operands[2])'; see 'reel import --help'")
        }
        let path = parsed.operands[1]
        let (data, animation): ([UInt8], String?)
        do throws(RenderError) { (data, animation) = try SceneFile.read(path) } catch { throw .render(error) }
        let output = parsed.text(.output)
        let converted: LottieImport.Result
        let folder = output.map { PathName.folder(of: $0) }
        do throws(SceneLoadError) {
            converted = try SceneFile.importLottie(data, file: path, animation: animation, for: folder)
        } catch {
            throw .render(.invalidScene(error))
        }
        for warning in converted.warnings { FileHandle.standardError.write(Data(("warning: " + warning.description + "\n").utf8)) }
        let bytes = [UInt8](converted.scene.text.utf8)
        guard let output else {
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
