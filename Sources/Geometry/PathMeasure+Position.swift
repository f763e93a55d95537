/// Where a length along a path falls: what motion along a path needs
/// (Core Animation's keyframe animation `path`, SVG's `animateMotion`).
extension PathMeasure {
    /// The point `distance` along the path (clamped to 0…`length`, counted
    /// over all sub-paths in drawing order) and the unit direction of travel
    /// there. At a join the segment that starts there decides the direction;
    /// a path without length gives its first point and (1, 0).
    public func position(at distance: Double) -> (point: Point, direction: Point) {
        let d = Swift.min(Swift.max(distance, 0), length)
        guard let c = contours.first(where: { $0.length > 0 && $0.offset + $0.length >= d }) else {
            return (contours.first?.contour.start ?? .zero, Point(1, 0))
        }
        let (i, t) = c.location(at: d - c.offset, preferEnd: false)
        let segment = c.contour.segments[i]
        return (segment.point(at: t), segment.direction(at: t))
    }
}

extension PathSegment {
    /// The unit tangent at `t`. Where the derivative vanishes (a cubic whose
    /// control point sits on its end) the curve's direction is the limit
    /// towards that point, which the second control point (or the chord)
    /// gives.
    func direction(at t: Double) -> Point {
        var v = derivative(at: t)
        if v.length == 0 {
            switch self {
            case let .cubic(p0, c1, c2, p1):
                v = t < 0.5 ? (c2 == p0 ? p1 - p0 : c2 - p0) : (c1 == p1 ? p1 - p0 : p1 - c1)
            default:
                v = end - start
            }
        }
        let n = v.length
        return n > 0 ? Point(v.x / n, v.y / n) : Point(1, 0)
    }
}
