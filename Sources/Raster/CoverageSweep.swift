import DisplayList

/// Turns one row of accumulated signed areas into 8-bit coverage.
enum CoverageSweep {
    /// Prefix-sums `count` cells (and zeroes them, plus the spill cells up to
    /// `stride`, so the buffer is clean for the next path), applying the fill
    /// rule: non-zero clamps |winding| to 1; even-odd folds it into 0…1.
    @inline(__always)
    static func row(_ line: UnsafeMutablePointer<Float>, count: Int, stride: Int, rule: FillRule,
                    into coverage: UnsafeMutablePointer<UInt8>) {
        var acc: Float = 0
        switch rule {
        case .nonzero:
            for x in 0..<count {
                acc += line[x]
                line[x] = 0
                coverage[x] = UInt8(min(abs(acc), 1) * 255 + 0.5)
            }
        case .evenodd:
            for x in 0..<count {
                acc += line[x]
                line[x] = 0
                var v = abs(acc).truncatingRemainder(dividingBy: 2)
                if v > 1 { v = 2 - v }
                coverage[x] = UInt8(v * 255 + 0.5)
            }
        }
        for x in count..<stride { line[x] = 0 }
    }
}
