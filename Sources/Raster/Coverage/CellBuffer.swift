/// Scratch memory for one path's coverage: signed-area cells for a box of
/// pixels, plus one bit per cell saying it was written.
///
/// The bits let the sweep jump from touched cell to touched cell and treat
/// everything in between as one run of constant coverage, so a large shape
/// costs its edges plus a fill, not a scan of every cell.
final class CellBuffer {
    private(set) var cells: UnsafeMutablePointer<Float>
    private(set) var bits: UnsafeMutablePointer<UInt64>
    /// The sweep's per-pixel factors for one span of touched cells (within
    /// one bit word, so at most 64).
    let factors = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
    private var cellCapacity = 0
    private var wordCapacity = 0
    /// Cells per row: the box width + 2 (a segment's area spills one cell right).
    private(set) var stride = 0
    private(set) var wordsPerRow = 0
    private(set) var width = 0
    private(set) var height = 0

    init() {
        cells = .allocate(capacity: 1)
        bits = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
        bits.deallocate()
        factors.deallocate()
    }

    /// Sizes the buffer for a box; cells and bits are zero on return (the
    /// sweep leaves them zero after use, so only new memory is cleared).
    func prepare(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        wordsPerRow = (stride + 63) >> 6
        let cellCount = stride * height, wordCount = wordsPerRow * height
        if cellCount > cellCapacity {
            cells.deallocate()
            cellCapacity = max(cellCount, cellCapacity * 2)
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if wordCount > wordCapacity {
            bits.deallocate()
            wordCapacity = max(wordCount, wordCapacity * 2)
            bits = .allocate(capacity: wordCapacity)
            bits.initialize(repeating: 0, count: wordCapacity)
        }
    }
}
