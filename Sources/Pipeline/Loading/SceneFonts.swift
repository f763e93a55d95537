import Evaluation
import Foundation
import SceneModel
import Typesetting

/// The fonts of a scene: the bundled default plus `assets.fonts`, read once
/// before rendering and shared by every worker.
public enum SceneFonts {
    /// Loads the scene's fonts (paths relative to the scene file; from `shared`
    /// when it has read them), with installed fonts for what they lack when
    /// `systemFonts` (fontconfig: see `FontLibrary`), and lays out its
    /// constant texts; a font that cannot be read is reported at its
    /// `assets` entry.
    ///
    /// A batch's rows share the scene's fonts; a row whose texts need
    /// installed fonts gets a library of its own, chosen for its texts
    /// alone, so it renders as it would outside the batch.
    public static func prepare(for scene: Scene, shared: SharedAssets? = nil,
                               systemFonts: Bool = true) throws(RenderError) -> TextSetter {
        let samples = systemFonts ? TextSetter.samples(in: scene) : []
        let paths = scene.assets.fonts.mapValues { $0.resolved(from: scene.file) }
        do {
            let base: FontLibrary
            if paths.isEmpty {
                base = TextSetter.bundledFonts
            } else if let library = shared?.fontLibraries[paths] {
                base = library
            } else {
                base = try FontLibrary(fonts: paths)
                shared?.fontLibraries[paths] = base
            }
            guard base.needsSystemFonts(for: samples) else { return TextSetter(scene: scene, library: base) }
            return TextSetter(scene: scene, library: try FontLibrary(fonts: paths, systemFallbackFor: samples))
        } catch {
            throw .invalidScene(SceneLoadError(diagnostics: error.failures.sorted { $0.name < $1.name }.map { failure in
                let asset = scene.assets.fonts[failure.name]
                return Diagnostic(file: scene.file, location: asset?.location, path: asset?.jsonPath ?? "$.assets.fonts",
                                  message: failure.description)
            }))
        }
    }
}
