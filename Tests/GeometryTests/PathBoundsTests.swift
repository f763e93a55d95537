import Testing
import Geometry

/// `Path.boundingRect` is the box of the outline (SwiftUI's
/// `Path.boundingRect`), not of the control points.
@Suite struct PathBoundsTests {
    func box(_ d: String) throws -> Rect { try Path(svgData: d).boundingRect }

    /// Both control points at y = −40: the curve only reaches −30 (B(½) = ¾·c).
    @Test func cubicBulgeStopsShortOfItsControlPoints() throws {
        let r = try box("M0 0 C0 -40 100 -40 100 0")
        #expect(r == Rect(minX: 0, minY: -30, maxX: 100, maxY: 0))
        #expect(try Path(svgData: "M0 0 C0 -40 100 -40 100 0").controlBounds.minY == -40)
    }

    /// A quadratic's apex is half way to its control point.
    @Test func quadraticApexIsHalfWayToItsControlPoint() throws {
        #expect(try box("M0 0 Q50 100 100 0") == Rect(minX: 0, minY: 0, maxX: 100, maxY: 50))
    }

    /// An S-curve has two extrema in x (t = ½ ± √3/6 for these points): both count.
    @Test func cubicWithTwoExtremaInOneAxis() throws {
        let r = try box("M0 0 C90 30 -90 70 0 100")
        let t = 0.5 - 3.0.squareRoot() / 6, mt = 1 - t
        let x = 3 * mt * mt * t * 90 - 3 * mt * t * t * 90
        #expect(abs(r.maxX - x) < 1e-9 && abs(r.minX + x) < 1e-9)
        #expect(r.minY == 0 && r.maxY == 100)
    }

    /// Lines and moves: the points themselves; a curve inside its end points adds nothing.
    @Test func linesAndFlatCurvesKeepTheirEndPoints() throws {
        #expect(try box("M10 20 L30 5 L15 40 Z") == Rect(minX: 10, minY: 5, maxX: 30, maxY: 40))
        #expect(try box("M0 0 C10 10 20 20 30 30") == Rect(minX: 0, minY: 0, maxX: 30, maxY: 30))
        #expect(Path().boundingRect == .empty)
    }

    /// After `close` the next curve starts from the sub-path's start.
    @Test func drawingAfterCloseStartsAtTheSubpathStart() throws {
        // Starts at (0, 0) again: a quadratic to (0, 20) bulging to x = −5.
        let r = try box("M0 0 L10 0 L10 10 Z Q-10 10 0 20")
        #expect(r == Rect(minX: -5, minY: 0, maxX: 10, maxY: 20))
    }
}
