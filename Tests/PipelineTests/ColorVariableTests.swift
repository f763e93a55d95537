import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// Colour variables through a whole scene: an event's spring moves every
/// component (SwiftUI animates a `Color` as its components), keyframed
/// colour variables interpolate, and expressions read components.
@Suite struct ColorVariableTests {
    static func pixel(_ json: String, at t: Double) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "c.json")
        return Rasterizer().render(Evaluator(scene: scene).displayList(at: t)).pixel(x: 2, y: 2)
    }

    /// A critically damped spring (stiffness 100, damping 20, mass 1: ω = 10)
    /// from black to white: each component is 1 − (1 + 10t)·e^(−10t), at
    /// t = 0.1 s 1 − 2/e = 0.26424, × 255 = 67.4 → 67.
    @Test func springEventsMoveEveryComponent() throws {
        let json = #"{"canvas": {"width": 4, "height": 4, "duration": 1}, "variables": {"tint": "black"}, "timeline": [{"at": 0, "animation": {"curve": {"interpolatingSpring": {"stiffness": 100, "damping": 20}}}, "set": {"tint": "white"}}], "layers": [{"type": "rect", "size": [4, 4], "position": [2, 2], "fill": {"expr": "tint"}}]}"#
        let p = try Self.pixel(json, at: 0.1)
        #expect(p == (67, 67, 67, 255))
    }

    /// Keyframes of colours as a variable, read by a fill and, through a
    /// component, by an opacity: halfway from red to blue is (0.5, 0, 0.5)
    /// → 128 (127.5 rounds up), at opacity `tint.r` = 0.5 → premultiplied 64.
    @Test func keyframedColoursAndComponents() throws {
        let json = ##"{"canvas": {"width": 4, "height": 4, "duration": 1}, "variables": {"tint": {"keyframes": [{"t": 0, "value": "#FF0000"}, {"t": 1, "value": "#0000FF"}]}}, "layers": [{"type": "rect", "size": [4, 4], "position": [2, 2], "fill": {"expr": "tint"}, "opacity": {"expr": "tint.r"}}]}"##
        let p = try Self.pixel(json, at: 0.5)
        #expect(p.a == 128 && p.g == 0 && abs(Int(p.r) - 64) <= 1 && p.r == p.b, "\(p)")
    }
}
