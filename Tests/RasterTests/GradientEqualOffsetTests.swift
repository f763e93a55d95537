import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// Stops that share an offset, drawn through the rasterizer. As in SVG, CSS
/// and SwiftUI, the colour jumps there — left of the offset the first of
/// those stops, right of it the last — and the gradient pads with the first
/// and the last stop of all, whatever stops share the ends. The linear cases
/// are resvg's `paint-servers/stop/stops-with-equal-offset-5` and `-6`.
/// Colours are opaque; padded and flat areas are exact, points on a ramp
/// within 1 of the hand-computed value (the ordered dither).
@Suite struct GradientEqualOffsetTests {
    static let black = Color(r: 0, g: 0, b: 0)
    static let white = Color(r: 1, g: 1, b: 1)
    static let red = Color(r: 1, g: 0, b: 0)
    static let lime = Color(r: 0, g: 1, b: 0)
    static let gray = Color(r: 128 / 255, g: 128 / 255, b: 128 / 255)          // SVG's gray, #808080
    static let lightGray = Color(r: 211 / 255, g: 211 / 255, b: 211 / 255)     // SVG's lightgray, #D3D3D3

    static func gradient(_ pairs: [(Double, Color)]) -> Gradient {
        Gradient(stops: pairs.map { GradientStop(location: $0.0, color: $0.1) })
    }

    /// A `w`×`h` frame on white with one rect filled by `paint`.
    static func render(_ w: Int, _ h: Int, rect: Rect, _ paint: DisplayPaint) -> Bitmap {
        Rasterizer().render(DisplayList(width: w, height: h, background: white, items: [
            .fill(path: .roundedRect(rect, radii: (0, 0, 0, 0)), transform: .identity, paint: paint, rule: .nonzero),
        ]))
    }

