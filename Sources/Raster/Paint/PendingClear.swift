/// Defers the clear of a frame into its first fill: rows are cleared just
/// before that fill paints them, while they are in cache, so a frame whose
/// first draw covers it (a background rect, a full-frame gradient) is written
/// once at memory speed instead of cleared, read back and written again.
///
/// Wraps the first fill's painter; every frame row is cleared exactly once,
/// in order, whether or not the fill touches it (`finish` clears the rest).
/// The pixels are the same as clearing first: only the order of writes changes.
struct ClearingPainter<Inner: CoveragePainter>: CoveragePainter {
    var inner: Inner
    /// The frame's first pixel and row width.
    let frame: UnsafeMutablePointer<UInt32>
    let width: Int
    /// The end of the rows to clear (the frame's, or its band's).
    let height: Int
    /// The clear colour, premultiplied packed.
    let color: UInt32
    /// Frame row of the box's first row (the painter's y is box-relative).
    let originY: Int
    /// The first frame row not cleared yet.
    private(set) var nextRow: Int

    /// `rows`: the frame rows to clear (all, or a band's).
    init(_ inner: Inner, frame: UnsafeMutablePointer<UInt32>, width: Int, rows: Range<Int>, color: UInt32, originY: Int) {
        self.inner = inner
        self.frame = frame
        self.width = width
        nextRow = rows.lowerBound
        height = rows.upperBound
        self.color = color
        self.originY = originY
    }

    @inline(__always)
    func destination(x: Int, y: Int) -> UnsafeRawPointer? { inner.destination(x: x, y: y) }

    @inline(__always)
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32) {
        clearThrough(y)
        inner.paint(x: x, y: y, count: count, coverage: coverage)
    }

    @inline(__always)
    mutating func paint(x: Int, y: Int, factors: UnsafePointer<UInt32>, count: Int) {
        clearThrough(y)
        inner.paint(x: x, y: y, factors: factors, count: count)
    }

    /// Clears up to and including box row `y` before it is painted.
    @inline(__always)
    private mutating func clearThrough(_ y: Int) {
        let row = originY &+ y
        if row >= nextRow { clear(upTo: row &+ 1) }
    }

    /// Clears rows `nextRow..<end`.
    mutating func clear(upTo end: Int) {
        let to = min(end, height)
        guard to > nextRow else { return }
        PixelFill.fill(frame + nextRow * width, with: color, count: (to - nextRow) * width)
        nextRow = to
    }

    /// Clears every row the fill did not reach.
    mutating func finish() {
        clear(upTo: height)
    }
}
