import Foundation
import Geometry
import Media
import Raster
import SceneModel

/// The decoded image assets of a scene, loaded once before rendering and
/// shared read-only by every worker.
public struct SceneImages: Sendable {
    public let bitmaps: [String: Bitmap]

    /// Natural sizes in points (1 pixel = 1 point), for evaluation.
    public var sizes: [String: Size] {
        bitmaps.mapValues { Size(Double($0.width), Double($0.height)) }
    }

    /// Reads every image of `scene`, paths relative to the scene file; all
    /// failures are reported together, each at its `assets` entry.
    public static func load(for scene: Scene) throws(ReelError) -> SceneImages {
        var bitmaps: [String: Bitmap] = [:]
        var problems: [Diagnostic] = []
        for (name, asset) in scene.assets.images.sorted(by: { $0.key < $1.key }) {
            let path = asset.resolved(from: scene.file)
            do {
                bitmaps[name] = try PNGCodec.read(contentsOf: path)
            } catch {
                let reason = (error as? MediaError).map(\.description) ?? "\(error)"
                problems.append(Diagnostic(file: scene.file, location: asset.location, path: asset.jsonPath, message: reason))
            }
        }
        guard problems.isEmpty else { throw .invalidScene(SceneLoadError(diagnostics: problems)) }
        // Built-in images (`dot`, `snowflake`) for the names the scene does not declare.
        for (name, bitmap) in BuiltInSprites.all where bitmaps[name] == nil { bitmaps[name] = bitmap }
        return SceneImages(bitmaps: bitmaps)
    }
}
