import Foundation
import Pixels
import Testing
@testable import Raster

/// The reduced-resolution blur against the exact full-resolution path:
/// PSNR over the four premultiplied channels of every pixel, at least 45 dB
/// (an RMS error of 1.4 levels of 255), from the switch-over to σ = 200 px.
@Suite struct ReducedBlurTests {
    static let sigmas: [Double] = [12, 13, 16, 20, 27, 30, 45, 60, 90, 128, 180, 200]

    /// A stand-in for a photograph: smooth colour fields (low-frequency
    /// sines), a vertical gradient and per-pixel grain, opaque.
    static let photo = GaussianBlurTests.bitmap(240, 200) { x, y in
        var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
        h = (h ^ (h >> 13)) &* 0x5bd1_e995
        let grain = Double(h >> 28) - 7.5
        func channel(_ fx: Double, _ fy: Double, _ phase: Double) -> UInt32 {
            let v = 128 + 70 * sin(Double(x) * fx + phase) * cos(Double(y) * fy) + Double(y) * 0.15 - 22 + grain
            return UInt32(min(max(v.rounded(), 0), 255))
        }
        return channel(0.021, 0.013, 0) | channel(0.034, 0.008, 1) << 8 | channel(0.011, 0.027, 2) << 16 | 0xFF00_0000
    }

    /// Hard edges: opaque bars and checker squares of saturated colours.
    static let bars = GaussianBlurTests.bitmap(240, 200) { x, y in
        if (x / 40 + y / 40) % 2 == 0 && y > 100 { return 0xFF00_00FF }
        return x % 90 < 30 ? 0xFFFF_FFFF : (x % 90 < 60 ? 0xFF00_FF00 : 0xFF20_1000)
    }

    /// Hard edges on transparency: a white square and a half-transparent disc.
    static let shapes = GaussianBlurTests.bitmap(240, 200) { x, y in
        if x >= 40 && x < 110 && y >= 30 && y < 170 { return 0xFFFF_FFFF }
        let dx = x - 175, dy = y - 100
        return dx * dx + dy * dy < 45 * 45 ? 0x8000_4080 : 0
    }

    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        var sum = 0.0
        for i in a.pixels.indices {
            let d = Double(a.pixels[i]) - Double(b.pixels[i])
            sum += d * d
        }
        let mse = sum / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    static func blurred(_ b: Bitmap, sigma: Double, edge: BlurEdge, exact: Bool, region: PixelBox? = nil) -> Bitmap {
        var out = b
        GaussianBlur.blur(&out, region: region ?? GaussianBlurTests.all(b), sigma: sigma, edge: edge,
                          scratch: BlurScratch(exact: exact))
        return out
    }

    @Test(arguments: [("photo", BlurEdge.clamp), ("bars", .clamp), ("shapes", .transparent), ("photo", .transparent)])
    func reducedBlurIsWithin45dBOfExact(image: String, edge: BlurEdge) {
        let source = image == "photo" ? Self.photo : image == "bars" ? Self.bars : Self.shapes
        for sigma in Self.sigmas {
            let exact = Self.blurred(source, sigma: sigma, edge: edge, exact: true)
            let reduced = Self.blurred(source, sigma: sigma, edge: edge, exact: false)
            #expect(ReducedBlur.Axis.choose(sigma: sigma) != nil, "σ \(sigma) should take the reduced path")
            let db = Self.psnr(reduced, exact)
            #expect(db >= 45, "\(image), \(edge), σ \(sigma): \(db) dB")
        }
    }

    @Test func belowTheSwitchOverTheBlurIsExact() {
        for sigma in [2.0, 5, 8, 11.9] {
            #expect(Self.blurred(Self.bars, sigma: sigma, edge: .clamp, exact: false)
                == Self.blurred(Self.bars, sigma: sigma, edge: .clamp, exact: true))
        }
    }

    /// A region blurred alone equals the same pixels of the whole image
    /// blurred, and nothing outside it changes: the blocks sit on one grid.
    @Test func aRegionIsTheWholeBlurCutOut() {
        let region = PixelBox(minX: 37, minY: 71, maxX: 190, maxY: 143)
        for sigma in [12.0, 40, 150] {
            let whole = Self.blurred(Self.photo, sigma: sigma, edge: .clamp, exact: false)
            let part = Self.blurred(Self.photo, sigma: sigma, edge: .clamp, exact: false, region: region)
            var expected = Self.photo.pixels
            for y in region.minY..<region.maxY {
                let row = (y * Self.photo.width + region.minX) * 4, end = row + (region.maxX - region.minX) * 4
                expected[row..<end] = whole.pixels[row..<end]
            }
            #expect(part.pixels == expected, "σ \(sigma)")
        }
    }

    /// Pixels beyond `reach` of the region do not change it: callers
    /// flatten or clear only that far.
    @Test func nothingBeyondTheReachIsRead() {
        let region = PixelBox(minX: 100, minY: 80, maxX: 140, maxY: 120)
        for sigma in [12.0, 20] {
            let reach = GaussianBlur.reach(sigma: sigma, exact: false)
            #expect(ReducedBlur.Axis.choose(sigma: sigma) != nil, "σ \(sigma) should take the reduced path")
            var changed = Self.photo
            for y in 0..<changed.height {
                for x in 0..<changed.width {
                    let near = x >= region.minX - reach && x < region.maxX + reach
                        && y >= region.minY - reach && y < region.maxY + reach
                    if !near { changed.pixels[(y * changed.width + x) * 4] = 0 }
                }
            }
            let a = Self.blurred(Self.photo, sigma: sigma, edge: .clamp, exact: false, region: region)
            let b = Self.blurred(changed, sigma: sigma, edge: .clamp, exact: false, region: region)
            for y in region.minY..<region.maxY {
                for x in region.minX..<region.maxX where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                    Issue.record("σ \(sigma): \(x), \(y) depends on pixels beyond the reach")
                    return
                }
            }
        }
    }
}
