import Dispatch
import Testing
import DisplayList
import Geometry
import Pixels
@testable import Raster

/// Glyph runs: drawn from cached masks when moved and uniformly scaled,
/// as one path otherwise. Masks use the fill's exact-area coverage, so at
/// quarter-pixel positions they match a path fill within 1 (float rounding
/// of other pixel origins); cache state and threads never change a byte.
@Suite struct GlyphMaskTests {
    /// Two made-up glyphs in font units (y down, baseline at 0): an oval and a triangle.
    static let oval = Path.ellipse(in: Rect(minX: 5, minY: -70, maxX: 55, maxY: 0))
    static let triangle: Path = {
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(30, -70))
        p.line(to: Point(60, 0))
        p.close()
        return p
    }()

    /// Glyphs 0.1 pt per font unit, 8 pt apart, starting at `x`, on baseline `y`.
    static func glyphs(x: Double, y: Double, count: Int = 6) -> [GlyphRun.Glyph] {
        (0..<count).map { i in
            GlyphRun.Glyph(id: UInt64(i % 2), outline: i % 2 == 0 ? oval : triangle,
                           origin: Point(x + 8 * Double(i), y), scale: 0.1)
        }
    }

    /// The same glyphs as one path (what text was before glyph runs).
    static func outlinePath(_ glyphs: [GlyphRun.Glyph]) -> Path {
        Path(elements: glyphs.flatMap { $0.outline.applying($0.transform).elements })
    }

    static func list(_ items: [DisplayItem]) -> DisplayList {
        DisplayList(width: 64, height: 24, background: .white, items: items)
    }

    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static let blue = DisplayPaint.solid(Color(r: 0.1, g: 0.2, b: 0.9, a: 0.8))

    @Test(arguments: [Transform.identity, .translation(0.25, 0.75), .scale(2, 2)])
    func masksMatchAPathFillAtQuarterPixels(transform: Transform) {
        let glyphs = Self.glyphs(x: 1.5, y: 9.25)
        let cache = GlyphMaskCache()
        let masked = Rasterizer(glyphMasks: cache).render(Self.list([.glyphs(GlyphRun(transform: transform, paint: Self.blue, glyphs: glyphs))]))
        let filled = Rasterizer().render(Self.list([.fill(path: Self.outlinePath(glyphs), transform: transform,
                                                          paint: Self.blue, rule: .nonzero)]))
        #expect(cache.count == 2, "one mask per glyph shape: every origin has the same sub-pixel offset")
        #expect(Self.maxDifference(masked, filled) <= 1)
    }

    @Test func gradientsPaintThroughMasks() {
        let glyphs = Self.glyphs(x: 2, y: 10)
        let paint = DisplayPaint.linearGradient(Gradient(stops: [GradientStop(location: 0, color: .black),
                                                                 GradientStop(location: 1, color: Color(r: 1, g: 0, b: 0))]),
                                                start: Point(0, 0), end: Point(50, 0))
        let transform = Transform.translation(0.5, 0.25)
        let masked = Rasterizer().render(Self.list([.glyphs(GlyphRun(transform: transform, paint: paint, glyphs: glyphs))]))
        let filled = Rasterizer().render(Self.list([.fill(path: Self.outlinePath(glyphs), transform: transform,
                                                          paint: paint, rule: .nonzero)]))
        #expect(Self.maxDifference(masked, filled) <= 1)
    }

    /// Origins snap to the nearest quarter pixel: 0.1 px moves nothing, a quarter does.
    @Test func originsSnapToQuarterPixels() {
        func draw(_ x: Double) -> Bitmap {
            Rasterizer().render(Self.list([.glyphs(GlyphRun(transform: .identity, paint: Self.blue,
                                                            glyphs: Self.glyphs(x: x, y: 10, count: 1)))]))
        }
        #expect(draw(3.1).pixels == draw(3).pixels)
        #expect(draw(3.25).pixels != draw(3).pixels)
    }

    /// Rotated, skewed or mirrored glyphs are not cached: filled as one path.
    @Test(arguments: [Transform.rotation(degrees: 20), Transform(a: 1, b: 0, c: 0.3, d: 1, tx: 0, ty: 0),
                      Transform.scale(-1, 1).concatenating(.translation(-60, 0))])
    func transformedRunsFillAsOnePath(transform: Transform) {
        let glyphs = Self.glyphs(x: 6, y: 12)
        let cache = GlyphMaskCache()
        let drawn = Rasterizer(glyphMasks: cache).render(Self.list([.glyphs(GlyphRun(transform: transform, paint: Self.blue, glyphs: glyphs))]))
        let filled = Rasterizer().render(Self.list([.fill(path: Self.outlinePath(glyphs), transform: transform,
                                                          paint: Self.blue, rule: .nonzero)]))
        #expect(cache.count == 0)
        #expect(Self.maxDifference(drawn, filled) <= 1)
        #expect(drawn.pixels != Rasterizer().render(Self.list([])).pixels, "the comparison is not of two empty frames")
    }

    /// Glyphs across every edge of the frame, or wholly outside it.
    @Test func glyphsOutsideTheFrameAreClipped() {
        let glyphs = Self.glyphs(x: -4, y: 3, count: 10) + Self.glyphs(x: 30, y: 26) + Self.glyphs(x: -90, y: 200)
        let masked = Rasterizer().render(Self.list([.glyphs(GlyphRun(transform: .identity, paint: Self.blue, glyphs: glyphs))]))
        let filled = Rasterizer().render(Self.list([.fill(path: Self.outlinePath(glyphs), transform: .identity,
                                                          paint: Self.blue, rule: .nonzero)]))
        #expect(Self.maxDifference(masked, filled) <= 1)
    }

    /// Text over a deferred clear clears only down to its glyphs; whatever
    /// comes next (more text above or below, a fill that would paint the
    /// clear itself) sees the frame as if it had been cleared first.
    @Test func textOverADeferredClearMatchesClearingFirst() {
        let low = DisplayItem.glyphs(GlyphRun(transform: .identity, paint: .solid(.black), glyphs: Self.glyphs(x: 1, y: 20)))
        let high = DisplayItem.glyphs(GlyphRun(transform: .identity, paint: Self.blue, glyphs: Self.glyphs(x: 3, y: 9)))
        let fill = DisplayItem.fill(path: .ellipse(in: Rect(minX: 10, minY: 2, maxX: 50, maxY: 22)), transform: .identity,
                                    paint: .solid(Color(r: 1, g: 0.5, b: 0, a: 0.6)), rule: .nonzero)
        for items in [[high, low], [high, fill, low], [low, high, fill], [high]] {
            let deferred = Rasterizer().render(Self.list(items))
            let direct = Rasterizer().render(Self.list([.beginLayer(Layer()), .endLayer] + items))
            #expect(Self.maxDifference(deferred, direct) == 0)
        }
    }

    /// A mask found in the cache and one built on a miss are the same bytes,
    /// whatever else the cache holds and in whichever order it was filled.
    @Test func cacheStateNeverChangesPixels() {
        let run = DisplayItem.glyphs(GlyphRun(transform: .translation(0.3, 0.6), paint: Self.blue, glyphs: Self.glyphs(x: 1, y: 11)))
        let other = DisplayItem.glyphs(GlyphRun(transform: .scale(1.5, 1.5), paint: Self.blue, glyphs: Self.glyphs(x: 0.7, y: 8)))
        let cold = Rasterizer().render(Self.list([run]))
        let shared = GlyphMaskCache()
        _ = Rasterizer(glyphMasks: shared).render(Self.list([other]))
        let warmA = Rasterizer(glyphMasks: shared).render(Self.list([run]))
        let warmB = Rasterizer(glyphMasks: shared).render(Self.list([run]))
        #expect(Self.maxDifference(cold, warmA) == 0 && Self.maxDifference(warmA, warmB) == 0)
        // A cache too small for two masks starts over at every insertion.
        let tiny = GlyphMaskCache(budget: 1)
        _ = Rasterizer(glyphMasks: tiny).render(Self.list([other]))
        let evicting = Rasterizer(glyphMasks: tiny).render(Self.list([run, other, run]))
        let fresh = Rasterizer().render(Self.list([run, other, run]))
        #expect(tiny.count <= 2)
        #expect(Self.maxDifference(evicting, fresh) == 0)
    }

    /// Workers sharing one cache (and racing to fill it) draw what one alone draws.
    @Test func rasterizersSharingACacheAgreeWithOneAlone() {
        let lists = (0..<16).map { i in
            Self.list([.glyphs(GlyphRun(transform: .translation(Double(i) * 0.37, Double(i % 5) * 0.21), paint: Self.blue,
                                        glyphs: Self.glyphs(x: 1, y: 11)))])
        }
        let alone = lists.map { Rasterizer().render($0).pixels }
        let shared = GlyphMaskCache()
        let results = Results(count: lists.count)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let rasterizer = Rasterizer(glyphMasks: shared)
            for i in stride(from: worker, to: lists.count, by: 4) { results.set(i, rasterizer.render(lists[i]).pixels) }
        }
        let same = results.all == alone // not inside #expect, which would print every byte
        #expect(same)
    }
}

/// Frames from concurrent workers, by index.
private final class Results: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var values: [[UInt8]]

    init(count: Int) { values = Array(repeating: [], count: count) }

    func set(_ i: Int, _ v: [UInt8]) {
        lock.wait()
        values[i] = v
        lock.signal()
    }

    var all: [[UInt8]] {
        lock.wait()
        defer { lock.signal() }
        return values
    }
}
