import Testing
@testable import Geometry

/// `PathMeasure.position(at:)`: the point a length along a path and the
/// direction of travel there, for motion along a path.
@Suite struct PathPositionTests {
    static func near(_ p: Point, _ q: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
    }

    /// M0 0 H20 V30: 50 long. 10 → (10, 0) heading right; 25 → (20, 5)
    /// heading down; the corner itself (20) belongs to the leg starting there.
    @Test func pointsAlongLines() throws {
        let m = PathMeasure(try Path(svgData: "M0 0 H20 V30"))
        #expect(m.length == 50)
        #expect(Self.near(m.position(at: 10).point, Point(10, 0)) && m.position(at: 10).direction == Point(1, 0))
        #expect(Self.near(m.position(at: 25).point, Point(20, 5)) && m.position(at: 25).direction == Point(0, 1))
        #expect(m.position(at: 20).direction == Point(0, 1))
        #expect(m.position(at: -5).point == .zero && m.position(at: 80).point == Point(20, 30))
    }

    /// A semicircle of radius 10 from (0, 0) to (20, 0) through (10, -10)
    /// (SVG arc, sweep 1, drawn as two quarter cubics, whose length is πr
    /// within their 0.03 % radial error): by symmetry, half its length is
    /// its top, heading right.
    @Test func pointsAlongCurves() throws {
        let m = PathMeasure(try Path(svgData: "M0 0 A10 10 0 0 1 20 0"))
        #expect(abs(m.length - 10 * Double.pi) < 1e-2)
        let top = m.position(at: m.length / 2)
        #expect(Self.near(top.point, Point(10, -10), 1e-6) && Self.near(top.direction, Point(1, 0), 1e-6))
    }

    /// A cubic whose first control point sits on its start has no
    /// derivative there; the direction is towards the second control point.
    @Test func degenerateTangentsUseTheNextControlPoint() {
        let m = PathMeasure(Path(elements: [.move(.zero), .cubic(.zero, Point(0, 10), Point(10, 10))]))
        #expect(m.position(at: 0).direction == Point(0, 1))
        #expect(PathMeasure(Path()).position(at: 3) == (point: .zero, direction: Point(1, 0)))
    }
}
