import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// A blur or shadow reads what lies beyond the canvas, as SVG filters and
/// CSS do (resvg's `filters/filter/content-outside-the-canvas-2`): the
/// canvas shows the same pixels as the same scene drawn on a canvas wider by
/// a margin on every side and cropped. Shapes are pixel-aligned and every
/// margin is a multiple of the reduced blur's block size (`ReducedBlur`), so
/// the tolerance is 0.
@Suite struct EffectsBeyondCanvasTests {
    static func render(_ layers: String, width: Int, height: Int) throws -> Bitmap {
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "duration": 1}, "layers": [\#(layers)]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "beyond.json")
        return Rasterizer().render(Evaluator(scene: scene).displayList(at: 0))
    }

    /// `node(dx, dy)` drawn on a `width` × `height` canvas, and drawn moved by
    /// `margin` on a canvas `margin` larger on every side: every pixel of the
    /// first equals the second's at (x + margin, y + margin).
    static func expectSameAsCropped(width: Int, height: Int, margin: Int, _ node: (Int, Int) -> String,
                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let frame = try render(node(0, 0), width: width, height: height)
        let big = try render(node(margin, margin), width: width + 2 * margin, height: height + 2 * margin)
        var differing = 0
        for y in 0..<height {
            for x in 0..<width where frame.pixel(x: x, y: y) != big.pixel(x: x + margin, y: y + margin) {
                differing += 1
            }
        }
        #expect(differing == 0, "pixels differing from the cropped larger canvas", sourceLocation: sourceLocation)
    }

    /// A red square half beyond the left edge, blurred: the edge pixels hold
    /// the blur of the whole square, not of the visible half (which would
    /// fade to half at the edge).
    @Test func blurredShapeStraddlingTheEdgeMatchesALargerCanvasCropped() throws {
        for sigma in [3.0, 16.0] {
            try Self.expectSameAsCropped(width: 60, height: 40, margin: 96) { dx, dy in
                #"{"type": "rect", "size": [30, 20], "position": [\#(dx), \#(20 + dy)], "fill": "red", "blur": \#(sigma)}"#
            }
        }
        // At the square's middle row, the edge pixel is all but opaque (the
        // blur of σ = 3 reaches 15 px into the square, which lies 15 px beyond
        // the edge), not the half a frame-bounded blur gives.
        let frame = try Self.render(#"{"type": "rect", "size": [30, 20], "position": [0, 20], "fill": "red", "blur": 3}"#,
                                    width: 60, height: 40)
        #expect(frame.pixel(x: 0, y: 20).a >= 250)
    }

    /// A group straddling the top-left corner, with a shadow and a blur.
    @Test func shadowAndBlurAcrossTheCornerMatchALargerCanvasCropped() throws {
        try Self.expectSameAsCropped(width: 50, height: 50, margin: 96) { dx, dy in
            ##"{"type": "group", "position": [\##(dx), \##(dy)], "blur": 2, "shadow": {"color": "#000000C0", "radius": 4, "offset": [12, 9]}, "##
                + ##""children": [{"type": "circle", "radius": 14, "position": [0, 0], "fill": "#2060FF"}]}"##
        }
    }

    /// The shadow of a square wholly beyond the left edge falls inside: a
    /// hard shadow (radius 0) of opaque black, 30 px to the right.
    @Test func shadowOfAShapeOutsideTheCanvasFallsInside() throws {
        let frame = try Self.render(
            #"{"type": "rect", "size": [20, 20], "position": [-20, 10], "fill": "red", "shadow": {"color": "black", "radius": 0, "offset": [30, 0]}}"#,
            width: 40, height: 20)
        #expect(frame.pixel(x: 0, y: 5) == (0, 0, 0, 255))
        #expect(frame.pixel(x: 19, y: 15) == (0, 0, 0, 255))
        #expect(frame.pixel(x: 20, y: 10) == (0, 0, 0, 0))
        // Blurred, it matches the larger canvas cropped.
        try Self.expectSameAsCropped(width: 40, height: 20, margin: 96) { dx, dy in
            #"{"type": "rect", "size": [20, 20], "position": [\#(-20 + dx), \#(10 + dy)], "fill": "red", "shadow": {"color": "black", "radius": 5, "offset": [30, 0]}}"#
        }
    }

    /// A blur far wider than the margin a layer may take (1024 px beyond
    /// the frame on each side) draws from a bounded layer: a million-point
    /// square blurred with σ = 10⁶ renders (no gigapixel layer), faintly,
    /// from the content within the margin.
    @Test func hugeBlurDrawsFromABoundedLayer() throws {
        let frame = try Self.render(#"{"type": "rect", "size": [1000000, 1000000], "position": [10, 10], "fill": "red", "blur": 1000000}"#,
                                    width: 20, height: 20)
        let alpha = frame.pixel(x: 10, y: 10).a
        #expect(alpha > 0 && alpha < 64)
    }
}
