/// Composites one premultiplied colour source-over, weighted by coverage.
struct SolidPainter: CoveragePainter {
    /// Top-left pixel of the box in the target bitmap.
    let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per bitmap row.
    let rowPixels: Int
    let color: UInt32

    @inline(__always)
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32) {
        let p = origin + y * rowPixels + x
        let src = coverage == 255 ? color : PixelMath.scale(color, coverage)
        let alpha = src >> 24
        if alpha == 255 {
            p.update(repeating: src, count: count)
            return
        }
        if alpha == 0 { return }
        if count == 1 {
            p[0] = src &+ PixelMath.scale(p[0], 255 &- alpha)
            return
        }
        PixelMath.overConstant(src, inverse: 255 &- alpha, onto: p, count: count)
    }
}
