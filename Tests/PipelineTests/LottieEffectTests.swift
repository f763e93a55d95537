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

    /// A parameter moving linearly from `from` at frame 0 to `to` at frame 24
    /// (0.8 s; the layer ends at frame 30).
    static func moving(_ name: String, _ from: String, _ to: String) -> String {
        #"{"ty": 0, "nm": "\#(name)", "v": {"a": 1, "k": [{"t": 0, "s": \#(from), "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 24, "s": \#(to)}]}}"#
    }

    static func effect(_ ty: Int, _ name: String, _ parameters: [String]) -> String {
        #"{"ty": \#(ty), "nm": "\#(name)", "en": 1, "ef": [\#(parameters.joined(separator: ", "))]}"#
    }

    /// A red 20×10 solid at the top left of a 40×30 canvas, for shadows.
    static func smallSolid(effects: String) -> String {
        solid(effects: effects).replacingOccurrences(of: #""w": 20, "h": 10"#, with: #""w": 40, "h": 30"#)
    }

    static func render(_ json: String, at t: Double = 0) throws -> (Bitmap, [Diagnostic]) {
        let result = try LottieImport.convert(Array(json.utf8), file: "a.json")
        let scene = try SceneDecoder.decode(Array(result.scene.text.utf8), file: "a.json")
        return (Rasterizer(reuse: false).render(Evaluator(scene: scene).displayList(at: t)), result.warnings)
    }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (Int, Int, Int, Int)) -> Bool {
        abs(Int(p.r) - q.0) <= 1 && abs(Int(p.g) - q.1) <= 1 && abs(Int(p.b) - q.2) <= 1 && abs(Int(p.a) - q.3) <= 1
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

    /// Tint black → blue, white → green, 50 %, on red (luminance 0.2126):
    /// the map gives (0, 0.2126, 0.7874), mixed half with red (0.5, 0.1063,
    /// 0.3937) = (128, 27, 100) — exact, with no warning.
    @Test func tintMapsBlackAndWhiteAndMixesByTheAmount() throws {
        let tint = Self.effect(20, "Tint", [Self.parameter("Map Black To", "[0, 0, 1, 1]"), Self.parameter("Map White To", "[0, 1, 0, 1]"),
                                            Self.parameter("Amount to Tint", "50")])
        let (frame, warnings) = try Self.render(Self.solid(effects: tint))
        #expect(Self.near(frame.pixel(x: 10, y: 5), (128, 27, 100, 255)), "\(frame.pixel(x: 10, y: 5))")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// Animated tint: the amount 0 → 100 % and white green → blue over
    /// 0.8 s; halfway (0.4 s) the map is black → (0, 0.5, 0.5) at 0.2126, (0,
    /// 0.1063, 0.1063), mixed half with red: (0.5, 0.0532, 0.0532) = (128, 14, 14).
    @Test func tintAnimatesItsColoursAndAmount() throws {
        let tint = Self.effect(20, "Tint", [Self.parameter("Map Black To", "[0, 0, 0, 1]"),
                                            Self.moving("Map White To", "[0, 1, 0, 1]", "[0, 0, 1, 1]"),
                                            Self.moving("Amount to Tint", "[0]", "[100]")])
        let (start, _) = try Self.render(Self.solid(effects: tint), at: 0)
        #expect(start.pixel(x: 10, y: 5) == (255, 0, 0, 255))
        let (half, _) = try Self.render(Self.solid(effects: tint), at: 0.4)
        #expect(Self.near(half.pixel(x: 10, y: 5), (128, 14, 14, 255)), "\(half.pixel(x: 10, y: 5))")
    }

    /// Tritone: shadows blue, midtones green, highlights white. Red's
    /// luminance 0.2126 is 0.4252 of the way from shadows to midtones: (0,
    /// 0.4252, 0.5748) = (0, 108, 147); blended 50 % with the original,
    /// (0.5, 0.2126, 0.2874) = (128, 54, 73).
    @Test func tritoneMapsShadowsMidtonesAndHighlights() throws {
        func tritone(blend: String) -> String {
            Self.effect(23, "Tritone", [Self.parameter("Highlights", "[1, 1, 1, 1]"), Self.parameter("Midtones", "[0, 1, 0, 1]"),
                                        Self.parameter("Shadows", "[0, 0, 1, 1]"), Self.parameter("Blend With Original", blend)])
        }
        let (full, warnings) = try Self.render(Self.solid(effects: tritone(blend: "0")))
        #expect(Self.near(full.pixel(x: 10, y: 5), (0, 108, 147, 255)), "\(full.pixel(x: 10, y: 5))")
        #expect(warnings.isEmpty, "\(warnings)")
        let (blended, _) = try Self.render(Self.solid(effects: tritone(blend: "50")))
        #expect(Self.near(blended.pixel(x: 10, y: 5), (128, 54, 73, 255)), "\(blended.pixel(x: 10, y: 5))")
    }

    /// A fill at 25 % opacity lays blue a quarter over red: (191, 0, 64).
    @Test func fillOpacityMixesTheColourWithTheContent() throws {
        let fill = Self.fillBlue.replacingOccurrences(of: #""nm": "Opacity", "v": {"a": 0, "k": 1}"#, with: #""nm": "Opacity", "v": {"a": 0, "k": 0.25}"#)
        let (frame, warnings) = try Self.render(Self.solid(effects: fill))
        #expect(Self.near(frame.pixel(x: 10, y: 5), (191, 0, 64, 255)), "\(frame.pixel(x: 10, y: 5))")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    static func shadow(_ parameters: [String]) -> String { effect(25, "Drop Shadow", parameters) }

    /// A sharp black shadow whose distance grows 0 → 10 downwards over
    /// 0.8 s: at 0 it hides under the solid, halfway it shows 5 px below
    /// it, at the end 10.
    @Test func dropShadowDistanceAnimates() throws {
        let json = Self.smallSolid(effects: Self.shadow([
            Self.parameter("Shadow Color", "[0, 0, 0, 1]"), Self.parameter("Opacity", "255"), Self.parameter("Direction", "180"),
            Self.moving("Distance", "[0]", "[10]"), Self.parameter("Softness", "0")]))
        let (start, warnings) = try Self.render(json, at: 0)
        #expect(start.pixel(x: 10, y: 12).a == 0)
        #expect(warnings.isEmpty, "\(warnings)")
        let (half, _) = try Self.render(json, at: 0.4)
        #expect(half.pixel(x: 10, y: 12) == (0, 0, 0, 255) && half.pixel(x: 10, y: 17).a == 0)
        let (end, _) = try Self.render(json, at: 0.9)
        #expect(end.pixel(x: 10, y: 17) == (0, 0, 0, 255) && end.pixel(x: 10, y: 22).a == 0)
    }

    /// Direction 90° → 180° and opacity 255 → 0 together (a key per frame):
    /// at 0 the shadow lies 10 px to the right, opaque; at the end below,
    /// invisible; at 0.4 s towards 135°, (7.07, 7.07) off, half opaque.
    @Test func dropShadowDirectionAndOpacityAnimateTogether() throws {
        let json = Self.smallSolid(effects: Self.shadow([
            Self.parameter("Shadow Color", "[0, 0, 1, 1]"), Self.moving("Opacity", "[255]", "[0]"), Self.moving("Direction", "[90]", "[180]"),
            Self.parameter("Distance", "10"), Self.parameter("Softness", "0")]))
        let (start, _) = try Self.render(json, at: 0)
        #expect(start.pixel(x: 25, y: 5) == (0, 0, 255, 255) && start.pixel(x: 10, y: 15).a == 0)
        let (half, _) = try Self.render(json, at: 0.4)
        #expect(Self.near(half.pixel(x: 24, y: 14), (0, 0, 128, 128)), "\(half.pixel(x: 24, y: 14))")
        #expect(half.pixel(x: 24, y: 18).a == 0 && half.pixel(x: 28, y: 14).a == 0)
        let (end, _) = try Self.render(json, at: 0.9)
        #expect(end.pixel(x: 10, y: 15).a == 0 && end.pixel(x: 25, y: 5).a == 0)
    }

    /// The wipe's start angle turns 0 → 90° (12 → 3 o'clock) at 25 %: at
    /// the end the quarter from 3 to 6 o'clock is gone, the top right kept.
    @Test func radialWipeAngleAnimates() throws {
        let wipe = Self.effect(26, "Radial Wipe", [Self.parameter("Transition Completion", "25"), Self.moving("Start Angle", "[0]", "[90]"),
                                                   Self.parameter("Wipe Center", "[10, 5]"), Self.parameter("Wipe", "1"), Self.parameter("Feather", "0")])
        let (start, warnings) = try Self.render(Self.solid(effects: wipe), at: 0)
        #expect(start.pixel(x: 16, y: 2).a == 0 && start.pixel(x: 16, y: 8) == (255, 0, 0, 255))
        #expect(warnings.isEmpty, "\(warnings)")
        let (end, _) = try Self.render(Self.solid(effects: wipe), at: 0.9)
        #expect(end.pixel(x: 16, y: 8).a == 0 && end.pixel(x: 16, y: 2) == (255, 0, 0, 255) && end.pixel(x: 3, y: 8) == (255, 0, 0, 255))
    }

    /// The wipe's centre moves from the solid's middle to its left edge, at
    /// 50 % (the right half gone): at the end the whole solid is gone.
    @Test func radialWipeCentreAnimates() throws {
        let wipe = Self.effect(26, "Radial Wipe", [Self.parameter("Transition Completion", "50"), Self.parameter("Start Angle", "0"),
                                                   Self.moving("Wipe Center", "[10, 5]", "[0, 5]"), Self.parameter("Wipe", "1"), Self.parameter("Feather", "0")])
        let (start, _) = try Self.render(Self.solid(effects: wipe), at: 0)
        #expect(start.pixel(x: 3, y: 5) == (255, 0, 0, 255) && start.pixel(x: 16, y: 5).a == 0)
        let (end, _) = try Self.render(Self.solid(effects: wipe), at: 0.9)
        #expect(end.pixel(x: 3, y: 5).a == 0 && end.pixel(x: 16, y: 5).a == 0)
    }

    /// Pro Levels: red's output white 0.5, green's output black 0.25, then
    /// the composite's input white 0.5 — channels first, as lottie-web
    /// applies them: red 1 → 0.5 → 1, green 0 → 0.25 → 0.5, blue 0 → 0:
    /// (255, 128, 0). The other order would give (128, 64, 0).
    @Test func proLevelsApplyTheChannelsThenTheComposite() throws {
        var values = [Int: String]()
        for first in [3, 10, 17, 24, 31] {
            for (k, v) in ["0", "1", "1", "0", "1"].enumerated() { values[first + k] = v }
        }
        values[14] = "0.5"
        values[20] = "0.25"
        values[4] = "0.5"
        let parameters = (0..<36).map { Self.parameter("p\($0)", values[$0] ?? "0") }
        let (frame, warnings) = try Self.render(Self.solid(effects: Self.effect(24, "Levels (Individual Controls)", parameters)))
        #expect(Self.near(frame.pixel(x: 10, y: 5), (255, 128, 0, 255)), "\(frame.pixel(x: 10, y: 5))")
        #expect(warnings.isEmpty, "\(warnings)")
    }
}
