import Testing
import Determinism
import Geometry

@Suite struct PathMeasureTests {
    let circle = Path.ellipse(in: Rect(minX: 0, minY: 0, maxX: 20, maxY: 20))

    /// Length of a path of cubics by brute force: 20 000 chords per cubic.
    func polylineLength(_ path: Path) -> Double {
        let points = cubicSamples(path, n: 20_000)
        return zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    @Test func circleLength() {
        let length = circle.length
        // The measure is exact for the four-cubic circle SwiftUI draws…
        #expect(abs(length - polylineLength(circle)) < 1e-6)
        // …which is 0.014 % longer than the true circle 2π·10 (its radius
        // wobbles by up to 0.027 %), so 1e-3 is out of reach; 1e-2 is not.
        #expect(abs(length - 2 * DeterministicMath.pi * 10) < 1e-2)
    }

    @Test func rectPerimeterIsExact() {
        let rect = Path.roundedRect(Rect(minX: 1, minY: 2, maxX: 11, maxY: 7), radii: (0, 0, 0, 0))
        #expect(rect.length == 30)
        var open = Path()
        open.move(to: .zero)
        open.line(to: Point(3, 4))
        #expect(open.length == 5)
    }

    @Test func closingLineCounts() {
        var triangle = Path()
        triangle.move(to: .zero)
        triangle.line(to: Point(3, 0))
        triangle.line(to: Point(3, 4))
        triangle.close()
        #expect(triangle.length == 12)
    }

    @Test func quarterTrimOfACircle() {
        let quarter = circle.trimmed(from: 0, to: 0.25)
        #expect(endPoints(quarter).first == Point(20, 10))        // 3 o'clock
        #expect(distance(quarter.currentPoint!, Point(10, 20)) < 1e-9)  // 6 o'clock (y down)
        #expect(quarter.elements.last != .close)
        #expect(quarter.elements.allSatisfy { if case .line = $0 { false } else { true } })
        #expect(abs(quarter.length - circle.length / 4) < 1e-9)
    }

    @Test func trimCutsCurvesWhereTheLengthSays() {
        let part = circle.trimmed(from: 0.1, to: 0.6)
        #expect(abs(part.length - circle.length / 2) < 1e-9)
        let start = endPoints(part)[0]
        #expect(abs(distance(start, Point(10, 10)) - 10) < 3e-3)
        #expect(cubicSamples(part).allSatisfy { abs(distance($0, Point(10, 10)) - 10) < 3e-3 })
        // Lengths before the cut and after it add up to the whole.
        let before = circle.trimmed(from: 0, to: 0.1).length
        let after = circle.trimmed(from: 0.6, to: 1).length
        #expect(abs(before + part.length + after - circle.length) < 1e-9)
    }

    @Test func roundedRectTrimStartsAfterTheTopLeftCorner() {
        let r = Path.roundedRect(Rect(minX: 0, minY: 0, maxX: 100, maxY: 40), radii: (8, 8, 8, 8))
        let part = r.trimmed(from: 0, to: 0.1)
        #expect(endPoints(part)[0] == Point(8, 0))
        #expect(abs(part.length - r.length * 0.1) < 1e-9)
    }

    @Test func emptyAndWholeTrims() {
        #expect(circle.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(circle.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(circle.trimmed(from: -1, to: -0.5).isEmpty)
        #expect(circle.trimmed(from: .nan, to: 1).isEmpty)
        #expect(circle.trimmed(from: 0, to: 1) == circle)
        #expect(circle.trimmed(from: -3, to: 7) == circle)
    }

    @Test func trimAcrossTwoSubpaths() {
        // Two closed squares of perimeter 40 each.
        var p = Path.roundedRect(Rect(minX: 0, minY: 0, maxX: 10, maxY: 10), radii: (0, 0, 0, 0))
        for e in Path.roundedRect(Rect(minX: 20, minY: 0, maxX: 30, maxY: 10), radii: (0, 0, 0, 0)).elements {
            p.append(e)
        }
        let middle = p.trimmed(from: 0.375, to: 0.625)  // lengths 30…50
        #expect(middle.elements == [.move(Point(0, 10)), .line(Point(0, 0)),
                                    .move(Point(20, 0)), .line(Point(30, 0))])
        // The whole second square is kept as it was, closed.
        let second = p.trimmed(from: 0.5, to: 1)
        #expect(second.elements.last == .close)
        #expect(subpathCount(second) == 1)
        #expect(second.length == 40)
        // The first square, kept whole, stays closed; the end of the range
        // opens the second.
        let firstAndMore = p.trimmed(from: 0, to: 0.75)
        #expect(firstAndMore.elements[5] == .close)
        #expect(firstAndMore.elements.last == .line(Point(30, 10)))
    }

    @Test func partOfAClosedPathIsOpen() {
        let square = Path.roundedRect(Rect(minX: 0, minY: 0, maxX: 10, maxY: 10), radii: (0, 0, 0, 0))
        let most = square.trimmed(from: 0, to: 0.99)
        #expect(!most.elements.contains(.close))
        #expect(abs(most.length - 39.6) < 1e-9)
    }
}
