import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// `shape` adds its children's outlines as subpaths of one path (SwiftUI's
/// `Path.addPath`): the fill rule decides the fill — `nonzero` their union,
/// `evenodd` a hole where two overlap — and a stroke follows every subpath,
/// inside the union too. Pinned by pixels and by reference images
/// (References/compound-*.png, compared exactly as in RasterReferenceTests).
@Suite struct CompoundShapeTests {
    /// Two circles of radius 14 at (24, 32) and (40, 32), overlapping in a
    /// lens around (32, 32), on a white 64×64 canvas.
    static func render(_ extra: String) throws -> Bitmap {
        let json = ##"{"canvas": {"width": 64, "height": 64, "duration": 1, "background": "white"}, "layers": [{"type": "shape", "fill": "#5856D6", \##(extra) "shapes": [{"type": "circle", "radius": 14, "position": [24, 32]}, {"type": "circle", "radius": 14, "position": [40, 32]}]}]}"##
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "compound.json")
        return Rasterizer().render(Evaluator(scene: scene).displayList(at: 0))
    }

    static let indigo: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0x58, 0x56, 0xD6, 255)
    static let white: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (255, 255, 255, 255)

    @Test func nonzeroFillsTheUnionOfTheChildren() throws {
        let frame = try Self.render("")
        #expect(frame.pixel(x: 32, y: 32) == Self.indigo) // the overlap
        #expect(frame.pixel(x: 14, y: 32) == Self.indigo && frame.pixel(x: 50, y: 32) == Self.indigo)
        #expect(frame.pixel(x: 32, y: 8) == Self.white)
        try ReferenceImage.check(frame, named: "compound-nonzero", tolerance: 0)
    }

    @Test func evenoddLeavesTheOverlapOfTwoChildrenEmpty() throws {
        let frame = try Self.render(#""fillRule": "evenodd","#)
        #expect(frame.pixel(x: 32, y: 32) == Self.white) // the lens: covered twice
        #expect(frame.pixel(x: 14, y: 32) == Self.indigo && frame.pixel(x: 50, y: 32) == Self.indigo)
        try ReferenceImage.check(frame, named: "compound-evenodd-overlap", tolerance: 0)
    }

    /// The stroke draws each child's whole outline: the right circle's left
    /// edge (x = 26) lies inside the left circle and is stroked there too.
    @Test func strokeFollowsEverySubpath() throws {
        let frame = try Self.render(#""stroke": {"color": "black", "width": 2},"#)
        #expect(frame.pixel(x: 26, y: 32) == (0, 0, 0, 255)) // inside the union
        #expect(frame.pixel(x: 37, y: 32) == (0, 0, 0, 255)) // the left circle's right edge, x = 38
        #expect(frame.pixel(x: 32, y: 32) == Self.indigo)
        try ReferenceImage.check(frame, named: "compound-stroked-subpaths", tolerance: 0)
    }
}
