import Testing
import Determinism
import Geometry

@Suite struct StrokerTests {
    let tolerance = 1e-3

    func line(_ a: Point, _ b: Point) -> Path {
        var p = Path()
        p.move(to: a)
        p.line(to: b)
        return p
    }

    /// Two segments meeting at (10, 0) at a right angle: right, then down.
    var rightAngle: Path {
        var p = line(.zero, Point(10, 0))
        p.line(to: Point(10, 10))
        return p
    }

    @Test func buttLineCoversExactlyItsRectangle() {
        let outline = line(.zero, Point(10, 0)).stroked(StrokeStyle(width: 2), tolerance: tolerance)
        let probe = OutlineProbe(outline)
        #expect(abs(probe.signedArea - 20) < 1e-6)
        #expect(probe.contains(Point(5, 0.99)))
        #expect(!probe.contains(Point(5, 1.01)))
        #expect(!probe.contains(Point(-0.01, 0)))
        #expect(!probe.contains(Point(10.01, 0)))
    }

    @Test func squareCapsAddHalfTheWidthAtEachEnd() {
        let outline = line(.zero, Point(10, 0)).stroked(StrokeStyle(width: 2, cap: .square), tolerance: tolerance)
        let probe = OutlineProbe(outline)
        #expect(abs(probe.signedArea - 24) < 1e-6)
        #expect(probe.contains(Point(-0.99, 0.99)))
        #expect(!probe.contains(Point(-1.01, 0)))
        #expect(probe.contains(Point(10.99, -0.99)))
    }

    @Test func roundCapsAddHalfDiscs() {
        let outline = line(.zero, Point(10, 0)).stroked(StrokeStyle(width: 2, cap: .round), tolerance: tolerance)
        let probe = OutlineProbe(outline)
        #expect(abs(probe.signedArea - (20 + DeterministicMath.pi)) < 1e-2)
        #expect(probe.contains(Point(-0.7, 0.7)))
        #expect(!probe.contains(Point(-0.72, 0.72)))
    }

    @Test func everySubpathIsWoundPositively() {
        let styles = [StrokeStyle(width: 3, cap: .round, join: .round),
                      StrokeStyle(width: 3, cap: .square, join: .miter),
                      StrokeStyle(width: 3, join: .bevel, dash: [4, 2])]
        let shapes = [rightAngle, Path.ellipse(in: Rect(minX: 0, minY: 0, maxX: 30, maxY: 20))]
        for style in styles {
            for shape in shapes {
                let outline = shape.stroked(style, tolerance: tolerance)
                #expect(OutlineProbe(outline).signedArea > 0)
            }
        }
    }

    @Test func miterJoinCoversTheOuterCorner() {
        let probe = OutlineProbe(rightAngle.stroked(StrokeStyle(width: 2, join: .miter), tolerance: tolerance))
        #expect(probe.contains(Point(10.9, -0.9)))          // the miter's tip region
        #expect(probe.contains(Point(9.5, 0.5)))            // inner corner
        #expect(abs(probe.nonZeroArea() - (11 * 2 + 9 * 2)) < 0.05)
    }

    @Test func bevelJoinCutsTheOuterCorner() {
        let probe = OutlineProbe(rightAngle.stroked(StrokeStyle(width: 2, join: .bevel), tolerance: tolerance))
        #expect(!probe.contains(Point(10.9, -0.9)))
        #expect(probe.contains(Point(10.4, -0.4)))
        #expect(abs(probe.nonZeroArea() - (40 - 0.5)) < 0.05)
    }

    @Test func roundJoinIsAQuarterDisc() {
        let probe = OutlineProbe(rightAngle.stroked(StrokeStyle(width: 2, join: .round), tolerance: tolerance))
        #expect(probe.contains(Point(10.7, -0.7)))
        #expect(!probe.contains(Point(10.72, -0.72)))
        #expect(abs(probe.nonZeroArea() - (40 - 1 + DeterministicMath.pi / 4)) < 0.05)
    }

