import Testing
import Determinism
import Geometry

@Suite struct ArcTests {
    let center = Point(50, 40)

    /// Whether every sampled point of the arc's cubics lies on the ellipse,
    /// within the 0.027 % radial error of the 90° cubic approximation.
    func onEllipse(_ path: Path, radii: Size) -> Bool {
        cubicSamples(path).allSatisfy { p in
            let x = (p.x - center.x) / radii.width, y = (p.y - center.y) / radii.height
            return abs((x * x + y * y).squareRoot() - 1) < 2.8e-4
        }
    }

    func point(_ degrees: Double, _ radii: Size) -> Point {
        let (s, c) = DeterministicMath.sinCos(degrees: degrees)
        return Point(center.x + radii.width * c, center.y + radii.height * s)
    }

    @Test func quarterArcEndsAndStaysOnTheCircle() {
        var p = Path()
        let r = Size(10, 10)
        p.addArc(center: center, radii: r, startAngle: 0, endAngle: 90)
        #expect(p.elements.count == 2)
        #expect(distance(p.currentPoint!, point(90, r)) < 1e-9)     // 6 o'clock, y down
        #expect(distance(endPoints(p)[0], point(0, r)) < 1e-9)
        let mid = cubicSamples(p, n: 2)[1]
        #expect(distance(mid, point(45, r)) < 1e-3)
        #expect(onEllipse(p, radii: r))
    }

    @Test func ellipseArcMidpointsAndEnd() {
        var p = Path()
        let r = Size(30, 12)
        p.addArc(center: center, radii: r, startAngle: 30, endAngle: 200)
        let ends = endPoints(p)
        #expect(distance(ends.first!, point(30, r)) < 1e-9)
        #expect(distance(ends.last!, point(200, r)) < 1e-9)
        #expect(ends.count == 3)  // move + two pieces of 85°
        #expect(distance(ends[1], point(115, r)) < 1e-9)
        #expect(onEllipse(p, radii: r))
    }

    @Test func fullTurnCloses() {
        var p = Path()
        let r = Size(20, 10)
        p.addArc(center: center, radii: r, startAngle: 45, endAngle: 45 + 360)
        #expect(p.elements.count == 5)
        #expect(p.currentPoint == endPoints(p)[0])
        #expect(onEllipse(p, radii: r))
        // More than a turn is still one turn.
        var q = Path()
        q.addArc(center: center, radii: r, startAngle: 45, endAngle: 45 + 1000)
        #expect(q == p)
    }

    @Test func counterclockwiseGoesThroughDecreasingAngles() {
        var p = Path()
        let r = Size(10, 10)
        p.addArc(center: center, radii: r, startAngle: 0, endAngle: 90, counterclockwise: true)
        let ends = endPoints(p)
        #expect(ends.count == 4)  // 270° in three pieces
        #expect(distance(ends[1], point(-90, r)) < 1e-9)  // 12 o'clock first (y down)
        #expect(distance(ends[2], point(180, r)) < 1e-9)
        #expect(distance(ends[3], point(90, r)) < 1e-9)
        #expect(onEllipse(p, radii: r))
    }

    @Test func increasingSweepWrapsPast360() {
        var p = Path()
        let r = Size(10, 10)
        p.addArc(center: center, radii: r, startAngle: 270, endAngle: 90)
        let ends = endPoints(p)
        #expect(ends.count == 3)
        #expect(distance(ends[1], point(0, r)) < 1e-9)  // through 3 o'clock
    }

    @Test func arcJoinsTheCurrentPointWithALine() {
        var p = Path()
        p.move(to: .zero)
        p.addArc(center: center, radii: Size(10, 10), startAngle: 0, endAngle: 90)
        #expect(p.elements[1] == .line(Point(60, 40)))
    }

    @Test func arcNodeIsOpenUnlessWhole() {
        let rect = Rect(minX: 0, minY: 0, maxX: 100, maxY: 50)
        let open = Path.arc(in: rect, startAngle: -90, endAngle: 90)
        #expect(open.elements.last != .close)
        #expect(distance(endPoints(open)[0], Point(50, 0)) < 1e-9)
        #expect(distance(open.currentPoint!, Point(50, 50)) < 1e-9)
        let whole = Path.arc(in: rect, startAngle: 10, endAngle: 370)
        #expect(whole.elements.last == .close)
        let empty = Path.arc(in: rect, startAngle: 10, endAngle: 10)
        #expect(empty.elements.count == 1)
    }
}
