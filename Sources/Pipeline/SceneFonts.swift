import Evaluation
import Foundation
import SceneModel
import Typesetting

/// The fonts of a scene: the bundled default plus `assets.fonts`, read once
/// before rendering and shared by every worker.
public enum SceneFonts {
    /// Loads the scene's fonts (paths relative to the scene file) and lays
    /// out its constant texts; a font that cannot be read is reported at its
    /// `assets` entry.
    public static func prepare(for scene: Scene) throws(ReelError) -> TextSetter {
        if scene.assets.fonts.isEmpty { return TextSetter(scene: scene, library: TextSetter.bundledFonts) }
        let paths = scene.assets.fonts.mapValues { $0.resolved(from: scene.file) }
        do {
            return TextSetter(scene: scene, library: try FontLibrary(fonts: paths))
        } catch {
            throw .invalidScene(SceneLoadError(diagnostics: error.failures.sorted { $0.name < $1.name }.map { failure in
                let asset = scene.assets.fonts[failure.name]
                return Diagnostic(file: scene.file, location: asset?.location, path: asset?.jsonPath ?? "$.assets.fonts",
                                  message: failure.description)
            }))
        }
    }
}