    @Test func miterLimitTurnsSharpCornersIntoBevels() {
        // A 20° spike: miter length / width = 1 / sin(10°) ≈ 5.76.
        let (s, c) = DeterministicMath.sinCos(degrees: 20)
        var spike = line(Point(-10 * c, -10 * s), .zero)
        spike.line(to: Point(-10, 0))
        // The tip lies 5.76 from the corner along 10°, the bevel 0.17 along it.
        let (s10, c10) = DeterministicMath.sinCos(degrees: 10)
        func along(_ d: Double) -> Point { Point(c10 * d, s10 * d) }
        let limited = OutlineProbe(spike.stroked(StrokeStyle(width: 2, join: .miter, miterLimit: 5), tolerance: tolerance))
        let allowed = OutlineProbe(spike.stroked(StrokeStyle(width: 2, join: .miter, miterLimit: 6), tolerance: tolerance))
        #expect(!limited.contains(along(0.2)))
        #expect(limited.contains(along(0.15)))
        #expect(allowed.contains(along(5.7)))
        #expect(!allowed.contains(along(5.8)))
    }

    @Test func closedPathsHaveJoinsAndNoCaps() {
        let square = Path.roundedRect(Rect(minX: 0, minY: 0, maxX: 10, maxY: 10), radii: (0, 0, 0, 0))
        let probe = OutlineProbe(square.stroked(StrokeStyle(width: 2, cap: .square), tolerance: tolerance))
        #expect(abs(probe.nonZeroArea() - (144 - 64)) < 0.05)
        #expect(probe.contains(Point(-0.9, -0.9)))     // mitred corner at the start point too
        #expect(!probe.contains(Point(5, 5)))          // hollow
        let bevelled = OutlineProbe(square.stroked(StrokeStyle(width: 2, join: .bevel), tolerance: tolerance))
        #expect(!bevelled.contains(Point(-0.9, -0.9)))
    }

    @Test func thickStrokeOfASmallCircleHasNoHole() {
        let circle = Path.ellipse(in: Rect(minX: -2, minY: -2, maxX: 2, maxY: 2))
        let probe = OutlineProbe(circle.stroked(StrokeStyle(width: 10), tolerance: tolerance))
        #expect(probe.contains(.zero))
        #expect(abs(probe.nonZeroArea(rows: 1000) - DeterministicMath.pi * 49) < 0.1)
    }

    @Test func ringAreaOfAStrokedCircle() {
        let circle = Path.ellipse(in: Rect(minX: 0, minY: 0, maxX: 40, maxY: 40))
        let probe = OutlineProbe(circle.stroked(StrokeStyle(width: 4), tolerance: tolerance))
        #expect(abs(probe.nonZeroArea(rows: 1000) - DeterministicMath.pi * (22 * 22 - 18 * 18)) < 0.1)
        #expect(!probe.contains(Point(20, 20)))
    }

    @Test func zeroLengthSubpathsDrawDots() {
        var dot = Path()
        dot.move(to: Point(5, 5))
        dot.line(to: Point(5, 5))
        let round = OutlineProbe(dot.stroked(StrokeStyle(width: 4, cap: .round), tolerance: tolerance))
        #expect(abs(round.signedArea - DeterministicMath.pi * 4) < 1e-2)
        let square = OutlineProbe(dot.stroked(StrokeStyle(width: 4, cap: .square), tolerance: tolerance))
        #expect(abs(square.signedArea - 16) < 1e-9)
        #expect(dot.stroked(StrokeStyle(width: 4), tolerance: tolerance).isEmpty)
        // A lone move is not a sub-path; "M p Z" is.
        var move = Path()
        move.move(to: .zero)
        #expect(move.stroked(StrokeStyle(width: 4, cap: .round), tolerance: tolerance).isEmpty)
        move.close()
        #expect(!move.stroked(StrokeStyle(width: 4, cap: .round), tolerance: tolerance).isEmpty)
    }

