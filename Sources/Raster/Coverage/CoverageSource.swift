import Geometry

/// Where a fill's coverage comes from: a path accumulated into cells and
/// swept, or glyph masks replayed. Lets one painting routine (paints,
/// shaders, the deferred clear) serve both.
protocol CoverageSource {
    /// Sends every covered run to `painter`, in the painted box's coordinates.
    func emit<P: CoveragePainter>(into painter: inout P)
    /// Called instead of `emit` when the paint draws nothing (a singular
    /// transform), so the source can reset its scratch.
    func discard()
}

/// The cell buffer's accumulated path, swept with a fill rule.
struct SweptCells: CoverageSource {
    let cells: CellBuffer
    let rule: FillRule
    /// The rows of the box to paint (a band's); the others are only cleared.
    var rows: Range<Int> = 0..<Int.max

    func emit<P: CoveragePainter>(into painter: inout P) {
        CoverageSweep.sweep(cells, rule: rule, rows: rows, into: &painter)
    }

    /// Sweeps into nothing: the sweep is what zeroes the cells for the next path.
    func discard() {
        var nothing = NullPainter()
        CoverageSweep.sweep(cells, rule: rule, into: &nothing)
    }
}

/// Discards coverage.
private struct NullPainter: CoveragePainter {
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32) {}
}
