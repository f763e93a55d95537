import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// Gradient shaders on small spans. Colours are compared as premultiplied
/// RGBA8; tolerances are stated per test.
@Suite struct GradientShaderTests {
    static let black = Color(r: 0, g: 0, b: 0)
    static let white = Color(r: 1, g: 1, b: 1)

    static func stops(_ pairs: [(Double, Color)]) -> Gradient {
        Gradient(stops: pairs.map { GradientStop(location: $0.0, color: $0.1) })
    }

    /// Rows y0..<y0+height of `width` pixels from a shader.
    static func shade(_ shader: some SpanShader, x: Int = 0, y: Int = 0, width: Int, height: Int) -> [[UInt32]] {
        var rows: [[UInt32]] = []
        let span = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { span.deallocate() }
        for row in y..<(y + height) {
            shader.shade(x: x, y: row, count: width, into: span)
            rows.append(Array(UnsafeBufferPointer(start: span, count: width)))
        }
        return rows
    }

    static func channel(_ p: UInt32, _ c: Int) -> Int { Int((p >> (8 * UInt32(c))) & 0xFF) }

    /// Black → white across 256 pixels: every column's mean over 64 rows is
    /// within 0.5 of the ideal 255·(x + 0.5)/256, while the ordered dither
    /// makes neighbouring rows differ somewhere (no banding by repetition).
    @Test func linearColumnMeansMatchTheIdealRamp() {
        let shader = LinearGradientShader(gradient: Self.stops([(0, Self.black), (1, Self.white)]),
                                          start: Point(0, 0), end: Point(256, 0), inverse: .identity)
        let rows = Self.shade(shader, width: 256, height: 64)
        for x in 0..<256 {
            let ideal = 255 * (Double(x) + 0.5) / 256
            let mean = Double(rows.reduce(0) { $0 + Self.channel($1[x], 0) }) / 64
            #expect(abs(mean - ideal) <= 0.5, "column \(x): mean \(mean), ideal \(ideal)")
            #expect(rows.allSatisfy { Self.channel($0[x], 3) == 255 })
            #expect(rows.allSatisfy { abs(Double(Self.channel($0[x], 0)) - ideal) < 1 })
        }
        #expect(rows[0] != rows[1])
    }

