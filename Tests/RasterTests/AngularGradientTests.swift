import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// SwiftUI's AngularGradient and EllipticalGradient, checked at pixels whose
/// position along the gradient is known by hand. A black → white gradient
/// makes the grey the position: 255·t, within ±1 of the ordered dither
/// (the table holds 1/256 steps that the dither spreads over neighbours).
@Suite struct AngularGradientTests {
    static let black = Color(r: 0, g: 0, b: 0), white = Color(r: 1, g: 1, b: 1)
    static let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1), green = Color(r: 0, g: 1, b: 0)

    static func gradient(_ pairs: [(Double, Color)]) -> Gradient {
        Gradient(stops: pairs.map { GradientStop(location: $0.0, color: $0.1) })
    }

    /// A 101×101 square filled with `paint`: pixel (x, y) has its centre at
    /// (x + 0.5, y + 0.5), so the centre (50.5, 50.5) is pixel (50, 50)'s.
    static func render(_ paint: DisplayPaint) -> Bitmap {
        Rasterizer().render(DisplayList(width: 101, height: 101, background: .clear, items: [
            .fill(path: .roundedRect(Rect(minX: 0, minY: 0, maxX: 101, maxY: 101), radii: (0, 0, 0, 0)),
                  transform: .identity, paint: paint, rule: .nonzero)]))
    }

    static func grey(_ b: Bitmap, _ x: Int, _ y: Int, _ t: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let p = b.pixel(x: x, y: y)
        #expect(abs(Double(p.r) - 255 * t) <= 1 && p.a == 255, "(\(x), \(y)): \(p), expected \(255 * t)",
                sourceLocation: sourceLocation)
    }

    static let center = Point(50.5, 50.5)

    /// Black → white about the centre from `start` to `end` degrees.
    static func sweep(_ start: Double, _ end: Double) -> Bitmap {
        render(.angularGradient(gradient([(0, black), (1, white)]), center: center, startAngle: start, endAngle: end))
    }

    /// Pixels at known angles about the centre, for sweeps from `start` to
    /// `end` degrees, and the position t each must show:
    /// - 0 … 360, a full turn from 0°: 3 o'clock is t = 0, 6 o'clock (90°,
    ///   clockwise on screen) 0.25, 9 o'clock 0.5, 12 o'clock 0.75, and 45°
    ///   below the +x axis 0.125;
    /// - 90 … 450: the turn begins at 6 o'clock, so 9 o'clock is a quarter on;
    /// - 90 … 270, less than a turn: 180° is halfway; the 180° gap beyond
    ///   270° takes the last colour up to halfway across it (here 315°) and
    ///   the first after (here 45°);
    /// - 0 … −360, a negative sweep, runs counterclockwise: 12 o'clock (−90°)
    ///   is a quarter on, 6 o'clock three quarters;
    /// - 0 … 720, more than a turn, draws the last complete one: t from 0.5
    ///   (at 360° = 0°) to 1, so 9 o'clock is 0.75.
    static let sweeps: [(start: Double, end: Double, pixels: [(x: Int, y: Int, t: Double)])] = [
        (0, 360, [(90, 50, 0), (50, 90, 0.25), (10, 50, 0.5), (50, 10, 0.75), (80, 80, 0.125)]),
        (90, 450, [(50, 90, 0), (10, 50, 0.25), (50, 10, 0.5), (90, 50, 0.75)]),
        (90, 270, [(50, 90, 0), (10, 50, 0.5), (50, 10, 1), (80, 20, 1), (80, 80, 0)]),
        (0, -360, [(50, 10, 0.25), (50, 90, 0.75)]),
        (0, 720, [(90, 50, 0.5), (10, 50, 0.75), (50, 10, 0.875)]),
    ]

    @Test(arguments: sweeps)
    func positionFollowsTheAngle(start: Double, end: Double, pixels: [(x: Int, y: Int, t: Double)]) {
        let b = Self.sweep(start, end)
        for (x, y, t) in pixels { Self.grey(b, x, y, t) }
    }

    /// Just above the +x axis a full turn ends: nearly white (the seam).
    @Test func fullTurnEndsJustAboveThreeOClock() {
        let p = Self.sweep(0, 360).pixel(x: 90, y: 49)
        #expect(p.r >= 253, "\(p)")
    }

    /// Stops sharing offset 0 pad with the first stop, as the other
    /// gradients do: in the gap's second half the colour is red (the first
    /// stop), not blue (the colour just after the shared start); in its
    /// first half, green, the last stop.
    @Test func gapPadsWithTheFirstAndLastStop() {
        let b = Self.render(.angularGradient(Self.gradient([(0, Self.red), (0, Self.blue), (1, Self.green)]),
                                             center: Self.center, startAngle: 90, endAngle: 270))
        #expect(b.pixel(x: 80, y: 80) == (255, 0, 0, 255))   // 45°: second half of the gap
        #expect(b.pixel(x: 80, y: 20) == (0, 255, 0, 255))   // 315°: first half
        let p = b.pixel(x: 49, y: 95)                        // 91.3°, t = 0.007: blue
        #expect(p.b > 250 && p.r == 0, "\(p)")
    }

    /// Under a transform the angles are the paint's: mirrored in x, the
    /// clockwise turn runs counterclockwise on screen (6 o'clock stays 0.25,
    /// 3 and 9 o'clock swap).
    @Test func anglesAreInPaintSpace() {
        let mirror = Transform(a: -1, b: 0, c: 0, d: 1, tx: 101, ty: 0)
        let b = Rasterizer().render(DisplayList(width: 101, height: 101, background: .clear, items: [
            .fill(path: .roundedRect(Rect(minX: 0, minY: 0, maxX: 101, maxY: 101), radii: (0, 0, 0, 0)),
                  transform: mirror,
                  paint: .angularGradient(Self.gradient([(0, Self.black), (1, Self.white)]), center: Self.center,
                                          startAngle: 0, endAngle: 360), rule: .nonzero)]))
        Self.grey(b, 10, 50, 0)
        Self.grey(b, 50, 90, 0.25)
        Self.grey(b, 90, 50, 0.5)
    }

    /// EllipticalGradient over a 100 × 50 box about its centre, radii 0 …
    /// 0.5: the ellipse of semi-axes 50 × 25 is t = 1, and halfway out along
    /// either axis (25 right, 12.5 down) is t = 0.5.
    @Test func ellipticalGradientScalesToTheBounds() {
        let b = Rasterizer().render(DisplayList(width: 100, height: 50, background: .clear, items: [
            .fill(path: .roundedRect(Rect(minX: 0, minY: 0, maxX: 100, maxY: 50), radii: (0, 0, 0, 0)),
                  transform: .identity,
                  paint: .ellipticalGradient(Self.gradient([(0, Self.black), (1, Self.white)]), center: Point(50, 25),
                                             width: 100, height: 50, startRadiusFraction: 0, endRadiusFraction: 0.5),
                  rule: .nonzero)]))
        // Pixel centres: (74.5, 24.5) is 24.5 right and 0.5 up: t = √(0.49² + 0.02²) = 0.4904.
        Self.grey(b, 74, 24, (0.49 * 0.49 + 0.02 * 0.02).squareRoot())
        // (49.5, 37.5): 0.5 left, 12.5 down: t = √(0.01² + 0.5²) = 0.5001.
        Self.grey(b, 49, 37, (0.01 * 0.01 + 0.5 * 0.5).squareRoot())
        // Beyond the ellipse (a corner) the last colour pads.
        Self.grey(b, 99, 0, 1)
    }
}
