extension ShapedParagraph {
    /// Greedy line breaking (first fit, as every UI text view does): a line
    /// takes clusters while they fit in `width`; the line then breaks at its
    /// last run of spaces, which is dropped (spaces hang past the width and
    /// never force a break). A line with no such space — a word longer than
    /// the width — breaks before the cluster that overflows, and a line
    /// always keeps at least one cluster. `width` nil: one line.
    ///
    /// Returns the clusters of each line; a paragraph with no clusters is one
    /// empty line.
    func lineRanges(width: Double?, tracking: Double) -> [Range<Int>] {
        let n = clusterCount
        guard let width, n > 0 else { return [0..<n] }
        // Width compared with a tolerance far below a pixel, so a width
        // measured from the same text fits it despite rounding.
        let limit = width + 1e-9
        var lines: [Range<Int>] = []
        var start = 0
        while start < n {
            var pen = 0.0
            var lastBreak: Int?   // end of the content before the latest space run
            var end = n, next = n
            var c = start
            while c < n {
                var p = pen
                step(cluster: c, first: c == start, tracking: tracking, pen: &p)
                if isBreakSpace[c] {
                    if c > start && !isBreakSpace[c - 1] { lastBreak = c }
                } else if p > limit && c > start {
                    if let b = lastBreak {
                        end = b
                        next = b
                        while next < n && isBreakSpace[next] { next += 1 }
                    } else {
                        end = c
                        next = c
                    }
                    break
                }
                pen = p
                c += 1
            }
            lines.append(start..<end)
            start = next
        }
        return lines
    }
}
