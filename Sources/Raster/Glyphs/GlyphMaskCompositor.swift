/// A glyph mask placed in the target: its top-left pixel and the part of it
/// inside the area being drawn (mask rows and columns).
struct PlacedGlyphMask {
    let mask: GlyphMask
    let x: Int
    let y: Int
    let rows: Range<Int>
    let columns: Range<Int>
}

/// Composites glyph masks: mask × one colour directly, eight pixels per
/// step, or mask runs through any painter (gradients, images).
enum GlyphMaskCompositor {
    /// dst[i] = over(scale(color, k[i]), dst[i]) for i in 0..<count, k[i]
    /// the coverage held in `factors[i]` (`GlyphMask.coverage`): exactly what
    /// `SolidPainter` writes for the same coverage. Four pixels per step:
    /// glyph strokes are a few pixels wide, so narrow steps skip more of the
    /// empty pixels around them than wide ones save in arithmetic.
    @inline(__always)
    static func solid(_ color: UInt32, factors: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>,
                      count: Int) {
        let from = UnsafeRawPointer(factors), to = UnsafeMutableRawPointer(dst)
        let colors = PixelMath.Pixels4(repeating: color), opaque = color >> 24 == 255
        let full: UInt64 = 0x00FF_00FF_00FF_00FF, max = SIMD8<UInt16>(repeating: 255)
        var i = 0
        while i &+ 4 <= count {
            let k = from.loadUnaligned(fromByteOffset: i &* 4, as: SIMD2<UInt64>.self)
            if k[0] | k[1] != 0 {
                let f = unsafeBitCast(k, to: SIMD8<UInt16>.self)
                if opaque && k[0] & k[1] == full {
                    to.storeBytes(of: colors, toByteOffset: i &* 4, as: PixelMath.Pixels4.self)
                } else {
                    let d = to.loadUnaligned(fromByteOffset: i &* 4, as: PixelMath.Pixels4.self)
                    let src = PixelMath.scale(colors, pairs: f)
                    // An opaque colour scaled by k has alpha k exactly.
                    let inverse = opaque ? max &- f : unsafeBitCast(
                        (PixelMath.Pixels4(repeating: 255) &- (src &>> 24)) &* 0x0001_0001, to: SIMD8<UInt16>.self)
                    to.storeBytes(of: src &+ PixelMath.scale(d, pairs: inverse), toByteOffset: i &* 4,
                                  as: PixelMath.Pixels4.self)
                }
            }
            i &+= 4
        }
        while i < count {
            let k = factors[i] & 0xFF
            if k != 0 { dst[i] = PixelMath.over(k == 255 ? color : PixelMath.scale(color, k), dst[i]) }
            i &+= 1
        }
    }

    /// Draws `placed` in one colour into rows of `rowPixels` pixels.
    static func solid(_ color: UInt32, _ placed: [PlacedGlyphMask], into pixels: UnsafeMutablePointer<UInt32>,
                      rowPixels: Int) {
        for p in placed {
            p.mask.coverage.withUnsafeBufferPointer { factors in
                // Whole padded rows when they fit in the bitmap row: the
                // zero padding leaves the pixels under it as they are.
                let columns = p.columns.count == p.mask.width && p.x + p.mask.stride <= rowPixels
                    ? 0..<p.mask.stride : p.columns
                for row in p.rows {
                    solid(color, factors: factors.baseAddress! + row * p.mask.stride + columns.lowerBound,
                          onto: pixels + (p.y + row) * rowPixels + p.x + columns.lowerBound, count: columns.count)
                }
            }
        }
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
                    let line = factors.baseAddress! + row * p.mask.stride
                    let y = p.y + row - box.minY, dx = p.x - box.minX
                    var x = p.columns.lowerBound
                    while x < p.columns.upperBound {
                        let k = line[x]
                        var end = x + 1
                        while end < p.columns.upperBound && line[end] == k { end += 1 }
                        if k != 0 { painter.paint(x: dx + x, y: y, count: end - x, coverage: k & 0xFF) }
                        x = end
                    }
                }
            }
        }
    }

    func discard() {}
}
