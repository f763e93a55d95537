import Determinism

extension Path {
    /// An outline that covers the stroke of this path when filled with the
    /// **non-zero** rule; empty when the width is not positive.
    ///
    /// The path is dashed first (see `dashed`), then each sub-path is
    /// flattened at `tolerance` — a distance in the path's own units, so pass
    /// the pixel tolerance divided by the transform's scale — and stroked as a
    /// polyline. Closed sub-paths get joins all round and no caps; open ones
    /// get caps; zero-length segments are skipped; a zero-length sub-path
    /// draws a dot with round or square caps (an axis-aligned square, as Core
    /// Graphics does). Curves keep a round outline inside themselves whatever
    /// the join, since their true offset has no corners.
    public func stroked(_ style: StrokeStyle, tolerance: Double) -> Path {
        guard style.width > 0, style.width.isFinite else { return Path() }
        let source = style.dash.isEmpty ? self : dashed(style.dash, phase: style.dashPhase)
        var stroker = Stroker(style: style, tolerance: tolerance)
        for c in source.contours { stroker.add(c) }
        return stroker.outline
    }
}

/// Strokes flattened contours the way Skia's `SkStroke` (and tiny-skia's
/// port) builds outlines: the left offset of the polyline walked forward, a
/// cap, the left offset of the reversed polyline, the other cap. Outer corners
/// get the join. An inner corner is cut where the two offset segments cross
/// when that point lies within the nearer half of each (the usual case along
/// a flattened curve); otherwise it goes through the vertex itself (Skia's
/// "pivot"), which makes the outline the exact sum of one positively wound
/// quad per segment and one wedge per join, so the non-zero rule covers their
/// union however thick the stroke is against the curvature. The cut covers
/// the same union with two edges fewer per vertex, and without the spike to
/// the vertex and back that the rasterizer would otherwise walk row by row.
/// A closed contour gives two loops (one per side) instead of caps.
///
/// Round joins and caps are polygons whose chords stay within the tolerance
/// of the circle of radius width/2.
struct Stroker {
    private let halfWidth: Double
    private let cap: LineCap
    private let join: LineJoin
    private let miterLimit: Double
    private let tolerance: Double
    /// Points closer than this are one point (in path units).
    private let minSegment: Double
    /// Largest angle, in radians, one chord of a round join or cap may span,
    /// and its cosine.
    private let maxStep: Double
    private let cosMaxStep: Double
    /// Chords for a half turn (a round cap) and the rotation (sin, cos) of one.
    private let capSteps: Int
    private let capRotation: (sin: Double, cos: Double)

    private(set) var outline = Path()
    // Scratch buffers, reused across contours.
    private var points: [Point] = []
    private var corners: [Bool] = []
    private var directions: [Point] = []
    /// Lengths of the segments `directions` point along.
    private var lengths: [Double] = []
    private var lastPoint = Point.zero

    init(style: StrokeStyle, tolerance: Double) {
        halfWidth = style.width / 2
        cap = style.cap
        join = style.join
        miterLimit = style.miterLimit
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : Flattener.defaultTolerance
        self.tolerance = tol
        minSegment = tol * 1e-3
        // A chord spanning angle δ on a circle of radius h deviates from it by
        // h·(1 − cos(δ/2)); solve for the tolerance.
        let e = tol / halfWidth
        let halfPi = DeterministicMath.pi / 2
        maxStep = e >= 1 ? halfPi
            : Swift.min(halfPi, 2 * DeterministicMath.atan2((e * (2 - e)).squareRoot(), 1 - e))
        cosMaxStep = DeterministicMath.sinCos(radians: maxStep).cos
        capSteps = Stroker.steps(DeterministicMath.pi, maxStep)
        capRotation = DeterministicMath.sinCos(radians: DeterministicMath.pi / Double(capSteps))
    }

    private static func steps(_ angle: Double, _ step: Double) -> Int {
        pieceCount(angle / step)
    }

    mutating func add(_ contour: Contour) {
        flatten(contour)
        let m = points.count
        guard m > 1 else {
            if m == 1 { dot(points[0]) }
            return
        }
        let segmentCount = contour.isClosed ? m : m - 1
        directions.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        directions.reserveCapacity(segmentCount)
        lengths.reserveCapacity(segmentCount)
        // Each side visits every vertex (a pivot adds two points, a round
        // join or cap its chords); reserving the usual count saves the
        // outline's regrowths, which cost more than the stroking itself.
        outline.reserveCapacity(2 * m + 2 * capSteps + 4)
        for i in 0..<segmentCount {
            let v = points[(i + 1) % m] - points[i]
            let length = v.length
            directions.append(v * (1 / length))
            lengths.append(length)
        }
        let h = halfWidth
        if contour.isClosed {
            for i in 0..<m {
                let previous = (i + m - 1) % m
                addJoin(at: i, incoming: directions[previous], outgoing: directions[i],
                        lengths: (lengths[previous], lengths[i]), first: i == 0)
            }
            outline.close()
            for k in 0..<m {
                let i = (m - k) % m, previous = (i + m - 1) % m
                addJoin(at: i, incoming: directions[i] * -1, outgoing: directions[previous] * -1,
                        lengths: (lengths[i], lengths[previous]), first: k == 0)
            }
            outline.close()
        } else {
            let d0 = directions[0], dn = directions[m - 2]
            moveTo(points[0] + Stroker.left(d0) * h)
            for i in 1..<(m - 1) {
                addJoin(at: i, incoming: directions[i - 1], outgoing: directions[i],
                        lengths: (lengths[i - 1], lengths[i]), first: false)
            }
            lineTo(points[m - 1] + Stroker.left(dn) * h)
            addCap(at: points[m - 1], direction: dn)
            for i in stride(from: m - 2, through: 1, by: -1) {
                addJoin(at: i, incoming: directions[i] * -1, outgoing: directions[i - 1] * -1,
                        lengths: (lengths[i], lengths[i - 1]), first: false)
            }
            lineTo(points[0] - Stroker.left(d0) * h)
            addCap(at: points[0], direction: d0 * -1)
            outline.close()
        }
    }

