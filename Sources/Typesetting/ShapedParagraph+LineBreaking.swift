extension ShapedParagraph {
    /// Greedy line breaking (first fit, as every UI text view does): a line
    /// takes units while they fit in `width`; it then breaks at its last
    /// opportunity: after its last run of spaces, which is dropped (spaces
    /// hang past the width and never force a break), or between two
    /// ideographs. A line with no opportunity — a word longer than the width
    /// — breaks before the unit that overflows, and a line always keeps at
    /// least one unit. `width` nil: one line.
    ///
    /// Returns the units of each line; a paragraph with no units is one
    /// empty line.
    func lineRanges(width: Double?, tracking: Double) -> [Range<Int>] {
        let n = unitCount
        guard let width, n > 0 else { return [0..<n] }
        // Width compared with a tolerance far below a pixel, so a width
        // measured from the same text fits it despite rounding.
        let limit = width + 1e-9
        var lines: [Range<Int>] = []
        var start = 0
        while start < n {
            var pen = 0.0
            var inked = false                 // a unit with glyphs is on the line
            var lastBreak: (end: Int, next: Int)?
            var end = n, next = n
            var u = start
            while u < n {
                if u > start && breaksBefore[u] && !isBreakSpace[u - 1] { lastBreak = (u, u) }
                var p = pen
                if unitHasGlyphs[u] {
                    if inked { p += tracking }
                    p += unitWidth[u]
                }
                if isBreakSpace[u] {
                    if u > start && !isBreakSpace[u - 1] {
                        var after = u
                        while after < n && isBreakSpace[after] { after += 1 }
                        lastBreak = (u, after)
                    }
                } else if p > limit && u > start {
                    (end, next) = lastBreak ?? (u, u)
                    break
                }
                if unitHasGlyphs[u] { inked = true }
                pen = p
                u += 1
            }
            lines.append(start..<end)
            start = next
        }
        return lines
    }

    /// The glyphs of the units `line`, in visual order (runs reordered by
    /// rule L2), with their x positions from the line's start: the pen moves
    /// by each advance, plus `tracking` between units. Returns the line's
    /// width. Placement and `lineRanges` add the same terms.
    func place(line: Range<Int>, tracking: Double, _ body: (ShapedGlyph, Double) -> Void) -> Double {
        var pieces: [Range<Int>] = [], levels: [UInt8] = []
        for run in runs {
            let inLine = run.glyphs.filter { line.contains(glyphs[$0].unit) }
            guard let first = inLine.first, let last = inLine.last else { continue }
            pieces.append(first..<(last + 1))
            levels.append(run.level)
        }
        var pen = 0.0
        var previousUnit: Int?
        for p in BidiLevels.visualOrder(levels: levels) {
            for g in pieces[p] where line.contains(glyphs[g].unit) {
                let glyph = glyphs[g]
                if let previousUnit, previousUnit != glyph.unit { pen += tracking }
                previousUnit = glyph.unit
                body(glyph, pen + glyph.offset.x)
                pen += glyph.advance
            }
        }
        return pen
    }
}
