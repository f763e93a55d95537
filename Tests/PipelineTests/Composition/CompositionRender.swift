import Evaluation
import Pixels
import Raster
import SceneModel

/// Draws small scenes for the composition tests: a 20×10 transparent
/// canvas at 10 fps unless the JSON sets more, every shape pixel-aligned so
/// coverage is exact.
enum CompositionRender {
    static func scene(_ body: String, duration: Double = 4) throws -> Scene {
        let json = #"{"canvas": {"width": 20, "height": 10, "fps": 10, "duration": \#(duration)}, \#(body)}"#
        return try SceneDecoder.decode(Array(json.utf8), file: "c.json")
    }

    static func render(_ body: String, at t: Double) throws -> Bitmap {
        Rasterizer().render(Evaluator(scene: try scene(body)).displayList(at: t))
    }

    /// The problems of a scene that does not load, one per line.
    static func problems(_ body: String, parameters: [ParameterAssignment] = []) -> String {
        let json = #"{"canvas": {"width": 20, "height": 10, "duration": 1}, \#(body)}"#
        do {
            _ = try SceneDecoder.decode(Array(json.utf8), file: "c.json", parameters: parameters)
            return ""
        } catch {
            return error.description
        }
    }

    typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    static let clear: RGBA = (0, 0, 0, 0)
    static let red: RGBA = (255, 0, 0, 255)
    static let blue: RGBA = (0, 0, 255, 255)
}
