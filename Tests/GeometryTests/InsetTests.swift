import Testing
import Geometry

@Suite struct InsetTests {
    @Test func rectInsetAndCollapse() {
        let r = Rect(minX: 0, minY: 0, maxX: 20, maxY: 10)
        #expect(r.insetBy(2) == Rect(minX: 2, minY: 2, maxX: 18, maxY: 8))
        #expect(r.insetBy(-1) == Rect(minX: -1, minY: -1, maxX: 21, maxY: 11))
        #expect(r.insetBy(6) == Rect(minX: 6, minY: 5, maxX: 14, maxY: 5))
        #expect(r.insetBy(6).isEmpty)
    }

    @Test func insetRoundedRectShrinksItsRadii() {
        let r = Rect(minX: 0, minY: 0, maxX: 40, maxY: 20)
        let inset = Path.roundedRect(r, radii: (8, 2, 0, 8), inset: 3)
        #expect(inset == Path.roundedRect(Rect(minX: 3, minY: 3, maxX: 37, maxY: 17), radii: (5, 0, 0, 5)))
        #expect(endPoints(inset)[0] == Point(8, 3))
    }
}