    /// The contour as a polyline in `points`; `corners` marks the vertices
    /// where elements meet (the style's join applies there; inside a curve
    /// joins are round). Points closer than `minSegment` merge.
    private mutating func flatten(_ contour: Contour) {
        points.removeAll(keepingCapacity: true)
        corners.removeAll(keepingCapacity: true)
        let count = contour.segments.reduce(1) { $0 + $1.flatteningSteps(tolerance: tolerance) }
        points.reserveCapacity(count)
        corners.reserveCapacity(count)
        addVertex(contour.start, corner: true)
        for seg in contour.segments {
            let n = seg.flatteningSteps(tolerance: tolerance)
            if n > 1 {
                for k in 1..<n { addVertex(seg.point(at: Double(k) / Double(n)), corner: false) }
            }
            addVertex(seg.end, corner: true)
        }
        if contour.isClosed {
            while points.count > 1 && (points[points.count - 1] - points[0]).length <= minSegment {
                points.removeLast()
                corners.removeLast()
            }
        }
    }

    private mutating func addVertex(_ p: Point, corner: Bool) {
        guard p.x.isFinite && p.y.isFinite else { return }
        if let last = points.last, (p - last).length <= minSegment {
            corners[corners.count - 1] = corners[corners.count - 1] || corner
            return
        }
        points.append(p)
        corners.append(corner)
    }

    /// The left offset around vertex `i`, arriving along `incoming` and
    /// leaving along `outgoing` (unit vectors, segments of `lengths`): the
    /// join on the outer side of a right turn; on the inner side of a left
    /// turn, the cut where the offsets cross, or the pivot through the vertex
    /// when the cut would reach beyond half a segment. An exact reversal
    /// counts as outer, so a round join caps it.
    private mutating func addJoin(at i: Int, incoming a: Point, outgoing b: Point, lengths: (Double, Double),
                                  first: Bool) {
        let p = points[i], h = halfWidth
        let na = Stroker.left(a), nb = Stroker.left(b)
        let cross = a.cross(b), dot = a.dot(b)
        // How far the offsets' crossing lies back along each: h·tan(turn / 2).
        if cross < 0, h * -cross / (1 + dot) <= Swift.min(lengths.0, lengths.1) / 2 {
            let cut = p + (na + nb) * (h / (1 + dot))
            if first { moveTo(cut) } else { lineTo(cut) }
            return
        }
        if first { moveTo(p + na * h) } else { lineTo(p + na * h) }
        if cross < 0 {
            lineTo(p)
        } else if cross > 0 || dot < 0 {
            switch corners[i] ? join : .round {
            case .miter:
                // Miter length / width = 1 / cos(turn / 2) = √(2 / (1 + dot)).
                if 2 <= miterLimit * miterLimit * (1 + dot) {
                    lineTo(p + (na + nb) * (h / (1 + dot)))
                }
            case .round:
                if dot < cosMaxStep {
                    let turn = DeterministicMath.atan2(cross, dot)
                    let n = Stroker.steps(turn, maxStep)
                    arc(center: p, from: na, steps: n, rotation: DeterministicMath.sinCos(radians: turn / Double(n)))
                }
            case .bevel:
                break
            }
        }
        lineTo(p + nb * h)
    }

    /// From the left offset at an end reached along `d` to the right offset.
    private mutating func addCap(at p: Point, direction d: Point) {
        let n = Stroker.left(d), h = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            lineTo(p + (n + d) * h)
            lineTo(p + (d - n) * h)
        case .round:
            arc(center: p, from: n, steps: capSteps, rotation: capRotation)
        }
        lineTo(p - n * h)
    }

    /// A zero-length sub-path: a disc for round caps, an axis-aligned square
    /// for square caps, nothing for butt caps.
    private mutating func dot(_ p: Point) {
        let h = halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            moveTo(Point(p.x - h, p.y - h))
            lineTo(Point(p.x + h, p.y - h))
            lineTo(Point(p.x + h, p.y + h))
            lineTo(Point(p.x - h, p.y + h))
        case .round:
            moveTo(Point(p.x + h, p.y))
            arc(center: p, from: Point(1, 0), steps: 2 * capSteps, rotation: capRotation)
        }
        outline.close()
    }

    /// The inner vertices of a circular arc of radius width/2 around
    /// `center`, starting at unit vector `u` and turning clockwise on screen
    /// by `steps` rotations; the caller adds the exact end point.
    private mutating func arc(center: Point, from u: Point, steps: Int,
                              rotation r: (sin: Double, cos: Double)) {
        var v = u
        for _ in 1..<Swift.max(steps, 1) {
            v = Point(v.x * r.cos - v.y * r.sin, v.x * r.sin + v.y * r.cos)
            lineTo(center + v * halfWidth)
        }
    }

    /// The unit normal on the left of travel along `d` (on screen, y down).
    private static func left(_ d: Point) -> Point { Point(d.y, -d.x) }

    private mutating func moveTo(_ p: Point) {
        outline.move(to: p)
        lastPoint = p
    }

    private mutating func lineTo(_ p: Point) {
        guard p != lastPoint else { return }
        outline.line(to: p)
        lastPoint = p
    }
}
