import Testing
import Animation

@Suite struct CurveTests {
    static let progress = stride(from: 0.1, through: 0.9, by: 0.1).map { $0 }

    @Test(arguments: progress) func namedCurvesMatchTheirBeziers(x: Double) {
        #expect(abs(Curve.easeIn.value(at: x) - Reference.easeIn(x)) < 1e-4)
        #expect(abs(Curve.easeOut.value(at: x) - Reference.easeOut(x)) < 1e-4)
        #expect(abs(Curve.easeInOut.value(at: x) - Reference.easeInOut(x)) < 1e-4)
    }

    @Test(arguments: progress) func cubicBezierIsSolvedTo1e6(x: Double) {
        for (x1, y1, x2, y2) in [(0.25, 0.1, 0.25, 1.0), (0.68, -0.6, 0.32, 1.6), (0.0, 0.0, 1.0, 1.0), (0.9, 0.0, 0.1, 1.0)] {
            let curve = Curve.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            #expect(abs(curve.value(at: x) - Reference.bezier(x1, y1, x2, y2, at: x)) < 1e-6)
        }
    }

    @Test func endsAreExactAndInputIsClamped() {
        for curve in [Curve.linear, .easeIn, .easeOut, .easeInOut] {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -3) == 0)
            #expect(curve.value(at: 7) == 1)
        }
    }

    /// The slope is what a spring inherits when it interrupts a curve.
    @Test(arguments: progress) func slopeIsTheDerivative(x: Double) {
        for curve in [Curve.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.68, y1: -0.6, x2: 0.32, y2: 1.6)] {
            let h = 1e-5
            let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            #expect(abs(curve.slope(at: x) - numeric) < 1e-3)
        }
    }

    @Test func slopeAtTheEnds() {
        #expect(Curve.linear.slope(at: 0) == 1)
        #expect(abs(Curve.easeIn.slope(at: 0)) < 1e-9)     // starts at rest
        #expect(abs(Curve.easeOut.slope(at: 1)) < 1e-9)    // arrives at rest
        #expect(abs(Curve.easeInOut.slope(at: 0)) < 1e-9)
    }
}
