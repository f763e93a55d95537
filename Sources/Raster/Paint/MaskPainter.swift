/// Writes coverage into an 8-bit mask (one byte per pixel): how clip paths
/// and backdrop shapes are turned into per-pixel weights.
struct MaskPainter: CoveragePainter {
    /// The mask byte of the box's top-left pixel.
    let origin: UnsafeMutablePointer<UInt8>
    /// Bytes per mask row.
    let rowBytes: Int

    @inline(__always)
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32) {
        (origin + y * rowBytes + x).update(repeating: UInt8(coverage), count: count)
    }

    @inline(__always)
    mutating func paint(x: Int, y: Int, factors: UnsafePointer<UInt32>, count: Int) {
        let row = origin + y * rowBytes + x
        for i in 0..<count where factors[i] != 0 { row[i] = UInt8(truncatingIfNeeded: factors[i]) }
    }
}
