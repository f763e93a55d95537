import Evaluation
import Foundation
import Raster
import SceneModel

/// A scene ready to render: decoded and validated, its images decoded, its
/// fonts loaded and its constant texts laid out — the one prepare step every
/// command shares. Immutable, so every worker reads it at once.
public struct PreparedScene: Sendable {
    public let scene: Scene
    public let images: SceneImages
    public let evaluator: Evaluator
    /// Glyph masks every rasterizer of this scene shares.
    public let glyphMasks = GlyphMaskCache()

    /// Loads `path`, its canvas changed by `canvas`. Problems with image and
    /// font files are reported together, each at its `assets` entry.
    public static func load(_ path: String, canvas: CanvasOverrides = CanvasOverrides()) throws(ReelError) -> PreparedScene {
        var scene = try SceneFile.load(path)
        do {
            scene.canvas = try canvas.applied(to: scene.canvas)
        } catch {
            throw .canvas(error, scene: path, overrides: canvas)
        }
        var problems: [Diagnostic] = []
        func collect<T>(_ load: () throws(ReelError) -> T) throws(ReelError) -> T? {
            do {
                return try load()
            } catch {
                guard case .invalidScene(let e) = error else { throw error }
                problems += e.diagnostics
                return nil
            }
        }
        let images = try collect { () throws(ReelError) in try SceneImages.load(for: scene) }
        let texts = try collect { () throws(ReelError) in try SceneFonts.prepare(for: scene) }
        guard let images, let texts, problems.isEmpty else { throw .invalidScene(SceneLoadError(diagnostics: problems)) }
        return PreparedScene(scene: scene, images: images,
                             evaluator: Evaluator(scene: scene, imageSizes: images.sizes, texts: texts))
    }

    /// Texts with characters no font has.
    public var warnings: [TextSetter.Warning] { evaluator.texts.warnings }

    /// Prints the warnings on standard error, compiler style.
    public func reportWarnings() {
        for warning in warnings { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
    }

    /// A rasterizer for one worker thread, knowing the scene's images and
    /// sharing its glyph masks.
    public func makeRasterizer() -> Rasterizer { Rasterizer(images: images.bitmaps, glyphMasks: glyphMasks) }
}

extension AssetFile {
    /// The file's path as the process opens it: relative paths are relative
    /// to the scene file's folder.
    func resolved(from sceneFile: String) -> String {
        path.hasPrefix("/") ? path : ((sceneFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent(path)
    }
}
