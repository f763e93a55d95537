import Testing
import Evaluation
import Lottie
import Pixels
import Raster
import SceneModel

/// Lottie layer effects drawn with the scene's colour filters and masks,
/// on a red 20×10 solid.
@Suite struct LottieEffectTests {
    static func solid(effects: String) -> String {
        ##"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 20, "h": 10, "layers": [{"ty": 1, "ind": 1, "ip": 0, "op": 30, "st": 0, "sw": 20, "sh": 10, "sc": "#ff0000", "ks": {}, "ef": [\##(effects)]}]}"##
    }

    static func parameter(_ name: String, _ value: String) -> String { #"{"ty": 0, "nm": "\#(name)", "v": {"a": 0, "k": \#(value)}}"# }

    static func tint(white: String) -> String {
        #"{"ty": 20, "nm": "Tint", "en": 1, "ef": [\#(parameter("Map Black To", "[0, 0, 0, 1]")), \#(parameter("Map White To", white)), \#(parameter("Amount to Tint", "100"))]}"#
    }

    static let fillBlue = #"{"ty": 21, "nm": "Fill", "en": 1, "ef": [\#(parameter("Fill Mask", "0")), \#(parameter("All Masks", "0")), \#(parameter("Color", "[0, 0, 1, 1]")), \#(parameter("Invert", "0")), \#(parameter("Horizontal Feather", "0")), \#(parameter("Vertical Feather", "0")), \#(parameter("Opacity", "1"))]}"#

    static func wipe(_ completion: Double) -> String {
        #"{"ty": 26, "nm": "Radial Wipe", "en": 1, "ef": [\#(parameter("Transition Completion", "\(completion)")), \#(parameter("Start Angle", "0")), \#(parameter("Wipe Center", "[10, 5]")), \#(parameter("Wipe", "1")), \#(parameter("Feather", "0"))]}"#
    }

    static func render(_ json: String) throws -> (Bitmap, [Diagnostic]) {
        let result = try LottieImport.convert(Array(json.utf8), file: "a.json")
        let scene = try SceneDecoder.decode(Array(result.scene.text.utf8), file: "a.json")
        return (Rasterizer(reuse: false).render(Evaluator(scene: scene).displayList(at: 0)), result.warnings)
    }

    /// Tint black → black, white → green, 100 %: red's luma (0.2126) times green.
    @Test func tintMapsLuminanceOntoTheColours() throws {
        let (frame, warnings) = try Self.render(Self.solid(effects: Self.tint(white: "[0, 1, 0, 1]")))
        let p = frame.pixel(x: 10, y: 5)
        #expect(p.r == 0 && p.b == 0 && p.a == 255 && (53...55).contains(p.g), "\(p)")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// Fill, then tint: blue's luma (0.0722) in green — the effects apply in the file's order.
    @Test func colourEffectsApplyInOrder() throws {
        let (blue, _) = try Self.render(Self.solid(effects: Self.fillBlue))
        #expect(blue.pixel(x: 10, y: 5) == (0, 0, 255, 255))
        let (frame, _) = try Self.render(Self.solid(effects: Self.fillBlue + ", " + Self.tint(white: "[0, 1, 0, 1]")))
        let p = frame.pixel(x: 10, y: 5)
        #expect(p.r == 0 && p.b == 0 && (17...19).contains(p.g), "\(p)")
    }

    /// A clockwise radial wipe from 12 o'clock around the centre: at 25 %
    /// the top-right quarter is gone, at 50 % the right half.
    @Test func radialWipeHidesTheSweptPart() throws {
        let (quarter, _) = try Self.render(Self.solid(effects: Self.wipe(25)))
        for (x, y) in [(16, 2)] { #expect(quarter.pixel(x: x, y: y).a == 0, "at (\(x), \(y))") }
        for (x, y) in [(16, 8), (3, 2), (3, 8)] { #expect(quarter.pixel(x: x, y: y) == (255, 0, 0, 255), "at (\(x), \(y))") }
        let (half, _) = try Self.render(Self.solid(effects: Self.wipe(50)))
        for (x, y) in [(16, 2), (16, 8)] { #expect(half.pixel(x: x, y: y).a == 0, "at (\(x), \(y))") }
        for (x, y) in [(3, 2), (3, 8)] { #expect(half.pixel(x: x, y: y) == (255, 0, 0, 255), "at (\(x), \(y))") }
        let (none, _) = try Self.render(Self.solid(effects: Self.wipe(0)))
        #expect(none.pixel(x: 16, y: 2) == (255, 0, 0, 255))
    }
}
