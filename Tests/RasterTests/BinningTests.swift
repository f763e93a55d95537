import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// Overlapping fills painted band by band (`Rasterizer+Bins`) against the
/// same list painted one fill after another: identical bytes.
@Suite struct BinningTests {
    /// Wide enough for bands of a few rows (256 KiB of 2,000-pixel rows is
    /// 32 rows), so shapes cross several band edges.
    static let width = 2000, height = 200

    /// A full-frame gradient, then translucent circles, rounded cards, an
    /// even-odd ring and a rotated rectangle, all overlapping: more than
    /// enough overlap to be binned.
    static func items(seed: UInt64) -> [DisplayItem] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let gradient = Gradient(stops: [GradientStop(location: 0, color: Color(r: 0.1, g: 0.15, b: 0.4)),
                                        GradientStop(location: 1, color: Color(r: 0.85, g: 0.35, b: 0.2))])
        let frame = Path.roundedRect(Rect(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height)),
                                     radii: (0, 0, 0, 0))
        var items: [DisplayItem] = [.fill(path: frame, transform: .identity,
                                          paint: .linearGradient(gradient, start: Point(0, 0), end: Point(0, Double(height))),
                                          rule: .nonzero)]
        for i in 0..<40 {
            let x = next() * Double(width), y = next() * Double(height) - 20, r = 30 + next() * 90
            let color = Color(r: next(), g: next(), b: next(), a: 0.2 + next() * 0.8)
            let path: Path
            switch i % 3 {
            case 0: path = .ellipse(in: Rect(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r))
            case 1: path = .roundedRect(Rect(minX: x - 2 * r, minY: y - r / 2, maxX: x + 2 * r, maxY: y + r),
                                        radii: (12, 12, 12, 12))
            default:
                var ring = Path.ellipse(in: Rect(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r))
                for e in Path.ellipse(in: Rect(minX: x - r / 2, minY: y - r / 2, maxX: x + r / 2, maxY: y + r / 2)).elements {
                    ring = Path(elements: ring.elements + [e])
                }
                path = ring
            }
            let transform = i % 5 == 4 ? Transform.rotation(degrees: 7).concatenating(.translation(0.3, 0.6)) : .identity
            items.append(.fill(path: path, transform: transform, paint: .solid(color), rule: i % 2 == 0 ? .evenodd : .nonzero))
        }
        return items
    }

    static func render(_ list: DisplayList, binning: Bool, reuse: Bool = false, times: Int = 1) -> (Bitmap, Int) {
        let rasterizer = Rasterizer(reuse: reuse)
        rasterizer.binning = binning
        var bitmap = rasterizer.render(list)
        for _ in 1..<times { bitmap = rasterizer.render(list, reusing: bitmap) }
        return (bitmap, rasterizer.recording.fills.count)
    }

    @Test(arguments: [Color(r: 0.2, g: 0.3, b: 0.1, a: 1), Color(r: 0, g: 0, b: 0, a: 0), Color(r: 1, g: 1, b: 1, a: 0.5)])
    func bandsMatchDirectPainting(background: Color) {
        for seed: UInt64 in [1, 2, 3] {
            let list = DisplayList(width: Self.width, height: Self.height, background: background, items: Self.items(seed: seed))
            let (binned, fills) = Self.render(list, binning: true)
            let (direct, none) = Self.render(list, binning: false)
            #expect(fills > list.items.count / 2) // drawn band by band (shapes off the frame are not recorded)
            #expect(none == 0)
            #expect(binned.pixels == direct.pixels)
        }
    }

    /// Without the full-frame gradient the first circle paints over the
    /// deferred clear, band by band.
    @Test func bandsWriteTheDeferredClear() {
        let items = Array(Self.items(seed: 4).dropFirst()) + Array(Self.items(seed: 5).dropFirst())
        let list = DisplayList(width: Self.width, height: Self.height, background: Color(r: 0.9, g: 0.1, b: 0.3), items: items)
        let (binned, fills) = Self.render(list, binning: true)
        #expect(fills > items.count / 2)
        #expect(binned.pixels == Self.render(list, binning: false).0.pixels)
    }

    /// Frame reuse (a frame drawn again from its kept start) paints the
    /// same bytes through the bands.
    @Test func bandsMatchWithFrameReuse() {
        let list = DisplayList(width: Self.width, height: Self.height, background: Color(r: 0, g: 0, b: 0),
                               items: Self.items(seed: 6))
        let direct = Self.render(list, binning: false).0
        #expect(Self.render(list, binning: true, reuse: true, times: 3).0.pixels == direct.pixels)
    }

    /// Thin shapes across the frame, whose boxes overlap many times but
    /// which paint few pixels, are painted one after another.
    @Test func thinFillsArePaintedDirectly() {
        var items: [DisplayItem] = []
        for i in 0..<20 {
            let y = Double(i) * 0.4
            var path = Path()
            path.move(to: Point(0, y))
            path.line(to: Point(Double(Self.width), y + 190))
            path.line(to: Point(Double(Self.width), y + 193))
            path.line(to: Point(0, y + 3))
            path.close()
            items.append(.fill(path: path, transform: .identity, paint: .solid(Color(r: 1, g: 1, b: 1, a: 0.5)), rule: .nonzero))
        }
        let list = DisplayList(width: Self.width, height: Self.height, background: Color(r: 0, g: 0, b: 0), items: items)
        let (bitmap, fills) = Self.render(list, binning: true)
        #expect(fills == 0)
        #expect(bitmap.pixels == Self.render(list, binning: false).0.pixels)
    }
}
