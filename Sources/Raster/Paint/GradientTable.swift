import DisplayList
import Geometry
import Pixels

/// A gradient's colours sampled at `size` evenly spaced positions,
/// t = i / (size − 1), for the gradient shaders to look up per pixel.
///
/// Colours are interpolated between stops in non-linear sRGB with straight
/// alpha (as SwiftUI and the scene format specify), then premultiplied and
/// kept with 8 fractional bits per channel (8.8 fixed point, R, G, B, A in
/// the four 16-bit lanes of a `SIMD4<UInt16>`), so the shaders can dither the
/// fraction away (`OrderedDither`): add the threshold, keep the high bytes.
/// 4096 entries put a hard stop within 1/8190 of the gradient's length of
/// its true place (a quarter pixel on a 2000-pixel gradient); building them
/// costs about 50 µs, so tables are worth keeping (`GradientCache`).
///
/// Constant parts — padding beyond the end stops, and segments between two
/// stops of the same colour — hold the exact 8-bit colour with a zero
/// fraction, so they come out undithered and equal to a solid fill.
///
/// The shaders pad by clamping positions to the table, so its two ends are
/// the padding colours: entry 0 is the first stop's, the last entry the last
/// stop's. Where several stops share offset 0 (or 1), the colour jumps there
/// as at any shared offset — the first of them before it, the last after it
/// (SVG, CSS and SwiftUI) — so padding takes the first and the last stop,
/// not the colour just inside the end; the jump then falls within 1/8190 of
/// the end, like any hard stop.
struct GradientTable {
    static let size = 4096

    /// `size` entries, premultiplied 8.8 per channel; empty when `solid`.
    let entries: [SIMD4<UInt16>]
    /// Premultiplied packed colour when the whole gradient is one colour (or
    /// empty: transparent); the shaders then skip the table.
    let solid: UInt32?

    /// The colours before the start and beyond the end (packed), when the
    /// gradient varies: the first and the last stop's.
    var padding: (before: UInt32, after: UInt32) {
        (GradientTable.packed(entries[0]), GradientTable.packed(entries[GradientTable.size - 1]))
    }

    /// The one colour a shader paints everywhere: the gradient's own when it
    /// has one, else the last colour when the geometry is degenerate (no
    /// direction or no finite mapping; Skia does the same); nil when it varies.
    func solidColor(degenerate: Bool) -> UInt32? {
        solid ?? (degenerate ? padding.after : nil)
    }

    init(_ gradient: Gradient) {
        let stops = GradientTable.normalized(gradient.stops)
        guard let head = stops.first, let tail = stops.last else {
            entries = []
            solid = 0
            return
        }
        let first = GradientTable.exactEntry(head.color), last = GradientTable.exactEntry(tail.color)
        if stops.allSatisfy({ $0.color.premultipliedPixel == head.color.premultipliedPixel }) {
            entries = []
            solid = GradientTable.packed(first)
            return
        }
        solid = nil
        // Entry i is the colour at t = i / (size − 1): the first colour before
        // the first stop, then segment by segment (a segment owns the entries
        // from its start up to, not including, its end; a hard stop's empty
        // segment owns none), the last colour from the last stop on; entry 0
        // is the padding before the start, the first colour even when later
        // stops share offset 0.
        let top = Double(GradientTable.size - 1)
        var table = [SIMD4<UInt16>](repeating: first, count: GradientTable.size)
        func firstIndex(atOrAfter location: Double) -> Int {
            var i = Int((location * top).rounded(.up))
            while i > 0 && Double(i - 1) / top >= location { i -= 1 }
            while i < GradientTable.size && Double(i) / top < location { i += 1 }
            return min(max(i, 0), GradientTable.size)
        }
        for k in 0..<(stops.count - 1) {
            let a = stops[k], b = stops[k + 1]
            let from = firstIndex(atOrAfter: a.location), to = firstIndex(atOrAfter: b.location)
            guard from < to else { continue }
            let start = GradientTable.exactEntry(a.color)
            if a.color.premultipliedPixel == b.color.premultipliedPixel {
                for i in from..<to { table[i] = start }
                continue
            }
            let width = b.location - a.location
            for i in from..<to {
                let t = Double(i) / top
                table[i] = t == a.location ? start : GradientTable.entry(a.color.lerp(to: b.color, (t - a.location) / width))
            }
        }
        for i in firstIndex(atOrAfter: tail.location)..<GradientTable.size { table[i] = last }
        table[0] = first
        entries = table
    }

    /// Stop locations clamped to 0…1 and made non-decreasing (a stop before
    /// its predecessor moves up to it, as in CSS); NaN counts as the
    /// previous location.
    private static func normalized(_ stops: [GradientStop]) -> [GradientStop] {
        var previous = 0.0
        return stops.map { stop in
            var location = stop.location
            if !(location >= previous) { location = previous }
            location = min(location, 1)
            previous = location
            return GradientStop(location: location, color: stop.color)
        }
    }