    @Test func degenerateSegmentsAreSkipped() {
        var p = line(.zero, Point(5, 0))
        p.line(to: Point(5, 0))
        p.cubic(to: Point(5, 0), control1: Point(5, 0), control2: Point(5, 0))
        p.line(to: Point(10, 0))
        let probe = OutlineProbe(p.stroked(StrokeStyle(width: 2, join: .round), tolerance: tolerance))
        #expect(abs(probe.signedArea - 20) < 1e-6)
    }

    @Test func zeroWidthStrokesNothing() {
        #expect(rightAngle.stroked(StrokeStyle(width: 0), tolerance: tolerance).isEmpty)
        #expect(rightAngle.stroked(StrokeStyle(width: -1), tolerance: tolerance).isEmpty)
    }

    @Test func dashesCutTheLine() {
        let l = line(.zero, Point(10, 0))
        let dashed = l.stroked(StrokeStyle(width: 2, dash: [2, 1]), tolerance: tolerance)
        #expect(subpathCount(dashed) == 4)  // 0–2, 3–5, 6–8, 9–10
        #expect(abs(OutlineProbe(dashed).signedArea - 14) < 1e-6)
        // A phase of 2 starts in the gap: 1–3, 4–6, 7–9.
        let shifted = l.stroked(StrokeStyle(width: 2, dash: [2, 1], dashPhase: 2), tolerance: tolerance)
        #expect(subpathCount(shifted) == 3)
        #expect(abs(OutlineProbe(shifted).signedArea - 12) < 1e-6)
        #expect(l.dashed([2, 1], phase: 2).elements == [
            .move(Point(1, 0)), .line(Point(3, 0)), .move(Point(4, 0)), .line(Point(6, 0)),
            .move(Point(7, 0)), .line(Point(9, 0)),
        ])
        // A negative phase wraps: −1 is phase 2.
        #expect(l.dashed([2, 1], phase: -1) == l.dashed([2, 1], phase: 2))
    }

    @Test func oddDashPatternsRepeat() {
        let l = line(.zero, Point(10, 0))
        // [3] is [3, 3]: dashes 0–3 and 6–9.
        #expect(l.dashed([3], phase: 0).elements == [
            .move(Point(0, 0)), .line(Point(3, 0)), .move(Point(6, 0)), .line(Point(9, 0)),
        ])
    }

    @Test func allZeroDashesDoNotDash() {
        let l = line(.zero, Point(10, 0))
        #expect(l.dashed([0, 0], phase: 0) == l)
        #expect(l.dashed([], phase: 3) == l)
        #expect(l.dashed([2, -1], phase: 0) == l)
    }

    @Test func zeroLengthDashesAreDotsWithRoundCaps() {
        let l = line(.zero, Point(10, 0))
        let dots = l.stroked(StrokeStyle(width: 2, cap: .round, dash: [0, 5]), tolerance: tolerance)
        #expect(subpathCount(dots) == 2)  // at 0 and 5; 10 is where the path ends
        #expect(abs(OutlineProbe(dots).signedArea - 2 * DeterministicMath.pi) < 1e-2)
    }

    @Test func dashedCurvesStayCurves() {
        let circle = Path.ellipse(in: Rect(minX: 0, minY: 0, maxX: 20, maxY: 20))
        let dashed = circle.dashed([5, 5], phase: 0)
        // Dashes of 5 every 10 along 62.84: six whole ones and a last of 2.84.
        let length = circle.length
        let expected = stride(from: 0.0, to: length, by: 10).reduce(0) { $0 + min(5, length - $1) }
        #expect(abs(dashed.length - expected) < 1e-9)
        #expect(subpathCount(dashed) == 7)
        #expect(dashed.elements.allSatisfy { if case .line = $0 { false } else { true } })
    }

    @Test func closedPathInsideOneDashStaysClosed() {
        let square = Path.roundedRect(Rect(minX: 0, minY: 0, maxX: 10, maxY: 10), radii: (0, 0, 0, 0))
        #expect(square.dashed([100, 1], phase: 0) == square)
    }
}
