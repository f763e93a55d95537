import Testing
import DisplayList
import Evaluation
import Pixels
import Raster
import SceneModel

/// Masks and track mattes, drawn from scene JSON and checked against values
/// computed by hand: a masked pixel keeps its premultiplied colour times
/// the mask value / 255, rounded (`PixelMath.scale`), where the value is
/// the mask's alpha or its CSS luminance (0.2125 R + 0.7154 G + 0.0721 B of
/// the sRGB-encoded straight colour, times alpha), or 255 − either. Every
/// shape is pixel-aligned, so coverage is exact and the tolerance is 0
/// except where a luminance is a product rounded twice (±1, said there).
@Suite struct MaskTests {
    /// A 20×10 transparent canvas with `layers` drawn at time `t`.
    static func render(_ layers: String, at t: Double = 0, reuse: Bool = false) throws -> Bitmap {
        let json = #"{"canvas": {"width": 20, "height": 10, "duration": 1}, "layers": [\#(layers)]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "mask.json")
        return Rasterizer(reuse: reuse).render(Evaluator(scene: scene).displayList(at: t))
    }

    typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    static let clear: RGBA = (0, 0, 0, 0)
    static func red(_ k: UInt8) -> RGBA { (k, 0, 0, k) }

    /// A red 20×10 rect whose `mask` is a 10×10 rect (the left half) filled with `fill`.
    static func redMaskedBy(_ fill: String, mode: String? = nil) throws -> Bitmap {
        let modeKey = mode.map { #", "maskMode": "\#($0)""# } ?? ""
        return try render(#"{"type": "rect", "size": [20, 10], "fill": "red", "mask": {"type": "rect", "size": [10, 10], "fill": "\#(fill)"}\#(modeKey)}"#)
    }

    static func expect(_ frame: Bitmap, left: RGBA, right: RGBA, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (x, y) in [(0, 0), (5, 5), (9, 9)] {
            #expect(frame.pixel(x: x, y: y) == left, "left half at (\(x), \(y))", sourceLocation: sourceLocation)
        }
        for (x, y) in [(10, 0), (15, 5), (19, 9)] {
            #expect(frame.pixel(x: x, y: y) == right, "right half at (\(x), \(y))", sourceLocation: sourceLocation)
        }
    }

    /// SwiftUI's `mask`: the alpha of the mask's drawing (#FF3B30 is iOS red,
    /// so the content is checked by its alpha and red channel: 0x3B green
    /// scales too). Mask alpha 0x80 = 128 keeps 128/255 of each channel;
    /// where the mask draws nothing, nothing is kept.
    @Test func alphaMaskKeepsTheMasksAlpha() throws {
        let frame = try Self.redMaskedBy("#0000FF80")
        // 255·128/255 = 128; 0x3B·128/255 = 29.6 → 30; 0x30·128/255 = 24.09 → 24.
        Self.expect(frame, left: (128, 30, 24, 128), right: Self.clear)
    }

    @Test func invertedAlphaKeepsOneMinusAlpha() throws {
        let frame = try Self.redMaskedBy("#0000FF80", mode: "invertedAlpha")
        // 255 − 128 = 127: 255·127/255 = 127; 0x3B·127/255 = 29.4 → 29; 0x30·127/255 = 23.9 → 24.
        Self.expect(frame, left: (127, 29, 24, 127), right: (255, 0x3B, 0x30, 255))
    }

    /// A luma matte of opaque green keeps 0.7154 × 255 = 182.4 → 182 of 255;
    /// white keeps everything and black nothing; its inverse keeps 73.
    @Test func luminanceMaskUsesTheCSSWeights() throws {
        Self.expect(try Self.redMaskedBy("#00FF00", mode: "luminance"), left: (182, 42, 34, 182), right: Self.clear)
        Self.expect(try Self.redMaskedBy("#00FF00", mode: "invertedLuminance"), left: (73, 17, 14, 73),
                    right: (255, 0x3B, 0x30, 255))
        Self.expect(try Self.redMaskedBy("#FFFFFF", mode: "luminance"), left: (255, 0x3B, 0x30, 255), right: Self.clear)
        Self.expect(try Self.redMaskedBy("#000000", mode: "luminance"), left: Self.clear, right: Self.clear)
        Self.expect(try Self.redMaskedBy("#000000", mode: "invertedLuminance"), left: (255, 0x3B, 0x30, 255),
                    right: (255, 0x3B, 0x30, 255))
    }

    /// Luminance times alpha: half-transparent green, 0.7154 × 255 × 128/255
    /// = 91.6. The mask pixel is stored premultiplied (G = 128), so the
    /// value is 0.7154 × 128 = 91.57 → 92 (±1 for the two roundings).
    @Test func luminanceIsTimesAlpha() throws {
        let frame = try Self.redMaskedBy("#00FF0080", mode: "luminance")
        let p = frame.pixel(x: 3, y: 3)
        #expect(abs(Int(p.a) - 92) <= 1 && p.r == p.a)
        #expect(frame.pixel(x: 13, y: 3) == Self.clear)
    }

    /// A track matte: the sibling before the node masks it and is not drawn
    /// itself. The white matte covers x 0…15, the red rect x 5…20: left of
    /// x = 5 only the matte lies, and nothing is drawn there.
    @Test func trackMatteMasksTheNextNodeAndIsNotDrawn() throws {
        let frame = try Self.render(#"""
            {"type": "rect", "id": "m", "size": [15, 10], "fill": "white"},
            {"type": "rect", "size": [15, 10], "position": [12.5, 5], "fill": "red", "matte": {"node": "m", "mode": "luminance"}}
            """#)
        #expect(frame.pixel(x: 2, y: 5) == Self.clear)     // the matte alone: not drawn
        #expect(frame.pixel(x: 7, y: 5) == (255, 0x3B, 0x30, 255))
        #expect(frame.pixel(x: 17, y: 5) == Self.clear)    // the rect outside its matte
        let inverted = try Self.render(#"""
            {"type": "rect", "id": "m", "size": [15, 10], "fill": "white"},
            {"type": "rect", "size": [15, 10], "position": [12.5, 5], "fill": "red", "matte": {"node": "m", "mode": "invertedLuminance"}}
            """#)
        #expect(inverted.pixel(x: 2, y: 5) == Self.clear)
        #expect(inverted.pixel(x: 7, y: 5) == Self.clear)
        #expect(inverted.pixel(x: 17, y: 5) == (255, 0x3B, 0x30, 255))
    }

    /// A `mask` is laid out in the masked node's coordinates, a matte in the
    /// parent's: the same 5×10 rect at (0, 0) masks the left half of a rect
    /// at x 10…20 as a `mask`, but lies at x 0…5, beside it, as a matte.
    @Test func maskUsesTheNodesCoordinatesAndMatteTheParents() throws {
        let masked = try Self.render(#"{"type": "rect", "size": [10, 10], "position": [15, 5], "fill": "red", "mask": {"type": "rect", "size": [5, 10]}}"#)
        #expect(masked.pixel(x: 12, y: 5) == (255, 0x3B, 0x30, 255))
        #expect(masked.pixel(x: 17, y: 5) == Self.clear)
        let matted = try Self.render(#"""
            {"type": "rect", "id": "m", "size": [5, 10]},
            {"type": "rect", "size": [10, 10], "position": [15, 5], "fill": "red", "matte": {"node": "m"}}
            """#)
        for x in [2, 12, 17] { #expect(matted.pixel(x: x, y: 5) == Self.clear) }
    }

    /// A mask animates like any node: its offset moves from the left half
    /// (t = 0) to the right half (t = 1).
    @Test func maskAnimates() throws {
        let layers = #"{"type": "rect", "size": [20, 10], "fill": "red", "mask": {"type": "rect", "size": [10, 10], "offset": {"keyframes": [{"t": 0, "value": [0, 0]}, {"t": 1, "value": [10, 0]}]}}}"#
        Self.expect(try Self.render(layers, at: 0), left: (255, 0x3B, 0x30, 255), right: Self.clear)
        Self.expect(try Self.render(layers, at: 1), left: Self.clear, right: (255, 0x3B, 0x30, 255))
    }

    /// Any node masks: a group of two opaque squares keeps the content under
    /// each; the node's opacity and shadow apply after the mask.
    @Test func groupMaskAndEffectsAfterTheMask() throws {
        let frame = try Self.render(#"{"type": "rect", "size": [20, 10], "fill": "red", "opacity": 0.5, "mask": {"type": "group", "children": [{"type": "rect", "size": [4, 4]}, {"type": "rect", "size": [4, 4], "position": [16, 8]}]}}"#)
        // opacity 0.5 → 128: 255·128/255 = 128, 0x3B·128/255 → 30, 0x30·128/255 → 24.
        #expect(frame.pixel(x: 1, y: 1) == (128, 30, 24, 128))
        #expect(frame.pixel(x: 17, y: 8) == (128, 30, 24, 128))
        #expect(frame.pixel(x: 8, y: 5) == Self.clear)
    }

    /// Frames drawn by a rasterizer that takes over unchanged layers from the
    /// frame before (frame reuse) equal frames drawn afresh, for a masked
    /// node whose mask and content stay the same and one whose mask moves.
    @Test(arguments: [0.0, 0.5, 1.0])
    func frameReuseAppliesKeptMasks(t: Double) throws {
        let layers = #"""
            {"type": "rect", "size": [20, 10], "fill": "red", "mask": {"type": "rect", "size": [10, 10], "fill": "#00FF00"}, "maskMode": "luminance"},
            {"type": "rect", "size": [20, 5], "fill": "blue", "mask": {"type": "circle", "radius": 3, "offset": {"keyframes": [{"t": 0, "value": [0, 0]}, {"t": 1, "value": [12, 0]}]}}, "maskMode": "invertedAlpha"}
            """#
        let json = #"{"canvas": {"width": 20, "height": 10, "duration": 1}, "layers": [\#(layers)]}"#
        let evaluator = Evaluator(scene: try SceneDecoder.decode(Array(json.utf8), file: "mask.json"))
        let reusing = Rasterizer(reuse: true)
        for time in [0, t, t, 1] {
            let list = evaluator.displayList(at: time)
            #expect(reusing.render(list).pixels == Rasterizer(reuse: false).render(list).pixels, "t = \(time)")
        }
    }
}