    /// The colour as drawn: 8-bit premultiplied, as a solid fill would be.
    private static func exactEntry(_ c: Color) -> SIMD4<UInt16> {
        SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(c.premultipliedPixel, to: SIMD4<UInt8>.self)) &<< 8
    }

    /// Straight sRGB → premultiplied 8.8 fixed point, clamped like
    /// `Color.premultipliedRGBA8` (NaN counts as 0).
    private static func entry(_ c: Color) -> SIMD4<UInt16> {
        func clamp01(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
        let alpha = clamp01(c.a)
        func q(_ v: Double) -> UInt16 { UInt16(v * (255.0 * 256.0) + 0.5) }
        return SIMD4(q(clamp01(c.r) * alpha), q(clamp01(c.g) * alpha), q(clamp01(c.b) * alpha), q(alpha))
    }

    /// An entry truncated to 8 bits per channel, packed as `PackedPixel`.
    @inline(__always)
    static func packed(_ e: UInt64) -> UInt32 {
        packed(unsafeBitCast(e, to: SIMD4<UInt16>.self))
    }

    @inline(__always)
    static func packed(_ e: SIMD4<UInt16>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: e &>> 8), to: UInt32.self)
    }

    /// Writes the pixels for `count` table indices produced by `index(i)`
    /// (already clamped to 0…size−1), dithered for row `y` starting at column `x`.
    @inline(__always)
    func fill(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>, index: (Int) -> Int) {
        entries.withUnsafeBufferPointer { table in
            OrderedDither.laneThresholds.withUnsafeBufferPointer { dither in
                let row = dither.baseAddress! + (y & 7) * 8
                let lut = table.baseAddress!
                for i in 0..<count {
                    span[i] = GradientTable.packed(lut[index(i)] &+ row[(x &+ i) & 7])
                }
            }
        }
    }
    /// Like `fill(x:y:count:into:index:)` for table positions computed four
    /// pixels at a time: `positions(i)` gives the unclamped positions of
    /// pixels i…i+3 (as floats i…i+3 go in); they are clamped to the table
    /// (NaN to 0) and rounded to nearest.
    @inline(__always)
    func fill(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>,
              positions: (SIMD4<Float>) -> SIMD4<Float>) {
        let top = SIMD4<Float>(repeating: Float(GradientTable.size - 1))
        let steps = SIMD4<Float>(0, 1, 2, 3)
        entries.withUnsafeBufferPointer { table in
            OrderedDither.laneThresholds.withUnsafeBufferPointer { dither in
                let row = dither.baseAddress! + (y & 7) * 8
                let lut = table.baseAddress!
                @inline(__always) func indices(_ i: Int) -> SIMD4<Int32> {
                    var t = positions(SIMD4(repeating: Float(i)) + steps)
                    t.replace(with: 0, where: .!(t .> 0))
                    t.replace(with: top, where: t .> top)
                    // Adding 1.5·2²³ rounds to an integer held in the low mantissa bits.
                    return unsafeBitCast(t + 12_582_912, to: SIMD4<Int32>.self) &- 0x4B40_0000
                }
                var i = 0
                while i &+ 4 <= count {
                    let k = indices(i)
                    for lane in 0..<4 {
                        span[i &+ lane] = GradientTable.packed(lut[Int(k[lane])] &+ row[(x &+ i &+ lane) & 7])
                    }
                    i &+= 4
                }
                if i < count {
                    let k = indices(i)
                    for lane in 0..<(count &- i) {
                        span[i &+ lane] = GradientTable.packed(lut[Int(k[lane])] &+ row[(x &+ i &+ lane) & 7])
                    }
                }
            }
        }
    }

    /// Writes `count` pixels that all take entry `index`: the row's eight
    /// dithered values, repeated (a vertical gradient's rows, a flat stretch).
    func fill(x: Int, y: Int, count: Int, into span: UnsafeMutablePointer<UInt32>, constant index: Int) {
        let e = entries[index]
        if e & 0xFF == .zero { // no fraction: dithering changes nothing
            span.update(repeating: GradientTable.packed(e), count: count)
            return
        }
        OrderedDither.laneThresholds.withUnsafeBufferPointer { dither in
            let row = dither.baseAddress! + (y & 7) * 8
            var pattern = SIMD8<UInt32>()
            for k in 0..<8 { pattern[k] = GradientTable.packed(e &+ row[(x &+ k) & 7]) }
            let raw = UnsafeMutableRawPointer(span)
            var i = 0
            while i &+ 8 <= count {
                raw.storeBytes(of: pattern, toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                i &+= 8
            }
            while i < count {
                span[i] = pattern[i & 7]
                i &+= 1
            }
        }
    }
}
