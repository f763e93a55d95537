import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// Angular and elliptical gradient fills from scene JSON: their unit points
/// are the node's bounds' and their defaults SwiftUI's (an angular gradient
/// without `endAngle` makes a full turn; an elliptical one runs from the
/// centre to the inscribed ellipse). Black → white, so the grey is 255·t,
/// ±1 for the dither.
@Suite struct GradientPaintTests {
    static func render(_ fill: String, size: String = "[101, 101]") throws -> Bitmap {
        let json = #"{"canvas": {"width": 101, "height": 101, "duration": 1}, "layers": [{"type": "rect", "size": \#(size), "fill": \#(fill)}]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "gradient.json")
        return Rasterizer().render(Evaluator(scene: scene).displayList(at: 0))
    }

    static func isGrey(_ b: Bitmap, _ x: Int, _ y: Int, _ t: Double) -> Bool {
        let p = b.pixel(x: x, y: y)
        return abs(Double(p.r) - 255 * t) <= 1 && p.a == 255
    }

    @Test func angularGradientTurnsAboutTheBoundsCentre() throws {
        let b = try Self.render(#"{"angularGradient": {"colors": ["black", "white"]}}"#)
        #expect(Self.isGrey(b, 90, 50, 0) && Self.isGrey(b, 50, 90, 0.25) && Self.isGrey(b, 10, 50, 0.5))
        // startAngle −90: 12 o'clock is the start; 3 o'clock a quarter on.
        let turned = try Self.render(#"{"angularGradient": {"colors": ["black", "white"], "startAngle": -90, "endAngle": 270}}"#)
        #expect(Self.isGrey(turned, 50, 10, 0) && Self.isGrey(turned, 90, 50, 0.25))
    }

    /// On a 100 × 50 rect the default ellipse has semi-axes 50 and 25: 24.5
    /// points right of the centre is t ≈ 0.49, 12.5 below it t ≈ 0.5.
    @Test func ellipticalGradientFillsTheInscribedEllipse() throws {
        let b = try Self.render(#"{"ellipticalGradient": {"colors": ["black", "white"]}}"#, size: "[100, 50]")
        #expect(Self.isGrey(b, 74, 24, (0.49 * 0.49 + 0.02 * 0.02).squareRoot()))
        #expect(Self.isGrey(b, 49, 37, (0.01 * 0.01 + 0.5 * 0.5).squareRoot()))
        #expect(Self.isGrey(b, 99, 49, 1))
    }

    @Test(arguments: [
        (#"{"angularGradient": {"colors": ["black"], "startAngel": 0}}"#,
         [#"s.json:1:152: $.layers[0].fill.angularGradient.startAngel: unknown key "startAngel" in an angular gradient; did you mean "startAngle"?"#]),
        (#"{"ellipticalGradient": {"colors": ["black"], "endRadiusFraction": -1}}"#,
         [#"s.json:1:176: $.layers[0].fill.ellipticalGradient.endRadiusFraction: expected a number ≥ 0, found -1"#]),
        (#"{"angularGradient": {"center": "centre"}}"#,
         // Every problem at once: the missing colours and the misspelt centre.
         [#"s.json:1:130: $.layers[0].fill.angularGradient: a gradient needs "colors" or "stops""#,
          #"s.json:1:141: $.layers[0].fill.angularGradient.center: expected [x, y] or a unit point name (topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing), found "centre"; did you mean "center"?"#]),
    ])
    func gradientMistakesAreLocated(fill: String, messages: [String]) {
        let json = #"{"canvas": {"width": 101, "height": 101, "duration": 1}, "layers": [{"type": "rect", "size": [1, 1], "fill": \#(fill)}]}"#
        do {
            _ = try SceneDecoder.decode(Array(json.utf8), file: "s.json")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.map(\.description) == messages)
        }
    }
}
