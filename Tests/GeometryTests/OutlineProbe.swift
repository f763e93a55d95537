import Geometry

/// Measures what filling a path covers, from its flattened segments, so
/// tests can check strokes and trims by area and by point containment under
/// the non-zero rule (what the rasterizer does).
struct OutlineProbe {
    private(set) var segments: [(Point, Point)] = []

    init(_ path: Path, tolerance: Double = 1e-4) {
        var sink = Collector()
        Flattener.flatten(path, transform: .identity, tolerance: tolerance, into: &sink)
        segments = sink.segments
    }

    private struct Collector: LineSink {
        var segments: [(Point, Point)] = []
        mutating func line(from p0: Point, to p1: Point) { segments.append((p0, p1)) }
    }

    /// Shoelace sum over every closed sub-path: positive for outlines that
    /// run clockwise on screen (y down); equals the covered area only when
    /// nothing overlaps.
    var signedArea: Double {
        segments.reduce(0) { $0 + ($1.0.x * $1.1.y - $1.1.x * $1.0.y) } / 2
    }

    /// Winding number at `p` (a ray towards +x).
    func winding(at p: Point) -> Int {
        var w = 0
        for (a, b) in segments where (a.y <= p.y) != (b.y <= p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if x > p.x { w += b.y > a.y ? 1 : -1 }
        }
        return w
    }

    /// Whether the non-zero rule fills `p`.
    func contains(_ p: Point) -> Bool { winding(at: p) != 0 }

    /// Area the non-zero rule fills: exact interval lengths on `rows`
    /// horizontal scanlines through the middle of equal strips.
    func nonZeroArea(rows: Int = 4000) -> Double {
        guard !segments.isEmpty else { return 0 }
        var minY = Double.infinity, maxY = -Double.infinity
        for (a, b) in segments {
            minY = min(minY, a.y, b.y)
            maxY = max(maxY, a.y, b.y)
        }
        let dy = (maxY - minY) / Double(rows)
        func rowY(_ k: Int) -> Double { minY + (Double(k) + 0.5) * dy }
        // Each segment adds its crossing to the rows it spans.
        var crossings = [[(x: Double, dir: Int)]](repeating: [], count: rows)
        for (a, b) in segments where a.y != b.y {
            let first = max(Int(((min(a.y, b.y) - minY) / dy - 0.5).rounded(.down)), 0)
            let last = min(Int(((max(a.y, b.y) - minY) / dy - 0.5).rounded(.up)), rows - 1)
            guard first <= last else { continue }
            for k in first...last {
                let y = rowY(k)
                guard (a.y <= y) != (b.y <= y) else { continue }
                crossings[k].append((a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x), b.y > a.y ? 1 : -1))
            }
        }
        var area = 0.0
        for var row in crossings {
            row.sort { $0.x < $1.x }
            var w = 0
            for k in row.indices {
                w += row[k].dir
                if w != 0 && k + 1 < row.count { area += (row[k + 1].x - row[k].x) * dy }
            }
        }
        return area
    }
}

/// Number of sub-paths (moves) in a path.
func subpathCount(_ path: Path) -> Int {
    path.elements.filter { if case .move = $0 { return true } else { return false } }.count
}

/// Distance between two points.
func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// End points of each element, in order (a close yields nothing).
func endPoints(_ path: Path) -> [Point] {
    path.elements.compactMap { e in
        switch e {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
    }
}

/// Every point of every cubic sampled at `n` steps (including ends).
func cubicSamples(_ path: Path, n: Int = 16) -> [Point] {
    var out: [Point] = []
    var current = Point.zero
    for e in path.elements {
        switch e {
        case .move(let p), .line(let p), .quad(_, let p): current = p
        case .cubic(let c1, let c2, let p):
            for i in 0...n {
                let t = Double(i) / Double(n), mt = 1 - t
                let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
                out.append(Point(current.x * a + c1.x * b + c2.x * c + p.x * d,
                                 current.y * a + c1.y * b + c2.y * c + p.y * d))
            }
            current = p
        case .close: break
        }
    }
    return out
}