    static func grey(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b.pixel(x: x, y: y).r) }

    /// The columns of row `y` among `xs` whose pixel is not `expected` (RGBA8).
    static func misses(_ b: Bitmap, y: Int, _ xs: Range<Int>, _ expected: (UInt8, UInt8, UInt8, UInt8)) -> [Int] {
        xs.filter { b.pixel(x: $0, y: y) != expected }
    }

    /// resvg's equal-offset-5: black, lime at 0, lime at 1, from x = 20 to 80
    /// across a 100-point square. Left of the start is black (the first
    /// stop), from the start on lime; it was lime throughout.
    @Test func sharedStartOffsetPadsWithTheFirstStop() {
        let paint = DisplayPaint.linearGradient(Self.gradient([(0, Self.black), (0, Self.lime), (1, Self.lime)]),
                                                start: Point(20, 50), end: Point(80, 50))
        let b = Self.render(100, 100, rect: Rect(minX: 0, minY: 0, maxX: 100, maxY: 100), paint)
        for y in [0, 50, 99] {
            #expect(Self.misses(b, y: y, 0..<20, (0, 0, 0, 255)) == [], "row \(y): not black")
            #expect(Self.misses(b, y: y, 20..<100, (0, 255, 0, 255)) == [], "row \(y): not lime")
        }
    }

    /// resvg's equal-offset-6: black, red and gray at 0, lightgray at 0.9,
    /// white at 1, from x = 52 to 148 (0.2 and 0.8 of a rect 20…180). Left
    /// of 52 is black, the first stop (it was gray); red, between two stops
    /// at one offset, shows nowhere; the ramp starts at gray.
    @Test func severalStopsAtTheStartJumpFromTheFirstToTheLast() {
        let paint = DisplayPaint.linearGradient(Self.gradient([(0, Self.black), (0, Self.red), (0, Self.gray),
                                                               (0.9, Self.lightGray), (1, Self.white)]),
                                                start: Point(52, 100), end: Point(148, 100))
        let b = Self.render(200, 200, rect: Rect(minX: 20, minY: 20, maxX: 180, maxY: 180), paint)
        for y in [20, 100, 179] {
            #expect(Self.misses(b, y: y, 20..<52, (0, 0, 0, 255)) == [], "row \(y): not black")
            #expect(Self.misses(b, y: y, 148..<180, (255, 255, 255, 255)) == [], "row \(y): not white")
            let coloured = (20..<180).filter { let p = b.pixel(x: $0, y: y); return p.r != p.g || p.g != p.b || p.a != 255 }
            #expect(coloured == [], "row \(y): not grey")
            // Pixel centres x + 0.5: t = (x + 0.5 − 52) / 96; gray → lightgray over 0…0.9, then → white.
            let ramp: [(x: Int, value: Double)] = [
                (52, 128 + 83 * (0.5 / 96) / 0.9),              // 128.48
                (95, 128 + 83 * (43.5 / 96) / 0.9),             // 169.79
                (138, 211 + 44 * ((86.5 / 96) - 0.9) / 0.1),    // 211.46
                (147, 211 + 44 * ((95.5 / 96) - 0.9) / 0.1),    // 252.71
            ]
            for (x, value) in ramp {
                #expect(abs(Double(Self.grey(b, x, y)) - value) <= 1, "(\(x), \(y)): \(Self.grey(b, x, y)), ideal \(value)")
            }
        }
    }

    /// The mirror at the end: black at 0, red and white at 1, from x = 20
    /// to 80. Up to the end the ramp runs to red; beyond it is white, the
    /// last stop.
    @Test func sharedEndOffsetPadsWithTheLastStop() {
        let paint = DisplayPaint.linearGradient(Self.gradient([(0, Self.black), (1, Self.red), (1, Self.white)]),
                                                start: Point(20, 50), end: Point(80, 50))
        let b = Self.render(100, 100, rect: Rect(minX: 0, minY: 0, maxX: 100, maxY: 100), paint)
        for y in [0, 50, 99] {
            #expect(Self.misses(b, y: y, 80..<100, (255, 255, 255, 255)) == [], "row \(y): not white")
            let p = b.pixel(x: 79, y: y), ideal = 255 * 59.5 / 60 // 252.88
            #expect(abs(Double(p.r) - ideal) <= 1 && p.g == 0 && p.b == 0, "(79, \(y)): \(p)")
        }
    }

    /// A radial gradient with equal radii has no ring: inside the radius the
    /// first stop, outside the last — black and white here, though red and
    /// then white share offset 0 (the inside was red). Within a start
    /// radius the same padding holds: the first stop, black.
    @Test func radialEqualRadiiPadWithTheFirstAndLastStop() {
        let gradient = Self.gradient([(0, Self.black), (0, Self.red), (1, Self.white)])
        let square = Rect(minX: 0, minY: 0, maxX: 32, maxY: 32)
        let step = Self.render(32, 32, rect: square, .radialGradient(gradient, center: Point(16, 16),
                                                                     startRadius: 8, endRadius: 8))
        for (x, y) in [(16, 16), (10, 16), (16, 21), (13, 13)] { // pixel centres within 6.4 of the centre
            #expect(step.pixel(x: x, y: y) == (0, 0, 0, 255), "(\(x), \(y))")
        }
        for (x, y) in [(0, 0), (25, 16), (16, 5), (31, 31)] {     // pixel centres beyond 9.4
            #expect(step.pixel(x: x, y: y) == (255, 255, 255, 255), "(\(x), \(y))")
        }
        let ring = Self.render(32, 32, rect: square, .radialGradient(gradient, center: Point(16, 16),
                                                                     startRadius: 8, endRadius: 12))
        for (x, y) in [(16, 16), (10, 16), (16, 21)] {
            #expect(ring.pixel(x: x, y: y) == (0, 0, 0, 255), "(\(x), \(y))")
        }
        #expect(ring.pixel(x: 0, y: 0) == (255, 255, 255, 255))
    }
}
