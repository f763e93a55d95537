import Testing
import Pixels
@testable import Raster

/// `Bitmap.resized`: area averaging, exact in integers.
@Suite struct AreaResizeTests {
    func grey(_ values: [UInt8], width: Int) -> Bitmap {
        Bitmap(width: width, height: values.count / width, pixels: values.flatMap { [$0, $0, $0, 255] })
    }

    func greys(_ b: Bitmap) -> [UInt8] { stride(from: 0, to: b.pixels.count, by: 4).map { b.pixels[$0] } }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        let b = grey([0, 100, 200, 40,
                      60, 40, 0, 40,
                      255, 255, 10, 20,
                      255, 255, 30, 40], width: 4)
        let r = b.resized(width: 2, height: 2)
        #expect(greys(r) == [50, 70, 255, 25])
    }

    /// Three pixels into two: each target pixel covers one and a half source pixels.
    @Test func fractionalFootprintsWeighByOverlap() {
        let r = grey([0, 255, 0], width: 3).resized(width: 2, height: 1)
        #expect(greys(r) == [85, 85])
        #expect(Bitmap.footprints(source: 3, target: 2).map { $0.map(\.weight) } == [[2, 1], [1, 2]])
    }

    /// One-pixel stripes, shrunk 5×: every thumbnail pixel is the mean grey,
    /// where point sampling would pick black or white.
    @Test func finePatternsAverageInsteadOfAliasing() {
        let stripes = Bitmap(width: 200, height: 10, pixels: (0..<2000).flatMap { i -> [UInt8] in
            let v: UInt8 = (i % 200) % 2 == 0 ? 0 : 255
            return [v, v, v, 255]
        })
        let r = stripes.resized(width: 40, height: 2)
        #expect(Set(greys(r)).isSubset(of: [102, 153]))
    }

    /// Premultiplied: a transparent neighbour adds no colour, only transparency.
    @Test func transparentPixelsAddNoColour() {
        let b = Bitmap(width: 2, height: 1, pixels: [200, 0, 0, 200, 0, 0, 0, 0])
        let r = b.resized(width: 1, height: 1)
        #expect(r.pixels == [100, 0, 0, 100])
    }

    @Test func sameSizeIsUnchanged() {
        let b = grey([1, 2, 3, 4, 5, 6], width: 3)
        #expect(b.resized(width: 3, height: 2) == b)
    }
}
