/// A glyph mask placed in the target: its top-left pixel and the part of it
/// inside the area being drawn (mask rows and columns).
struct PlacedGlyphMask {
    let mask: GlyphMask
    let x: Int
    let y: Int
    let rows: Range<Int>
    let columns: Range<Int>

    /// The columns of `row` to draw: its ink, inside the drawn area.
    @inline(__always)
    func span(_ row: Int) -> Range<Int> {
        let ink = mask.ink[row]
        let from = max(ink.lowerBound, columns.lowerBound), to = min(ink.upperBound, columns.upperBound)
        return from < to ? from..<to : 0..<0
    }
}

/// Composites glyph masks in one colour, row by row of each mask's ink.
/// An opaque colour mixes four pixels per step (glyph strokes are a few
/// pixels wide, so narrow steps skip more of the blank pixels around them);
/// any other colour goes through the span loop the sweep's edge spans use.
enum GlyphMaskCompositor {
    /// Draws `placed` in `color` (premultiplied) into rows of `rowPixels` pixels.
    static func solid(_ color: UInt32, _ placed: [PlacedGlyphMask], into pixels: UnsafeMutablePointer<UInt32>,
                      rowPixels: Int) {
        if color >> 24 == 255 {
            draw(OpaqueColorBlend(color: color), placed, into: pixels, rowPixels: rowPixels)
        } else {
            draw(ColorBlend(color: color), placed, into: pixels, rowPixels: rowPixels)
        }
    }

    private static func draw<B: MaskRowBlend>(_ blend: B, _ placed: [PlacedGlyphMask],
                                              into pixels: UnsafeMutablePointer<UInt32>, rowPixels: Int) {
        for p in placed {
            p.mask.coverage.withUnsafeBufferPointer { factors in
                p.mask.ink.withUnsafeBufferPointer { ink in
                    let stride = p.mask.stride
                    // Unclipped across, each row's ink is drawn in whole steps
                    // of four: the mask row's zero padding changes nothing.
                    let whole = p.columns.count == p.mask.width && p.x &+ stride <= rowPixels
                    var from = factors.baseAddress! + (p.rows.lowerBound &* stride)
                    var to = pixels + ((p.y &+ p.rows.lowerBound) &* rowPixels &+ p.x)
                    for row in p.rows {
                        let span = whole ? ink[row] : p.span(row)
                        if !span.isEmpty {
                            blend.blend(from + span.lowerBound, onto: to + span.lowerBound,
                                        count: whole ? (span.count &+ 3) & ~3 : span.count)
                        }
                        from += stride
                        to += rowPixels
                    }
                }
            }
        }
    }
}

/// Composites one colour through coverage: dst[i] becomes the colour over
/// dst[i] at coverage k[i], held in `factors[i]` as `GlyphMask.coverage`.
protocol MaskRowBlend {
    func blend(_ factors: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int)
}

/// An opaque colour, mixed in one rounding: (color·k + dst·(255 − k)) / 255
/// per channel, rounded as `PixelMath.div255` (no 16-bit lane overflows: the
/// sum is at most 255·255).
struct OpaqueColorBlend: MaskRowBlend {
    let color: UInt32

    @inline(__always)
    func blend(_ factors: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let from = UnsafeRawPointer(factors), to = UnsafeMutableRawPointer(dst)
        let colors = PixelMath.Pixels4(repeating: color)
        let low = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 0x0080)
        let colorRB = unsafeBitCast(colors, to: SIMD8<UInt16>.self) & low
        let colorAG = unsafeBitCast(colors &>> 8, to: SIMD8<UInt16>.self) & low
        var i = 0
        while i &+ 4 <= count {
            let k = from.loadUnaligned(fromByteOffset: i &* 4, as: SIMD2<UInt64>.self)
            if k[0] & k[1] == 0x00FF_00FF_00FF_00FF {
                to.storeBytes(of: colors, toByteOffset: i &* 4, as: PixelMath.Pixels4.self)
            } else if k[0] | k[1] != 0 {
                let f = unsafeBitCast(k, to: SIMD8<UInt16>.self), inverse = low &- f
                let d = to.loadUnaligned(fromByteOffset: i &* 4, as: PixelMath.Pixels4.self)
                let rb = colorRB &* f &+ (unsafeBitCast(d, to: SIMD8<UInt16>.self) & low) &* inverse &+ half
                let ag = colorAG &* f &+ (unsafeBitCast(d &>> 8, to: SIMD8<UInt16>.self) & low) &* inverse &+ half
                let mixed = ((rb &+ (rb &>> 8)) &>> 8) | ((ag &+ (ag &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00))
                to.storeBytes(of: mixed, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            }
            i &+= 4
        }
        while i < count {
            let k = factors[i] & 0xFF, inverse = 255 &- k, d = dst[i]
            let rb = (color & 0x00FF_00FF) &* k &+ (d & 0x00FF_00FF) &* inverse &+ 0x0080_0080
            let ag = ((color >> 8) & 0x00FF_00FF) &* k &+ ((d >> 8) & 0x00FF_00FF) &* inverse &+ 0x0080_0080
            dst[i] = (((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF) | ((ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00)
            i &+= 1
        }
    }
}

/// Any other colour, as `SolidPainter` composites it: over(color·k/255, dst).
struct ColorBlend: MaskRowBlend {
    let color: UInt32

    @inline(__always)
    func blend(_ factors: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        PixelMath.over(color, factors: factors, onto: dst, count: count)
    }
}

/// Placed glyph masks as coverage runs over `box` (pixels), glyph after
/// glyph: rows do not arrive in order, so no deferred clear may wrap the painter.
struct GlyphMaskCoverage: CoverageSource {
    let placed: [PlacedGlyphMask]
    let box: PixelBox

    func emit<P: CoveragePainter>(into painter: inout P) {
        for p in placed {
            p.mask.coverage.withUnsafeBufferPointer { factors in
                for row in p.rows {
                    let line = factors.baseAddress! + row * p.mask.stride, span = p.span(row)
                    let y = p.y + row - box.minY, dx = p.x - box.minX
                    var x = span.lowerBound
                    while x < span.upperBound {
                        let k = line[x]
                        var end = x + 1
                        while end < span.upperBound && line[end] == k { end += 1 }
                        if k != 0 { painter.paint(x: dx + x, y: y, count: end - x, coverage: k & 0xFF) }
                        x = end
                    }
                }
            }
        }
    }

    func discard() {}
}
