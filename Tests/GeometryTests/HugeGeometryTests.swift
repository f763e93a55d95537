import Testing
@testable import Geometry

/// Geometry far beyond any canvas (a scene's numbers may be as large as a
/// Double allows): the piece counts of curves, joins and caps used to be
/// converted to Int before they were capped, and trapped.
@Suite struct HugeGeometryTests {
    struct Counter: LineSink {
        var lines = 0
        mutating func line(from p0: Point, to p1: Point) { lines += 1 }
    }

    static let hugeCubic = "M0 0 C1e40 0 0 1e40 1e40 1e40"

    /// Wang's formula asked for about 1e21 segments, past Int's range.
    @Test func hugeCurveFlattensWithoutTrapping() throws {
        var sink = Counter()
        Flattener.flatten(try Path(svgData: Self.hugeCubic), transform: .identity, into: &sink)
        #expect(sink.lines == 1_024 + 1)
    }

    /// The stroker cuts curves into pieces with the same formula.
    @Test func hugeCurveStrokesWithoutTrapping() throws {
        let stroked = try Path(svgData: Self.hugeCubic).stroked(StrokeStyle(width: 1), tolerance: 0.25)
        #expect(!stroked.isEmpty)
    }

    /// A round join of a 1e300-wide stroke asked for about 1e150 steps.
    @Test func hugeStrokeWidthStrokesWithoutTrapping() throws {
        let path = try Path(svgData: "M0 0 L10 0 L10 10")
        let stroked = path.stroked(StrokeStyle(width: 1e300, cap: .round, join: .round), tolerance: 0.25)
        #expect(!stroked.isEmpty)
    }
}
