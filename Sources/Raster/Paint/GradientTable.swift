import DisplayList
import Geometry

/// A gradient's colours sampled at `size` evenly spaced positions,
/// t = i / (size − 1), for the gradient shaders to look up per pixel.
///
/// Colours are interpolated between stops in non-linear sRGB with straight
/// alpha (as SwiftUI and the scene format specify), then premultiplied and
/// kept with 8 fractional bits per channel (8.8 fixed point, four 16-bit
/// lanes of a `UInt64`: R bits 0–15, G 16–31, B 32–47, A 48–63), so the
/// shaders can dither the fraction away (`OrderedDither`). 4096 entries put a
/// hard stop within 1/8190 of the gradient's length of its true place (a
/// quarter pixel on a 2000-pixel gradient) and cost about 30 µs to build.
///
/// Constant parts — padding beyond the end stops, and segments between two
/// stops of the same colour — hold the exact 8-bit colour with a zero
/// fraction, so they come out undithered and equal to a solid fill.
struct GradientTable {
    static let size = 4096

    /// `size` entries, premultiplied 8.8 per channel.
    let entries: [UInt64]
    /// Premultiplied packed colour when the whole gradient is one colour (or
    /// empty: transparent); the shaders then skip the table.
    let solid: UInt32?
    /// The end colours as entries, for padding and degenerate geometry.
    let first: UInt64
    let last: UInt64

    init(_ gradient: Gradient) {
        let stops = GradientTable.normalized(gradient.stops)
        guard let head = stops.first, let tail = stops.last else {
            entries = []
            solid = 0
            first = 0
            last = 0
            return
        }
        first = GradientTable.exactEntry(head.color)
        last = GradientTable.exactEntry(tail.color)
        if stops.allSatisfy({ GradientTable.displayed($0.color) == GradientTable.displayed(head.color) }) {
            entries = []
            solid = GradientTable.packed(first)
            return
        }
        solid = nil
        var table = [UInt64](repeating: 0, count: GradientTable.size)
        var k = 0 // stops[k] is the last stop at or before t
        for i in 0..<GradientTable.size {
            let t = Double(i) / Double(GradientTable.size - 1)
            while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
            if t < head.location {
                table[i] = first
            } else if k == stops.count - 1 {
                table[i] = last
            } else {
                let a = stops[k], b = stops[k + 1]
                if t == a.location || GradientTable.displayed(a.color) == GradientTable.displayed(b.color) {
                    table[i] = GradientTable.exactEntry(a.color)
                } else {
                    let f = (t - a.location) / (b.location - a.location)
                    table[i] = GradientTable.entry(a.color.lerp(to: b.color, f))
                }
            }
        }
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
    private static func displayed(_ c: Color) -> UInt32 {
        let p = c.premultipliedRGBA8
        return PixelMath.pack(p.r, p.g, p.b, p.a)
    }

    private static func exactEntry(_ c: Color) -> UInt64 {
        let p = displayed(c)
        return (UInt64(p & 0xFF) | UInt64(p & 0xFF00) << 8 | UInt64(p & 0xFF_0000) << 16
            | UInt64(p & 0xFF00_0000) << 24) << 8
    }

    /// Straight sRGB → premultiplied 8.8 fixed point, clamped like
    /// `Color.premultipliedRGBA8` (NaN counts as 0).
    private static func entry(_ c: Color) -> UInt64 {
        func clamp01(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
        let alpha = clamp01(c.a)
        let scale = 255.0 * 256.0
        func q(_ v: Double) -> UInt64 { UInt64(v * scale + 0.5) }
        return q(clamp01(c.r) * alpha) | q(clamp01(c.g) * alpha) << 16
            | q(clamp01(c.b) * alpha) << 32 | q(alpha) << 48
    }

    /// An entry truncated to 8 bits per channel, packed as `PixelMath.pack`.
    @inline(__always)
    static func packed(_ e: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (e >> 8) & 0xFF) | UInt32(truncatingIfNeeded: (e >> 16) & 0xFF00)
            | UInt32(truncatingIfNeeded: (e >> 24) & 0xFF_0000) | UInt32(truncatingIfNeeded: (e >> 32) & 0xFF00_0000)
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
}
