import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// SwiftUI's colour modifiers on a flat colour, against the W3C Filter
/// Effects formulas worked by hand for #CC6633 = (0.8, 0.4, 0.2) in sRGB:
///
/// - hueRotation θ: the feColorMatrix `hueRotate` matrix; at 90° (cos 0,
///   sin 1) R' = 0.8·0 + 0.4·0 + 0.2·1 = 0.2, G' = 0.8·0.356 + 0.4·0.855
///   + 0.2·(−0.211) = 0.5846, B' = 0.8·(−0.574) + 0.4·1.43 + 0.2·0.144
///   = 0.1416 → (51, 149, 36);
/// - saturation s: feColorMatrix `saturate`; s = 0 gives the luma
///   0.213·0.8 + 0.715·0.4 + 0.072·0.2 = 0.4708 → 120 in all three;
/// - brightness b: C + b, clamped — 0.2 → (1, 0.6, 0.4) = (255, 153, 102);
/// - contrast c: (C − 0.5)·c + 0.5 — 0.5 → (0.65, 0.45, 0.35) = (166, 115, 89);
/// - grayscale g: CSS `grayscale()`; 1 gives 0.2126·0.8 + 0.7152·0.4 +
///   0.0722·0.2 = 0.4706 → 120;
/// - colorMultiply: C × colour — × (0.5, 1, 0.25) → (102, 102, 13);
/// - colorInvert: 1 − C → (51, 153, 204).
///
/// Values are 8-bit, rounded to nearest: tolerance ±1 per channel (the
/// matrix coefficients are rounded to three decimals in the spec, and a
/// product can land on a half).
@Suite struct ColorFilterTests {
    /// A 4×4 canvas filled with `fill` by a node carrying `filters`, at time `t`.
    static func render(_ filters: String, fill: String = "#CC6633", at t: Double = 0) throws -> Bitmap {
        let json = #"{"canvas": {"width": 4, "height": 4, "duration": 1}, "layers": [{"type": "rect", "size": [4, 4], "fill": "\#(fill)", \#(filters)}]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "filter.json")
        return Rasterizer().render(Evaluator(scene: scene).displayList(at: t))
    }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (Int, Int, Int, Int)) -> Bool {
        abs(Int(p.r) - q.0) <= 1 && abs(Int(p.g) - q.1) <= 1 && abs(Int(p.b) - q.2) <= 1 && Int(p.a) == q.3
    }

    @Test(arguments: [
        (#""hueRotation": 90"#, (51, 149, 36, 255)),
        (#""hueRotation": 180"#, (36, 138, 189, 255)),
        (#""hueRotation": 360"#, (204, 102, 51, 255)),
        (#""saturation": 0"#, (120, 120, 120, 255)),
        (#""saturation": 0.5"#, (162, 111, 86, 255)),
        (#""saturation": 2"#, (255, 84, 0, 255)),
        (#""brightness": 0.2"#, (255, 153, 102, 255)),
        (#""brightness": -0.25"#, (140, 38, 0, 255)),
        (#""contrast": 0.5"#, (166, 115, 89, 255)),
        (#""contrast": 2"#, (255, 77, 0, 255)),
        (#""contrast": -1"#, (51, 153, 204, 255)),
        (#""grayscale": 1"#, (120, 120, 120, 255)),
        (#""grayscale": 0.5"#, (162, 111, 86, 255)),
        (#""colorMultiply": {"r": 0.5, "g": 1, "b": 0.25}"#, (102, 102, 13, 255)),
        (#""colorInvert": true"#, (51, 153, 204, 255)),
        (#""colorInvert": false"#, (204, 102, 51, 255)),
    ])
    func filterMatchesItsFormula(filter: String, expected: (Int, Int, Int, Int)) throws {
        let frame = try Self.render(filter)
        for (x, y) in [(0, 0), (3, 3)] {
            #expect(Self.near(frame.pixel(x: x, y: y), expected), "\(filter): \(frame.pixel(x: x, y: y))")
        }
    }

    /// Filters work on straight colour: a half-transparent #CC6633 is
    /// stored premultiplied as (102, 51, 26, 128); unpremultiplied
    /// (0.797, 0.398, 0.203), inverted (0.203, 0.602, 0.797) and
    /// premultiplied again by 128: (26, 77, 102, 128). colorMultiply's
    /// alpha scales alpha: × 0.5 → 64, colour (0.797, 0.398, 0.203) × 64
    /// = (51, 26, 13).
    @Test func filtersWorkOnStraightColourAndKeepAlpha() throws {
        #expect(Self.near(try Self.render(#""colorInvert": true"#, fill: "#CC663380").pixel(x: 1, y: 1), (26, 77, 102, 128)))
        #expect(Self.near(try Self.render(##""colorMultiply": "#FFFFFF80""##, fill: "#CC663380").pixel(x: 1, y: 1),
                          (51, 26, 13, 64)))
    }

    /// Filters apply in the format's order whatever the order of the keys:
    /// grayscale (→ 0.4706 grey), then colorMultiply by orange-ish
    /// (1, 0.5, 0) → (120, 60, 0) — the other order would multiply first
    /// and grey the result: 0.2126·0.8 + 0.7152·0.2 = 0.313 → 80 in all three.
    @Test func filtersApplyInTheFormatsOrder() throws {
        let frame = try Self.render(#""colorMultiply": {"r": 1, "g": 0.5, "b": 0}, "grayscale": 1"#)
        #expect(Self.near(frame.pixel(x: 2, y: 2), (120, 60, 0, 255)))
    }

    /// Numeric filters animate: saturation 0 → 1 over the scene.
    @Test func filtersAnimate() throws {
        let saturation = #""saturation": {"keyframes": [{"t": 0, "value": 0}, {"t": 1, "value": 1}]}"#
        #expect(Self.near(try Self.render(saturation, at: 0).pixel(x: 0, y: 0), (120, 120, 120, 255)))
        #expect(Self.near(try Self.render(saturation, at: 1).pixel(x: 0, y: 0), (204, 102, 51, 255)))
    }

    /// `colorMap` reads its stops at the Rec. 709 luminance of #CC6633,
    /// 0.2126·0.8 + 0.7152·0.4 + 0.0722·0.2 = 0.4706: black → white gives
    /// 120 grey; black → red (120, 0, 0); blue → red → white, at 0.4706 / 0.5
    /// = 0.9411 of the first segment, (240, 0, 15); amount 0.5 mixes the grey
    /// with the colour: (0.6353, 0.4353, 0.3353) = (162, 111, 86); a single
    /// stop maps every colour to it, its alpha times the pixel's — green at
    /// half alpha, premultiplied (0, 128, 0, 128); a hard stop at 0.5 keeps
    /// 0.4706 on its dark side.
    @Test(arguments: [
        (##""colorMap": {"colors": ["#000000", "#FFFFFF"]}"##, (120, 120, 120, 255)),
        (##""colorMap": {"stops": [[0, "#000000"], [1, "#FF0000"]]}"##, (120, 0, 0, 255)),
        (##""colorMap": {"colors": ["#0000FF", "#FF0000", "#FFFFFF"]}"##, (240, 0, 15, 255)),
        (##""colorMap": {"colors": ["#000000", "#FFFFFF"], "amount": 0.5}"##, (162, 111, 86, 255)),
        (##""colorMap": {"colors": ["#00FF0080"]}"##, (0, 128, 0, 128)),
        (##""colorMap": {"stops": [[0, "#000000"], [0.5, "#000000"], [0.5, "#FFFFFF"], [1, "#FFFFFF"]]}"##, (0, 0, 0, 255)),
        (##""colorMap": {"colors": ["#000000", "#FFFFFF"], "amount": 0}"##, (204, 102, 51, 255)),
    ])
    func colorMapReadsItsStopsAtTheLuminance(filter: String, expected: (Int, Int, Int, Int)) throws {
        let frame = try Self.render(filter)
        for (x, y) in [(0, 0), (3, 3)] {
            #expect(Self.near(frame.pixel(x: x, y: y), expected), "\(filter): \(frame.pixel(x: x, y: y))")
        }
    }

    /// The map reads straight colour: #CC663380 stored as (102, 51, 26, 128)
    /// is (0.797, 0.398, 0.203) at luminance 0.4689, grey premultiplied by
    /// 128: 60. Its stops and amount animate: white → black over the scene
    /// is mid-grey halfway (0.5 at every luminance), the amount 0 → 1 half
    /// the way from the colour to white: (0.9, 0.7, 0.6) = (230, 179, 153).
    @Test func colorMapWorksOnStraightColourAndAnimates() throws {
        #expect(Self.near(try Self.render(##""colorMap": {"colors": ["#000000", "#FFFFFF"]}"##, fill: "#CC663380").pixel(x: 1, y: 1),
                          (60, 60, 60, 128)))
        let fading = ##""colorMap": {"colors": [{"keyframes": [{"t": 0, "value": "#FFFFFF"}, {"t": 1, "value": "#000000"}]}]}"##
        #expect(Self.near(try Self.render(fading, at: 0.5).pixel(x: 2, y: 2), (128, 128, 128, 255)))
        let amount = ##""colorMap": {"colors": ["#FFFFFF"], "amount": {"keyframes": [{"t": 0, "value": 0}, {"t": 1, "value": 1}]}}"##
        #expect(Self.near(try Self.render(amount, at: 0.5).pixel(x: 2, y: 2), (230, 179, 153, 255)))
    }

    /// `levels` on #CC6633 = (0.8, 0.4, 0.2): inputs 0.2…0.8 stretch to
    /// (1, 0.333, 0) = (255, 85, 0); gamma 2 takes square roots, (0.894,
    /// 0.632, 0.447) = (228, 161, 114); red alone to output white 0.5 gives
    /// (102, 102, 51); swapped inputs invert, (51, 153, 204); green's output
    /// black 1, then input white 0.5 on all three: (255, 255, 102); alpha's
    /// output white 0.5 halves alpha: (0.8, 0.4, 0.2) at 127.5, premultiplied
    /// (102, 51, 26, 128).
    @Test(arguments: [
        (#""levels": {"inputBlack": 0.2, "inputWhite": 0.8}"#, (255, 85, 0, 255)),
        (#""levels": {"gamma": 2}"#, (228, 161, 114, 255)),
        (#""levels": {"channels": "red", "outputWhite": 0.5}"#, (102, 102, 51, 255)),
        (#""levels": {"inputBlack": 1, "inputWhite": 0}"#, (51, 153, 204, 255)),
        (#""levels": [{"channels": "green", "outputBlack": 1}, {"inputWhite": 0.5}]"#, (255, 255, 102, 255)),
        (#""levels": {"channels": "alpha", "outputWhite": 0.5}"#, (102, 51, 26, 128)),
    ])
    func levelsMatchTheirFormula(filter: String, expected: (Int, Int, Int, Int)) throws {
        let frame = try Self.render(filter)
        for (x, y) in [(0, 0), (3, 3)] {
            #expect(Self.near(frame.pixel(x: x, y: y), expected), "\(filter): \(frame.pixel(x: x, y: y))")
        }
    }
}
