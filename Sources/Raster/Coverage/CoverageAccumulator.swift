import Geometry

/// Signed-area coverage accumulation: the exact-area anti-aliasing of
/// font-rs (R. Levien, 2016) and stb_truetype v2.
///
/// Each line segment adds, to the cells it crosses, the signed area it sweeps
/// towards the right; a running sum along a row then gives every pixel's exact
/// covered fraction (winding-weighted). No supersampling, no sorting of edges,
/// and the work is proportional to the edges' length plus the area swept.
///
/// Cells cover a clip box in pixels (see `CellBuffer`); every cell written is
/// also marked in the buffer's touched bits.
struct CoverageAccumulator: LineSink {
    let cells: UnsafeMutablePointer<Float>
    let bits: UnsafeMutablePointer<UInt64>
    let stride: Int
    let wordsPerRow: Int
    let width: Double
    let height: Double
    /// Pixel coordinates of the box's top-left corner.
    let originX: Double
    let originY: Double

    mutating func line(from p0: Point, to p1: Point) {
        var x0 = p0.x - originX, y0 = p0.y - originY
        var x1 = p1.x - originX, y1 = p1.y - originY
        guard y0 != y1, y0.isFinite, y1.isFinite, x0.isFinite, x1.isFinite else { return }
        var dir: Float = 1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); dir = -1 }
        guard y1 > 0, y0 < height else { return }
        // Inside the box (the usual case: boxes come from control bounds):
        // what the clipping below would leave unchanged, without its work.
        if y0 >= 0 && y1 <= height && x0 >= 0 && x1 >= 0 && x0 <= width && x1 <= width {
            if (x0 + x1) / 2 < width { accumulate(x0, y0, x1, y1, dir) }
            return
        }
        // Clip to the rows of the box.
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 -= dxdy * y0; y0 = 0 }
        if y1 > height { x1 -= dxdy * (y1 - height); y1 = height }
        guard y0 < y1 else { return }
        // Split where the segment crosses the left and right edges of the box.
        // Parts left of it act as a vertical edge at x = 0 (they cover every
        // pixel to their right); parts right of it cover nothing visible.
        var ts: (Double, Double) = (2, 2)
        if (x0 < 0) != (x1 < 0) { ts.0 = -x0 / (x1 - x0) }
        if (x0 < width) != (x1 < width) { ts.1 = (width - x0) / (x1 - x0) }
        if ts.0 > ts.1 { ts = (ts.1, ts.0) }
        var ta = 0.0
        piece(x0, y0, x1, y1, &ta, ts.0, dir)
        piece(x0, y0, x1, y1, &ta, ts.1, dir)
        piece(x0, y0, x1, y1, &ta, 1, dir)
    }

    /// The part of the segment between parameters `ta` and `tb`, moved into
    /// the box horizontally; advances `ta`.
    private func piece(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                       _ ta: inout Double, _ tb: Double, _ dir: Float) {
        guard tb > ta && tb <= 1 else { return }
        let ya = y0 + (y1 - y0) * ta, yb = tb == 1 ? y1 : y0 + (y1 - y0) * tb
        let xa = x0 + (x1 - x0) * ta, xb = tb == 1 ? x1 : x0 + (x1 - x0) * tb
        ta = tb
        guard (xa + xb) / 2 < width else { return }
        accumulate(min(max(xa, 0), width), ya, min(max(xb, 0), width), yb, dir)
    }

    /// A segment inside the box, top to bottom (`y0 < y1`), with winding `dir`.
    private func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        guard y0 < y1 else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        var row = Int(y0)
        let yEnd = ceil(y1)
        while row < yEnd {
            let line = cells + row * stride
            let rowBits = bits + row * wordsPerRow
            let rowTop = Double(row)
            let dy = min(rowTop + 1, y1) - max(rowTop, y0)
            // Clamped so rounding can never step outside the box's columns.
            let xNext = row == yEnd - 1 ? x1 : min(max(x + dxdy * dy, 0), width)
            let d = Float(dy) * dir
            let (xl, xr) = x < xNext ? (x, xNext) : (xNext, x)
            let xli = Int(xl)
            let xlFloor = Double(xli)
            // ⌈xr⌉ ≤ xli + 1 exactly when xr ≤ xli + 1: no ceiling needed
            // for the usual steep edge.
            if xr <= xlFloor + 1 {
                // Within one pixel column: split the area at the segment's mean x.
                let xmf = Float((x + xNext) / 2 - xlFloor)
                line[xli] += d - d * xmf
                line[xli + 1] += d * xmf
                mark(rowBits, xli, xli + 1)
            } else {
                let xri = ceil(xr)
                let xrCeil = Double(xri)
                let s = 1 / (xr - xl)
                let xlf = xl - xlFloor
                let a0 = 0.5 * s * (1 - xlf) * (1 - xlf)
                let xrf = xr - xrCeil + 1
                let am = 0.5 * s * xrf * xrf
                line[xli] += d * Float(a0)
                if xri == xli + 2 {
                    line[xli + 1] += d * Float(1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - xlf)
                    line[xli + 1] += d * Float(a1 - a0)
                    let ds = d * Float(s)
                    for xi in (xli + 2)..<(xri - 1) { line[xi] += ds }
                    let a2 = a1 + Double(xri - xli - 3) * s
                    line[xri - 1] += d * Float(1 - a2 - am)
                }
                line[xri] += d * Float(am)
                mark(rowBits, xli, xri)
            }
            x = xNext
            row &+= 1
        }
    }
}

/// ⌈v⌉ for 0 ≤ v < 2⁶³ (coordinates inside the box), exact, without the
/// library call `rounded(.up)` becomes on a baseline x86-64 build.
@inline(__always)
private func ceil(_ v: Double) -> Int {
    let t = Int(v)
    return Double(t) < v ? t &+ 1 : t
}

/// Sets the touched bits of cells `from...to` of one row.
@inline(__always)
private func mark(_ rowBits: UnsafeMutablePointer<UInt64>, _ from: Int, _ to: Int) {
    let w0 = from >> 6, w1 = to >> 6
    let lowMask = ~UInt64(0) << UInt64(from & 63)
    let highMask = ~UInt64(0) >> UInt64(63 - (to & 63))
    if w0 == w1 {
        rowBits[w0] |= lowMask & highMask
        return
    }
    rowBits[w0] |= lowMask
    var w = w0 + 1
    while w < w1 { rowBits[w] = ~0; w += 1 }
    rowBits[w1] |= highMask
}
