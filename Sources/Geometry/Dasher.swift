/// Dash patterns, as SVG's `stroke-dasharray`/`stroke-dashoffset` and Skia's
/// `SkDashPathEffect` apply them: the pattern restarts at every sub-path.
extension Path {
    /// The "on" parts of a dash pattern along the path, each an open
    /// sub-path that keeps its curves (cut with de Casteljau's algorithm at
    /// the lengths where dashes start and end).
    ///
    /// `pattern` alternates dash and gap lengths in the path's units; an odd
    /// count repeats once, as in SVG. `phase` is how far into the pattern
    /// each sub-path starts (negative values wrap). A zero-length dash gives
    /// a zero-length sub-path, which round and square caps draw as a dot. A
    /// closed sub-path that lies inside one dash stays closed.
    ///
    /// The path comes back undashed when the pattern is empty, sums to zero,
    /// holds a negative or non-finite length, or would make more than a
    /// million dashes (Skia's limit too).
    public func dashed(_ pattern: [Double], phase: Double) -> Path {
        guard !pattern.isEmpty, phase.isFinite, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return self }
        let intervals = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = intervals.reduce(0, +)
        guard period > 0 else { return self }
        let measure = PathMeasure(self)
        guard measure.length / period * Double(intervals.count / 2) <= 1_000_000 else { return self }

        // Where the pattern stands at the start of each sub-path.
        var offset = phase.truncatingRemainder(dividingBy: period)
        if offset < 0 { offset += period }
        var firstIndex = 0
        for _ in intervals.indices {
            guard offset > 0 && offset >= intervals[firstIndex] else { break }
            offset -= intervals[firstIndex]
            firstIndex = (firstIndex + 1) % intervals.count
        }
        let firstRemaining = Swift.max(intervals[firstIndex] - offset, 0)

        var result = Path()
        for c in measure.contours {
            var index = firstIndex, remaining = firstRemaining, s = 0.0
            if c.length == 0 || (c.contour.isClosed && index % 2 == 0 && remaining >= c.length) {
                if index % 2 == 0 { c.contour.append(to: &result) }
                continue
            }
            while true {
                let end = s + remaining
                if index % 2 == 0 { c.extract(from: s, to: Swift.min(end, c.length), into: &result) }
                if end >= c.length { break }
                s = end
                index = (index + 1) % intervals.count
                remaining = intervals[index]
            }
        }
        return result
    }
}
