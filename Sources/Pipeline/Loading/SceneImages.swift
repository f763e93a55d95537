import Foundation
import Geometry
import Media
import Pixels
import Raster
import SceneModel

/// The decoded image assets of a scene, loaded once before rendering and
/// shared read-only by every worker.
public struct SceneImages: Sendable {
    public let bitmaps: [String: Bitmap]

    /// Natural sizes in points (1 pixel = 1 point), for evaluation, the
    /// built-in images' included.
    public var sizes: [String: Size] {
        var sizes = bitmaps.mapValues { Size(Double($0.width), Double($0.height)) }
        for image in BuiltInImage.allCases where sizes[image.rawValue] == nil {
            sizes[image.rawValue] = image.naturalSize
        }
        return sizes
    }

    /// Reads every image of `scene`, paths relative to the scene file (or
    /// takes it from `shared`), `data:` URLs from the text; all failures are reported together, each at
    /// its `assets` entry.
    public static func load(for scene: Scene, shared: SharedAssets? = nil) throws(RenderError) -> SceneImages {
        var bitmaps: [String: Bitmap] = [:]
        var problems: [Diagnostic] = []
        for (name, asset) in scene.assets.images.sorted(by: { $0.key < $1.key }) {
            let path = asset.resolved(from: scene.file)
            do {
                if asset.path.hasPrefix("data:") {
                    guard let bytes = DataURL.bytes(asset.path) else { throw MediaError.cannotRead(path: "the data URL", reason: "it is not base64 data") }
                    bitmaps[name] = try ImageDecoder.decode(bytes, name: "the data URL")
                    continue
                }
                bitmaps[name] = try shared?.bitmaps[path] ?? ImageDecoder.read(contentsOf: path)
                shared?.bitmaps[path] = bitmaps[name]
            } catch {
                let reason = (error as? MediaError).map(\.description) ?? "\(error)"
                problems.append(Diagnostic(file: scene.file, location: asset.location, path: asset.jsonPath, message: reason))
            }
        }
        guard problems.isEmpty else { throw .invalidScene(SceneLoadError(diagnostics: problems)) }
        // Built-in images (`dot`, `snowflake`) are not added: the rasterizer
        // draws them when a name is not declared, so a scene that uses none
        // does not generate them.
        return SceneImages(bitmaps: bitmaps)
    }
}
