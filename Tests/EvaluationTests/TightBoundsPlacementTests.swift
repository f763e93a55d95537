import Testing
import DisplayList
import Geometry
import SceneModel
@testable import Evaluation

/// `path`, `polygon`, `line` and `shape` are placed by the box of their
/// outline (SwiftUI's `Path.boundingRect`), not of their control points.
@Suite struct TightBoundsPlacementTests {
    func transforms(_ layers: String) throws -> [Transform] {
        let json = #"{"canvas": {"width": 100, "height": 100, "duration": 1}, "layers": [\#(layers)]}"#
        let e = Evaluator(scene: try SceneDecoder.decode(Array(json.utf8), file: "t.json"))
        return e.displayList(at: 0).items.compactMap { if case .fill(_, let t, _, _) = $0 { return t } else { return nil } }
    }

    /// The curve reaches y = −30, its control points −40: the box is
    /// (0, −30)–(100, 0), so the centre (50, −15) lands on the position and
    /// the top of the bulge 15 pt above it (the control box put it 20 above).
    @Test func curvedPathIsCentredOnItsBulgeNotItsControlPoints() throws {
        let t = try transforms(#"{"type": "path", "d": "M0 0 C0 -40 100 -40 100 0", "position": [50, 50]}"#)[0]
        #expect(t.apply(Point(50, -15)) == Point(50, 50))
        #expect(t.apply(Point(50, -30)) == Point(50, 35))
    }

    /// Anchor [0, 0]: the outline's top-left (x 0, y −30) sits on the position.
    @Test func anchorIsAUnitPointOfTheTightBox() throws {
        let t = try transforms(#"{"type": "path", "d": "M0 0 C0 -40 100 -40 100 0", "anchor": [0, 0], "position": [10, 10]}"#)[0]
        #expect(t.apply(Point(0, -30)) == Point(10, 10))
    }

    /// A compound shape's box is that of its children's outlines: a quadratic
    /// child bulging to y = 50 (control point at 100) beside a 10-pt square.
    @Test func compoundShapeUsesItsChildrensOutlines() throws {
        let t = try transforms(#"{"type": "shape", "position": [50, 50], "shapes": [{"type": "path", "d": "M0 0 Q50 100 100 0"}, {"type": "rect", "size": [10, 10], "anchor": [0, 0], "position": [0, 0]}]}"#)[0]
        // Box (0, 0)–(100, 50): centre (50, 25).
        #expect(t.apply(Point(50, 25)) == Point(50, 50))
    }

    /// A line and a polygon have no control points: their box is their points'.
    @Test func linesAndPolygonsUseTheirPoints() throws {
        let t = try transforms(#"{"type": "line", "from": [10, 10], "to": [30, 50], "stroke": {"color": "red"}, "position": [0, 0]}, {"type": "polygon", "points": [[0, 0], [40, 0], [20, 20]], "position": [50, 50]}"#)
        #expect(t[0].apply(Point(20, 30)) == Point(0, 0))
        #expect(t[1].apply(Point(20, 10)) == Point(50, 50))
    }
}
