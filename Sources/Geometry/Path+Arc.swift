import Determinism

/// Elliptical arcs as cubic Béziers.
///
/// Angles are degrees with y down: 0 points along +x, 90 along +y, so
/// increasing angles turn clockwise on screen (the scene format's convention).
/// An angle is the ellipse's parametric angle: the point at `a` is
/// center + (rx·cos a, ry·sin a), which is the geometric angle on a circle.
extension Path {
    /// Adds an arc of the ellipse with `center` and `radii`, from `startAngle`
    /// toward `endAngle`: through increasing angles, or decreasing ones when
    /// `counterclockwise`. The sweep is taken modulo 360 into 0…360, except that
    /// a sweep of 360 or more is the whole ellipse (ending back at its start).
    /// Like SwiftUI's `addArc`, a line joins the current point to the arc's
    /// start; without a current point the arc starts a new sub-path.
    public mutating func addArc(center: Point, radii: Size, startAngle: Double, endAngle: Double,
                                counterclockwise: Bool = false) {
        let sweep = Path.sweep(from: startAngle, to: endAngle, counterclockwise: counterclockwise)
        let start = Path.ellipsePoint(center: center, radii: radii, rotation: (0, 1), angle: startAngle)
        if currentPoint == nil { move(to: start) } else if currentPoint != start { line(to: start) }
        appendArc(center: center, radii: radii, rotation: (0, 1), startAngle: startAngle, sweep: sweep,
                  end: Swift.abs(sweep) == 360 ? start : nil)
    }

    /// The format's `arc` node: an open arc of the ellipse inscribed in `rect`,
    /// from `startAngle` toward `endAngle` (see `addArc`). A full sweep is the
    /// closed ellipse starting at `startAngle`, so its stroke has no seam or caps.
    public static func arc(in rect: Rect, startAngle: Double, endAngle: Double,
                           counterclockwise: Bool = false) -> Path {
        var p = Path()
        p.addArc(center: Point((rect.minX + rect.maxX) / 2, (rect.minY + rect.maxY) / 2),
                 radii: Size(rect.width / 2, rect.height / 2),
                 startAngle: startAngle, endAngle: endAngle, counterclockwise: counterclockwise)
        if Swift.abs(sweep(from: startAngle, to: endAngle, counterclockwise: counterclockwise)) == 360 {
            p.close()
        }
        return p
    }

    /// The signed sweep in degrees from `start` toward `end`: modulo 360 into
    /// 0…360 in the arc's direction, or a whole turn when it is 360 or more;
    /// negative when counterclockwise.
    private static func sweep(from start: Double, to end: Double, counterclockwise: Bool) -> Double {
        let raw = counterclockwise ? start - end : end - start
        var sweep = raw >= 360 ? 360 : raw.truncatingRemainder(dividingBy: 360)
        if sweep < 0 { sweep += 360 }
        return counterclockwise ? -sweep : sweep
    }

    /// Adds SVG's endpoint-parameterised elliptical arc from `start` (the
    /// current point) to `end`, converted to centre form as the SVG 1.1
    /// implementation notes F.6.5–F.6.6 prescribe: equal endpoints draw
    /// nothing, a zero radius draws a line, radii too small to reach `end`
    /// are scaled up until they do. `rotation` is the x-axis rotation in
    /// degrees; `sweep` = true turns through increasing angles (clockwise on
    /// screen).
    mutating func addSVGArc(from start: Point, to end: Point, radii: Size, rotation: Double,
                            largeArc: Bool, sweep: Bool) {
        guard start != end else { return }
        var rx = Swift.abs(radii.width), ry = Swift.abs(radii.height)
        guard rx > 0, ry > 0 else {
            line(to: end)
            return
        }
        let rot = DeterministicMath.sinCos(degrees: rotation)
        // F.6.5.1: the midpoint-relative start in the ellipse's own axes.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = rot.cos * dx + rot.sin * dy, y1 = -rot.sin * dx + rot.cos * dy
        // F.6.6: scale radii that cannot span the chord.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s; ry *= s
        }
        // F.6.5.2–3: the centre.
        let rx2 = rx * rx, ry2 = ry * ry
        let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
        var coefficient = denominator > 0
            ? Swift.max(0, (rx2 * ry2 - denominator) / denominator).squareRoot() : 0
        if largeArc == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry, cy1 = -coefficient * ry * x1 / rx
        let center = Point(rot.cos * cx1 - rot.sin * cy1 + (start.x + end.x) / 2,
                           rot.sin * cx1 + rot.cos * cy1 + (start.y + end.y) / 2)
        // F.6.5.5–6: start angle and sweep, in degrees.
        let startAngle = DeterministicMath.atan2Degrees((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = DeterministicMath.atan2Degrees((-y1 - cy1) / ry, (-x1 - cx1) / rx) - startAngle
        if sweep && delta < 0 { delta += 360 } else if !sweep && delta > 0 { delta -= 360 }
        appendArc(center: center, radii: Size(rx, ry), rotation: rot, startAngle: startAngle,
                  sweep: delta, end: end)
    }

    /// Appends cubics for the arc from the current point (which must be the
    /// point at `startAngle`) sweeping `sweep` degrees (negative =
    /// counterclockwise) on the ellipse rotated by `rotation` (sin, cos).
    ///
    /// Each piece spans at most 90° and uses the standard handle length
    /// 4/3·tan(θ/4) of the piece's angle θ (radial error ≤ 0.027 % at 90°).
    /// `end`, when given, is used as the exact last point.
    mutating func appendArc(center: Point, radii: Size, rotation: (sin: Double, cos: Double),
                            startAngle: Double, sweep: Double, end: Point?) {
        guard sweep != 0, sweep.isFinite else { return }
        let pieces = Swift.max(1, Int((Swift.abs(sweep) / 90 - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let quarter = DeterministicMath.sinCos(degrees: step / 4)
        let k = 4.0 / 3.0 * quarter.sin / quarter.cos
        // Maps a unit-circle point or tangent into the rotated, scaled ellipse.
        func map(_ x: Double, _ y: Double) -> Point {
            let ex = x * radii.width, ey = y * radii.height
            return Point(ex * rotation.cos - ey * rotation.sin, ex * rotation.sin + ey * rotation.cos)
        }
        var a = DeterministicMath.sinCos(degrees: startAngle)
        var from = center + map(a.cos, a.sin)
        for i in 1...pieces {
            let b = DeterministicMath.sinCos(degrees: startAngle + step * Double(i))
            let to = i == pieces ? (end ?? center + map(b.cos, b.sin)) : center + map(b.cos, b.sin)
            cubic(to: to,
                  control1: from + map(-a.sin * k, a.cos * k),
                  control2: center + map(b.cos + b.sin * k, b.sin - b.cos * k))
            a = b
            from = to
        }
    }

    /// The point at `angle` degrees on the ellipse rotated by `rotation` (sin, cos).
    static func ellipsePoint(center: Point, radii: Size, rotation: (sin: Double, cos: Double),
                             angle: Double) -> Point {
        let (s, c) = DeterministicMath.sinCos(degrees: angle)
        let ex = c * radii.width, ey = s * radii.height
        return Point(center.x + ex * rotation.cos - ey * rotation.sin,
                     center.y + ex * rotation.sin + ey * rotation.cos)
    }
}
