import CSpanBlend
import Geometry

/// Receives a path's coverage, left to right and top to bottom, as runs of
/// pixels that share one coverage value (0…255). Coordinates are in the box
/// the cells cover.
protocol CoveragePainter {
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32)
    /// Pixels `x..<x + count` of row `y`, each with its own coverage:
    /// `factors[i]` holds it in both 16-bit halves, as `GlyphMask.coverage`
    /// does. The sweep hands over the cells an edge crosses this way, so a
    /// painter can blend them several at a time.
    mutating func paint(x: Int, y: Int, factors: UnsafePointer<UInt32>, count: Int)
    /// Where pixel (x, y) of the box is stored, so the sweep can fetch it
    /// into cache a few rows ahead; nil when there is no one destination.
    func destination(x: Int, y: Int) -> UnsafeRawPointer?
}

extension CoveragePainter {
    @inline(__always)
    func destination(x: Int, y: Int) -> UnsafeRawPointer? { nil }

    @inline(__always)
    mutating func paint(x: Int, y: Int, factors: UnsafePointer<UInt32>, count: Int) {
        paintEach(x: x, y: y, factors: factors, count: count)
    }

    /// One pixel at a time, skipping uncovered ones: what painters whose
    /// colours depend on where a run starts (shaders) must do, and the
    /// quickest way for a span of a few pixels.
    @inline(__always)
    mutating func paintEach(x: Int, y: Int, factors: UnsafePointer<UInt32>, count: Int) {
        for i in 0..<count where factors[i] != 0 {
            paint(x: x &+ i, y: y, count: 1, coverage: factors[i] & 0xFF)
        }
    }
}

/// Turns accumulated signed areas into coverage runs.
///
/// Walks only the touched cells (their bits); between two touched cells the
/// running sum, hence the coverage, is constant, so it becomes one run. A row
/// of adjacent touched cells (where an edge crosses) goes to the painter as
/// one span of per-pixel factors. Cells and bits are zeroed as they are read,
/// leaving the buffer clean for the next path without a separate clear.
enum CoverageSweep {
    /// Only `rows` are painted (a band's); the others are cleared unread.
    static func sweep<P: CoveragePainter>(_ buffer: CellBuffer, rule: FillRule, rows: Range<Int> = 0..<Int.max,
                                          into painter: inout P) {
        let evenOdd: Int32 = rule == .evenodd ? 1 : 0
        let width = buffer.width, stride = buffer.stride, words = buffer.wordsPerRow
        let factors = buffer.factors
        let prefetching = painter.destination(x: 0, y: 0) != nil
        let last = min(rows.upperBound, buffer.height)
        for y in 0..<buffer.height {
            let line = buffer.cells + y * stride
            let rowBits = buffer.bits + y * words
            guard y >= rows.lowerBound && y < last else {
                clear(line, rowBits, words: words)
                continue
            }
            if prefetching && y &+ prefetchDistance < last {
                prefetch(row: y &+ prefetchDistance, of: buffer, for: painter)
            }
            var acc: Float = 0
            var coverage: UInt32 = 0
            var x = 0
            for w in 0..<words {
                var word = rowBits[w]
                if word == 0 { continue }
                rowBits[w] = 0
                while word != 0 {
                    // The next span of touched cells, cx..<cx + length, with
                    // gaps of up to `gap` untouched cells taken in: their
                    // area is zero, so their coverage is their left
                    // neighbour's, and a longer span blends several at a time.
                    let (start, first) = takeRun(&word)
                    var end = first
                    while word != 0 && word.trailingZeroBitCount &- end <= gap { end = takeRun(&word).end }
                    let cx = w &<< 6 &+ start, length = end &- start
                    let run = min(cx, width) &- x
                    if run > 0 && coverage != 0 { painter.paint(x: x, y: y, count: run, coverage: coverage) }
                    acc = reel_coverage_factors(line + cx, length, acc, evenOdd, factors)
                    coverage = factors[length &- 1] & 0xFF
                    let visible = min(length, width &- cx)
                    if visible > 0 { painter.paint(x: cx, y: y, factors: factors, count: visible) }
                    x = cx &+ length
                }
            }
            if x < width && coverage != 0 { painter.paint(x: x, y: y, count: width - x, coverage: coverage) }
        }
    }

    /// Zeroes the touched cells of a row left unpainted, and its bits.
    private static func clear(_ line: UnsafeMutablePointer<Float>, _ rowBits: UnsafeMutablePointer<UInt64>, words: Int) {
        for w in 0..<words {
            var word = rowBits[w]
            rowBits[w] = 0
            while word != 0 {
                let (start, end) = takeRun(&word)
                (line + ((w &<< 6) &+ start)).update(repeating: 0, count: end &- start)
            }
        }
    }

    /// How far ahead the destination is fetched: about the rows a thin
    /// shape's sweep gets through while memory answers.
    private static let prefetchDistance = 4

    /// Fetches the destination of the first and last cell of each run of
    /// touched cells in row `y`.
    @inline(__always)
    private static func prefetch<P: CoveragePainter>(row y: Int, of buffer: CellBuffer, for painter: P) {
        let rowBits = buffer.bits + y &* buffer.wordsPerRow, last = buffer.width &- 1
        for w in 0..<buffer.wordsPerRow {
            var word = rowBits[w]
            while word != 0 {
                let (start, end) = takeRun(&word)
                let cx = w &<< 6
                if let p = painter.destination(x: min(cx &+ start, last), y: y) { reel_prefetch_for_write(p) }
                if let p = painter.destination(x: min(cx &+ end &- 1, last), y: y) { reel_prefetch_for_write(p) }
            }
        }
    }

    /// The lowest run of set bits of a non-zero `word`, as bit indices
    /// start..<end, cleared from the word.
    @inline(__always)
    private static func takeRun(_ word: inout UInt64) -> (start: Int, end: Int) {
        let start = word.trailingZeroBitCount
        let end = start &+ (~(word &>> UInt64(start))).trailingZeroBitCount
        word = end == 64 ? 0 : word & (~0 &<< UInt64(end))
        return (start, end)
    }

    /// The longest gap between touched cells that a span bridges.
    private static let gap = 12
}