    @Test func linearPadsBeyondItsEnds() {
        let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1)
        let shader = LinearGradientShader(gradient: Self.stops([(0, red), (1, blue)]),
                                          start: Point(20, 0), end: Point(40, 0), inverse: .identity)
        let rows = Self.shade(shader, width: 60, height: 8)
        for row in rows {
            for x in 0..<20 { #expect(row[x] == PackedPixel.pack(255, 0, 0, 255)) }
            for x in 40..<60 { #expect(row[x] == PackedPixel.pack(0, 0, 255, 255)) }
        }
    }

    /// Stops at the same location switch colour at once: pixel centres
    /// before 0.5 are the first colour, from 0.5 on the second (±0).
    @Test func equalStopLocationsMakeAHardEdge() {
        let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1)
        let shader = LinearGradientShader(gradient: Self.stops([(0, red), (0.5, red), (0.5, blue), (1, blue)]),
                                          start: Point(0, 0), end: Point(100, 0), inverse: .identity)
        let row = Self.shade(shader, width: 100, height: 1)[0]
        for x in 0..<50 { #expect(row[x] == PackedPixel.pack(255, 0, 0, 255), "x = \(x)") }
        for x in 50..<100 { #expect(row[x] == PackedPixel.pack(0, 0, 255, 255), "x = \(x)") }
    }

    /// Equal colours, or a single stop, are that exact colour everywhere:
    /// no dither noise, also with translucency.
    @Test func flatGradientsAreExact() {
        let c = Color(r: 0.5, g: 0.25, b: 0.8, a: 0.6)
        let p = c.premultipliedRGBA8
        let expected = PackedPixel.pack(p.r, p.g, p.b, p.a)
        let inverse = Transform.rotation(degrees: 30)
        let shaders: [any SpanShader] = [
            LinearGradientShader(gradient: Self.stops([(0, c), (0.3, c), (1, c)]), start: .zero, end: Point(50, 10),
                                 inverse: inverse),
            LinearGradientShader(gradient: Self.stops([(0.4, c)]), start: .zero, end: Point(50, 10), inverse: inverse),
            RadialGradientShader(gradient: Self.stops([(0, c), (1, c)]), center: Point(16, 16), startRadius: 0,
                                 endRadius: 20, inverse: inverse),
        ]
        for shader in shaders {
            for row in Self.shade(shader, width: 40, height: 16) { #expect(row.allSatisfy { $0 == expected }) }
        }
    }

    @Test func noStopsIsTransparent() {
        let shader = LinearGradientShader(gradient: Gradient(stops: []), start: .zero, end: Point(10, 0),
                                          inverse: .identity)
        #expect(Self.shade(shader, width: 10, height: 2).allSatisfy { $0.allSatisfy { $0 == 0 } })
    }

    /// Colours interpolate in sRGB with straight alpha, then premultiply:
    /// halfway from opaque red to transparent blue is (0.5, 0, 0.5) at
    /// alpha 0.5 → premultiplied (64, 0, 64, 128) ±1.
    @Test func interpolatesStraightAlphaThenPremultiplies() {
        let wide = LinearGradientShader(
            gradient: Self.stops([(0, Color(r: 1, g: 0, b: 0)), (1, Color(r: 0, g: 0, b: 1, a: 0))]),
            start: Point(-100, 0), end: Point(101, 0), inverse: .identity)
        let p = Self.shade(wide, width: 1, height: 1)[0][0] // t = 100.5 / 201 = 0.5
        #expect(abs(Self.channel(p, 0) - 64) <= 1 && Self.channel(p, 1) == 0)
        #expect(abs(Self.channel(p, 2) - 64) <= 1 && abs(Self.channel(p, 3) - 128) <= 1)
    }

    /// Under a rotating inverse the gradient turns with it: rotating paint
    /// space by 90° makes a horizontal ramp vertical (constant along rows).
    @Test func followsTheInverseTransform() {
        let gradient = Self.stops([(0, Self.black), (1, Self.white)])
        // Device (x, y) → paint (y, −x): the paint x axis runs down the device.
        let inverse = Transform.rotation(degrees: -90)
        let shader = LinearGradientShader(gradient: gradient, start: Point(0, 0), end: Point(64, 0), inverse: inverse)
        let rows = Self.shade(shader, width: 16, height: 64)
        for (y, row) in rows.enumerated() {
            let ideal = 255 * (Double(y) + 0.5) / 64
            let mean = Double(row.reduce(0) { $0 + Self.channel($1, 0) }) / Double(row.count)
            #expect(abs(mean - ideal) < 1, "row \(y)")
        }
        // At 45° the value depends on x + y: pixels on an anti-diagonal agree within the dither (±1).
        let diagonal = LinearGradientShader(gradient: gradient, start: Point(0, 0), end: Point(64, 0),
                                            inverse: .rotation(degrees: -45))
        let d = Self.shade(diagonal, width: 32, height: 32)
        for s in 10..<40 {
            let values = (max(0, s - 31)...min(31, s)).map { Self.channel(d[s - $0][$0], 0) }
            #expect(values.max()! - values.min()! <= 2, "anti-diagonal \(s)")
        }
    }

    /// Radial: the centre takes the first stop, distances from endRadius on
    /// the last (exact, padded), halfway between is about half.
    @Test func radialRunsFromCentreToEndRadius() {
        let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1)
        let shader = RadialGradientShader(gradient: Self.stops([(0, red), (1, blue)]), center: Point(32, 32),
                                          startRadius: 0, endRadius: 20, inverse: .identity)
        let rows = Self.shade(shader, width: 64, height: 64)
        let centre = rows[31][31] // centre (31.5, 31.5), distance 0.71
        #expect(Self.channel(centre, 0) >= 245 && Self.channel(centre, 2) <= 10)
        for (y, row) in rows.enumerated() {
            for (x, p) in row.enumerated() {
                let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
                if (dx * dx + dy * dy).squareRoot() >= 20.01 {
                    #expect(p == PackedPixel.pack(0, 0, 255, 255), "(\(x), \(y))")
                }
            }
        }
        let mid = rows[31][41] // distance ≈ 9.51 → t ≈ 0.476
        #expect(abs(Self.channel(mid, 0) - Int(255 * (1 - 0.4756))) <= 2)
    }

    /// startRadius > 0: inside it the first colour (padded).
    @Test func radialPadsInsideTheStartRadius() {
        let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1)
        let shader = RadialGradientShader(gradient: Self.stops([(0, red), (1, blue)]), center: Point(16, 16),
                                          startRadius: 8, endRadius: 12, inverse: .identity)
        let rows = Self.shade(shader, width: 32, height: 32)
        #expect(rows[16][16] == PackedPixel.pack(255, 0, 0, 255))
        #expect(rows[16][22] == PackedPixel.pack(255, 0, 0, 255)) // distance 6.5
        #expect(rows[16][30] == PackedPixel.pack(0, 0, 255, 255)) // distance 14.5
    }

    /// A non-uniform scale makes circles ellipses: with paint space squeezed
    /// 2× horizontally (inverse scales x by 1/2), the end radius is reached
    /// twice as far along x as along y.
    @Test func radialBecomesAnEllipseUnderNonUniformScale() {
        let shader = RadialGradientShader(gradient: Self.stops([(0, Self.black), (1, Self.white)]),
                                          center: Point(0, 0), startRadius: 0, endRadius: 10,
                                          inverse: .scale(0.5, 1))
        let row = Self.shade(shader, x: 0, y: 0, width: 24, height: 1)[0]
        let column = Self.shade(shader, x: 0, y: 0, width: 1, height: 12).map { $0[0] }
        #expect(row[21] == PackedPixel.pack(255, 255, 255, 255)) // paint x = 10.75
        #expect(Self.channel(row[17], 0) < 255)                 // paint x = 8.75
        #expect(column[10] == PackedPixel.pack(255, 255, 255, 255))
        // Paint distances: (5.25, 0.5) → 5.274, (0.25, 5.5) → 5.506; ramp ±1 dither ±1 rounding.
        #expect(abs(Double(Self.channel(row[10], 0)) - 255 * 0.5274) <= 1.5)
        #expect(abs(Double(Self.channel(column[5], 0)) - 255 * 0.5506) <= 1.5)
    }

    /// A cached table draws the same pixels as a fresh one.
    @Test func cachedTablesDrawTheSame() {
        let gradient = Self.stops([(0, Color(r: 1, g: 0, b: 0)), (0.7, Color(r: 0, g: 1, b: 0, a: 0.5)), (1, Self.white)])
        let cache = GradientCache(capacity: 2)
        let inverse = Transform.rotation(degrees: 20)
        for _ in 0..<3 {
            let direct = LinearGradientShader(gradient: gradient, start: .zero, end: Point(40, 5), inverse: inverse)
            let cached = LinearGradientShader(table: cache.table(for: gradient), start: .zero, end: Point(40, 5),
                                              inverse: inverse)
            #expect(Self.shade(direct, width: 48, height: 9) == Self.shade(cached, width: 48, height: 9))
            let radial = RadialGradientShader(table: cache.table(for: gradient), center: Point(10, 4), startRadius: 2,
                                              endRadius: 30, inverse: inverse)
            let fresh = RadialGradientShader(gradient: gradient, center: Point(10, 4), startRadius: 2, endRadius: 30,
                                             inverse: inverse)
            #expect(Self.shade(radial, width: 48, height: 9) == Self.shade(fresh, width: 48, height: 9))
            _ = cache.table(for: Self.stops([(0, Self.black)])) // churn past the capacity
        }
    }
}
