import Geometry

/// Receives a path's coverage, left to right and top to bottom, as runs of
/// pixels that share one coverage value (0…255). Coordinates are in the box
/// the cells cover.
protocol CoveragePainter {
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32)
}

/// Turns accumulated signed areas into coverage runs.
///
/// Walks only the touched cells (their bits); between two touched cells the
/// running sum, hence the coverage, is constant, so it becomes one run. Cells
/// and bits are zeroed as they are read, leaving the buffer clean for the next
/// path without a separate clear.
enum CoverageSweep {
    static func sweep<P: CoveragePainter>(_ buffer: CellBuffer, rule: FillRule, into painter: inout P) {
        switch rule {
        case .nonzero: sweep(buffer, into: &painter) { a in min(abs(a), 1) }
        case .evenodd:
            sweep(buffer, into: &painter) { a in
                let v = abs(a).truncatingRemainder(dividingBy: 2)
                return v > 1 ? 2 - v : v
            }
        }
    }

    @inline(__always)
    private static func sweep<P: CoveragePainter>(_ buffer: CellBuffer, into painter: inout P,
                                                  _ fold: (Float) -> Float) {
        let width = buffer.width, stride = buffer.stride, words = buffer.wordsPerRow
        for y in 0..<buffer.height {
            let line = buffer.cells + y * stride
            let rowBits = buffer.bits + y * words
            var acc: Float = 0
            var coverage: UInt32 = 0
            var x = 0
            for w in 0..<words {
                var word = rowBits[w]
                if word == 0 { continue }
                rowBits[w] = 0
                while word != 0 {
                    let cx = w << 6 + word.trailingZeroBitCount
                    word &= word &- 1
                    let run = min(cx, width) - x
                    if run > 0 && coverage != 0 { painter.paint(x: x, y: y, count: run, coverage: coverage) }
                    acc += line[cx]
                    line[cx] = 0
                    coverage = UInt32(fold(acc) * 255 + 0.5)
                    if cx < width && coverage != 0 { painter.paint(x: cx, y: y, count: 1, coverage: coverage) }
                    x = cx + 1
                }
            }
            if x < width && coverage != 0 { painter.paint(x: x, y: y, count: width - x, coverage: coverage) }
        }
    }
}
