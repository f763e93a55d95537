/// A sub-path as a list of segments with explicit start points.
struct Contour: Sendable {
    var start: Point
    var segments: [PathSegment] = []
    var isClosed = false
    /// Whether the last segment is the straight line that `close` implies
    /// (drawn by no element of its own).
    var hasImplicitClosingLine = false

    init(start: Point) { self.start = start }

    /// The contour as path elements, unchanged: a move, the segments, and
    /// `close` for a closed contour (which again implies its closing line).
    func append(to path: inout Path) {
        path.move(to: start)
        let drawn = hasImplicitClosingLine ? segments.dropLast() : segments[...]
        for s in drawn { path.append(s.element) }
        if isClosed { path.close() }
    }
}

extension Path {
    /// The sub-paths in drawing order, normalised the way `Flattener` reads
    /// elements: drawing before any move starts at (0, 0); drawing after a
    /// `close` starts a new contour where the closed one started; a closed
    /// contour gets its closing line as a segment when it is not already at
    /// its start. A lone move is no contour; "M p Z" is a closed contour of no
    /// segments (a dot once stroked with round or square caps); a second
    /// `close` in a row is ignored.
    var contours: [Contour] {
        var result: [Contour] = []
        var current: Contour?
        var point = Point.zero
        for e in elements {
            let segment: PathSegment
            switch e {
            case .move(let p):
                if let c = current, !c.segments.isEmpty { result.append(c) }
                current = Contour(start: p)
                point = p
                continue
            case .line(let p): segment = .line(point, p)
            case .quad(let k, let p): segment = .quad(point, k, p)
            case .cubic(let k1, let k2, let p): segment = .cubic(point, k1, k2, p)
            case .close:
                guard var c = current else { continue }
                current = nil
                if point != c.start {
                    c.segments.append(.line(point, c.start))
                    c.hasImplicitClosingLine = true
                }
                c.isClosed = true
                point = c.start
                result.append(c)
                continue
            }
            if current == nil { current = Contour(start: point) }
            current!.segments.append(segment)
            point = segment.end
        }
        if let c = current, !c.segments.isEmpty { result.append(c) }
        return result
    }
}
