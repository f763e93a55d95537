import Foundation
import Testing
import Evaluation
import Pipeline
import Raster
import SceneModel

/// The bundled scenes at chosen moments, rendered at a quarter of a point per
/// pixel (98 × 211) and compared with committed reference frames exactly:
/// rendering is deterministic, so any difference means the picture changed.
@Suite struct SceneReferenceTests {
    static let moments: [(scene: String, times: [Double])] = [
        ("splash", [0.5, 1.25, 1.5, 2.2, 2.9, 10.5]),
        ("thermometer", [0.3, 1.2, 3.0]),
        ("calendar", [1.0, 6.0, 13.5]),
        ("snow", [1.0, 4.0, 6.0]),
        ("hello", [1.5]),
    ]

    static var cases: [String] { moments.flatMap { m in m.times.map { "\(m.scene)@\($0)" } } }

    @Test(arguments: cases)
    func matchesReference(moment: String) throws {
        let parts = moment.split(separator: "@")
        let name = String(parts[0]), time = Double(parts[1])!
        let path = Repository.root.appendingPathComponent("Scenes/\(name).json").path
        let prepared = try PreparedScene.load(path, canvas: CanvasOverrides(scale: 0.25))
        let frame = prepared.makeRasterizer().render(prepared.evaluator.displayList(at: time))
        try ReferenceImage.check(frame, named: "scene-\(name)-\(time)", tolerance: 0)
    }
}
