import Testing
import Geometry
import Pixels
@testable import Raster

/// Gaussian blur on small bitmaps. Tolerances are stated per test; the
/// three-box approximation (σ ≥ 2) is compared with the true Gaussian.
@Suite struct GaussianBlurTests {
    static func bitmap(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> UInt32) -> Bitmap {
        var b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let p = pixel(x, y), i = (y * w + x) * 4
                b.pixels[i] = UInt8(p & 0xFF); b.pixels[i + 1] = UInt8((p >> 8) & 0xFF)
                b.pixels[i + 2] = UInt8((p >> 16) & 0xFF); b.pixels[i + 3] = UInt8(p >> 24)
            }
        }
        return b
    }

    static func all(_ b: Bitmap) -> PixelBox { PixelBox(minX: 0, minY: 0, maxX: b.width, maxY: b.height) }

    static func blurred(_ b: Bitmap, sigma: Double, edge: BlurEdge = .transparent, region: PixelBox? = nil) -> Bitmap {
        var out = b
        GaussianBlur.blur(&out, region: region ?? all(b), sigma: sigma, edge: edge, scratch: BlurScratch(exact: true))
        return out
    }

    static func alphaSum(_ b: Bitmap) -> Int {
        stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) }
    }

    /// Φ, the standard normal CDF, by Simpson's rule on the density (test
    /// reference only; Foundation's erf is avoided to keep Raster's tests plain).
    static func normalCDF(_ z: Double) -> Double {
        if z < 0 { return 1 - normalCDF(-z) }
        let n = 2000, h = z / Double(n)
        func f(_ t: Double) -> Double { BlurAxis.expOfNegative(t * t / 2) / (2 * Double.pi).squareRoot() }
        var s = f(0) + f(z)
        for i in 1..<n { s += f(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return 0.5 + s * h / 3
    }

    /// A single white pixel spreads but keeps its total: alpha summed over
    /// the bitmap within 1 %. An 8-bit result cannot hold a dim spread-out
    /// dot (at σ = 4 the peak is 2/255 and most of the tail rounds to 0), so
    /// the box range is checked on a 6×6 white square, whose blur stays well
    /// above the 8-bit step.
    @Test(arguments: [0.5, 1.0])
    func singlePixelKeepsItsMass(sigma: Double) {
        let b = Self.bitmap(31, 31) { x, y in x == 15 && y == 15 ? 0xFFFF_FFFF : 0 }
        let out = Self.blurred(b, sigma: sigma)
        #expect(abs(Self.alphaSum(out) - 255) <= 2, "σ \(sigma): alpha sum \(Self.alphaSum(out))")
        #expect(out.pixel(x: 15, y: 15).a < 255 && out.pixel(x: 15, y: 15).a > out.pixel(x: 16, y: 15).a)
        // Premultiplied white stays white: colour equals alpha everywhere.
        for y in 0..<31 { for x in 0..<31 { let p = out.pixel(x: x, y: y); #expect(p.r == p.a && p.b == p.a) } }
    }

    @Test(arguments: [2.0, 4.0, 6.5])
    func squareKeepsItsMass(sigma: Double) {
        let b = Self.bitmap(81, 81) { x, y in (37..<43).contains(x) && (37..<43).contains(y) ? 0xFFFF_FFFF : 0 }
        let out = Self.blurred(b, sigma: sigma)
        let mass = 36 * 255
        #expect(abs(Self.alphaSum(out) - mass) <= mass / 100, "σ \(sigma): alpha sum \(Self.alphaSum(out))")
        #expect(out.pixel(x: 40, y: 40).a < 255 && out.pixel(x: 40, y: 40).a > out.pixel(x: 46, y: 40).a)
    }

    /// The blurred point is symmetric: mirrored positions agree exactly. The
    /// horizontal pass is rounded to 8 bits before the vertical one, so
    /// transposed positions may differ by 1.
    @Test(arguments: [1.3, 2.0, 4.0, 9.0])
    func resultIsSymmetric(sigma: Double) {
        let b = Self.bitmap(41, 41) { x, y in x == 20 && y == 20 ? 0xFFFF_FFFF : 0 }
        let out = Self.blurred(b, sigma: sigma)
        for y in 0..<41 {
            for x in 0..<41 {
                let p = out.pixel(x: x, y: y)
                #expect(p == out.pixel(x: 40 - x, y: y) && p == out.pixel(x: x, y: 40 - y))
                #expect(abs(Int(p.a) - Int(out.pixel(x: y, y: x).a)) <= 1)
            }
        }
    }

    /// A flat opaque colour stays exactly flat with clamped edges, up to the
    /// bitmap's borders (±0), for the kernel and the box ranges.
    @Test(arguments: [0.8, 1.9, 2.0, 5.0, 24.0])
    func flatAreaStaysFlatWithClampedEdges(sigma: Double) {
        let colour = PackedPixel.pack(200, 120, 37, 255)
        let b = Self.bitmap(37, 23) { _, _ in colour }
        #expect(Self.blurred(b, sigma: sigma, edge: .clamp) == b)
    }

    /// With transparent edges the same flat area fades towards the border:
    /// the corner keeps about a quarter, an edge middle about a half.
    @Test func transparentEdgesFade() {
        let b = Self.bitmap(64, 64) { _, _ in 0xFFFF_FFFF }
        let out = Self.blurred(b, sigma: 4)
        #expect(out.pixel(x: 32, y: 32).a == 255)
        #expect(abs(Int(out.pixel(x: 0, y: 32).a) - 128) <= 20)
        #expect(abs(Int(out.pixel(x: 0, y: 0).a) - 64) <= 16)
        #expect(out.pixel(x: 0, y: 0).a < out.pixel(x: 1, y: 1).a)
    }

    @Test func tinySigmaChangesNothing() {
        let b = Self.bitmap(9, 7) { x, y in PackedPixel.pack(UInt8(x * 20), UInt8(y * 30), 7, 255) }
        #expect(Self.blurred(b, sigma: 0) == b)
        #expect(Self.blurred(b, sigma: 0.2) == b)
        #expect(Self.blurred(b, sigma: -3) == b)
        #expect(Self.blurred(b, sigma: .nan) == b)
    }

    /// A step edge blurred with σ = 4 follows the Gaussian CDF. Filter
    /// Effects' boxes for σ = 4 are 8, 8, 9, a kernel of σ = 4.14: the edge
    /// is within 3/255 of 255·Φ(x/4.14) (the piecewise-quadratic shape) and
    /// within 5/255 of 255·Φ(x/4) (measured 4.35). Alpha of a white
    /// half-plane, middle row.
    @Test func stepEdgeFollowsTheGaussianCDF() {
        let b = Self.bitmap(80, 9) { x, _ in x >= 40 ? 0xFFFF_FFFF : 0 }
        let out = Self.blurred(b, sigma: 4, edge: .clamp)
        let boxSigma = ((63.0 + 63 + 80) / 12).squareRoot() // Σ (n² − 1)/12 over the boxes
        var worst = 0.0, worstBoxes = 0.0
        for x in 0..<80 {
            let v = Double(out.pixel(x: x, y: 4).a), t = Double(x) + 0.5 - 40
            worst = max(worst, abs(v - 255 * Self.normalCDF(t / 4)))
            worstBoxes = max(worstBoxes, abs(v - 255 * Self.normalCDF(t / boxSigma)))
        }
        #expect(worst <= 5, "largest deviation from σ = 4: \(worst)")
        #expect(worstBoxes <= 3, "largest deviation from the boxes' σ: \(worstBoxes)")
        // The true-Gaussian kernel below σ = 2 is closer still: σ = 1.5 within 2/255.
        let small = Self.blurred(b, sigma: 1.5, edge: .clamp)
        var worstSmall = 0.0
        for x in 0..<80 {
            let ideal = 255 * Self.normalCDF((Double(x) + 0.5 - 40) / 1.5)
            worstSmall = max(worstSmall, abs(Double(small.pixel(x: x, y: 4).a) - ideal))
        }
        #expect(worstSmall <= 2, "largest deviation \(worstSmall)")
    }

    /// Only the region is written; what lies around it is read but kept, and
    /// blurring a region equals cropping the full blur to it.
    @Test func regionIsTheOnlyPartWritten() {
        let b = Self.bitmap(50, 40) { x, y in ((x / 5 + y / 7) % 2 == 0) ? 0xFFFF_FFFF : PackedPixel.pack(0, 0, 90, 90) }
        let region = PixelBox(minX: 12, minY: 9, maxX: 37, maxY: 30)
        for edge in [BlurEdge.transparent, .clamp] {
            for sigma in [1.2, 3.0] {
                let part = Self.blurred(b, sigma: sigma, edge: edge, region: region)
                let full = Self.blurred(b, sigma: sigma, edge: edge)
                for y in 0..<40 {
                    for x in 0..<50 {
                        let inside = x >= 12 && x < 37 && y >= 9 && y < 30
                        #expect(part.pixel(x: x, y: y) == (inside ? full : b).pixel(x: x, y: y))
                    }
                }
            }
        }
    }

    /// Blurring into a separate destination leaves the source untouched and
    /// writes the same pixels as in place; uneven σx, σy blur one axis only.
    @Test func separateDestinationAndPerAxisSigma() {
        let b = Self.bitmap(30, 30) { x, y in x == 15 && y == 15 ? 0xFFFF_FFFF : 0 }
        var destination = Bitmap(width: 30, height: 30)
        let scratch = BlurScratch(exact: true)
        b.pixels.withUnsafeBytes { src in
            destination.pixels.withUnsafeMutableBytes { dst in
                GaussianBlur.blur(source: src.bindMemory(to: UInt32.self).baseAddress!,
                                  destination: dst.bindMemory(to: UInt32.self).baseAddress!,
                                  width: 30, height: 30, region: Self.all(b), sigmaX: 3, sigmaY: 0,
                                  edge: .transparent, scratch: scratch)
            }
        }
        #expect(b.pixel(x: 15, y: 15).a == 255)
        for y in 0..<30 where y != 15 { for x in 0..<30 { #expect(destination.pixel(x: x, y: y).a == 0) } }
        #expect(destination.pixel(x: 17, y: 15).a > 0 && destination.pixel(x: 15, y: 15).a < 255)
    }

    /// The reach is what the blur reads around an output pixel.
    @Test func reachMatchesTheBoxSizes() {
        #expect(GaussianBlur.reach(sigma: 0.1, exact: true) == 0)
        #expect(GaussianBlur.reach(sigma: 1, exact: true) == 3)   // kernel radius ⌈3σ⌉
        #expect(GaussianBlur.reach(sigma: 4, exact: true) == 11)  // d = 8: 3·8/2 − 1
        #expect(GaussianBlur.reach(sigma: 20, exact: true) == 56) // d = 38: 3·38/2 − 1
        #expect(GaussianBlur.reach(sigma: 21, exact: true) == 57) // d = 39: 3·(39 − 1)/2
    }

    /// Past σ ≈ 107 the sums leave 32 bits and a 64-bit path takes over:
    /// flat stays flat, and a step stays monotonic and antisymmetric.
    @Test func veryLargeSigmaStaysExact() {
        let flat = Self.bitmap(64, 64) { _, _ in PackedPixel.pack(10, 200, 30, 255) }
        #expect(Self.blurred(flat, sigma: 110, edge: .clamp) == flat)
        let step = Self.bitmap(64, 4) { x, _ in x >= 32 ? 0xFFFF_FFFF : PackedPixel.pack(0, 0, 0, 255) }
        let out = Self.blurred(step, sigma: 110, edge: .clamp)
        let row = (0..<64).map { Int(out.pixel(x: $0, y: 1).r) }
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 })
        #expect((0..<64).allSatisfy { abs(row[$0] + row[63 - $0] - 255) <= 1 })
        #expect(row[0] > 60 && row[63] < 195) // a very wide blur, clamped edges
    }

    /// σ far beyond the bitmap is capped at twice its size: still a blur,
    /// finished quickly, without touching pixels outside the bitmap.
    @Test func hugeSigmaIsCapped() {
        let dot = Self.bitmap(9, 9) { x, y in x == 4 && y == 4 ? 0xFFFF_FFFF : 0 }
        let out = Self.blurred(dot, sigma: 1.0e9, edge: .clamp)
        #expect(out.pixel(x: 4, y: 4).a < 255)
        #expect(Self.alphaSum(out) <= 255 * 2)
    }
}
