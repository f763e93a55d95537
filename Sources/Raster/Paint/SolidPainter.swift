/// Composites one premultiplied colour source-over, weighted by coverage.
struct SolidPainter: CoveragePainter {
    /// Top-left pixel of the box in the target bitmap.
    let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per bitmap row.
    let rowPixels: Int
    let color: UInt32
    /// The colour every pixel holds before this fill paints it, when known
    /// (the first fill over a deferred clear, see `ClearingPainter`): runs
    /// then store one precomputed result instead of blending each pixel.
    let backdrop: UInt32?

    init(origin: UnsafeMutablePointer<UInt32>, rowPixels: Int, color: UInt32, backdrop: UInt32? = nil) {
        self.origin = origin
        self.rowPixels = rowPixels
        self.color = color
        self.backdrop = backdrop
    }

    @inline(__always)
    func destination(x: Int, y: Int) -> UnsafeRawPointer? { UnsafeRawPointer(pixel(x, y)) }

    @inline(__always)
    private func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt32> { origin + y * rowPixels + x }

    @inline(__always)
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32) {
        let p = pixel(x, y)
        let src = coverage == 255 ? color : PixelMath.scale(color, coverage)
        let alpha = src >> 24
        if alpha == 255 {
            PixelFill.fill(p, with: src, count: count)
            return
        }
        if alpha == 0 { return }
        if let backdrop {
            PixelFill.fill(p, with: PixelMath.over(src, backdrop), count: count)
            return
        }
        if count == 1 {
            p[0] = src &+ PixelMath.scale(p[0], 255 &- alpha)
            return
        }
        PixelMath.overConstant(src, inverse: 255 &- alpha, onto: p, count: count)
    }

    /// The same arithmetic per pixel as a run of one, eight at a time once
    /// the span is long enough to repay the call.
    @inline(__always)
    mutating func paint(x: Int, y: Int, factors: UnsafePointer<UInt32>, count: Int) {
        if count < 4 { return paintEach(x: x, y: y, factors: factors, count: count) }
        PixelMath.over(color, factors: factors, onto: pixel(x, y), count: count)
    }
}
