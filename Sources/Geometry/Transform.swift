import Determinism

/// A 2-D affine transform mapping (x, y) to
/// (a·x + c·y + tx, b·x + d·y + ty), as CGAffineTransform does.
///
/// Angles are degrees with y down, so positive angles turn clockwise on screen
/// (the scene format's convention).
public struct Transform: Sendable, Equatable, Hashable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `degrees`, clockwise on screen (y down).
    public static func rotation(degrees: Double) -> Transform {
        let (s, c) = DeterministicMath.sinCos(degrees: degrees)
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Skew (shear) by the angles in degrees, as CSS `skew(x, y)`: x gains
    /// tan(x)·y and y gains tan(y)·x, so with y down a positive x angle
    /// leans the bottom to the right. At ±90° the tangent is infinite and
    /// nothing drawn through the transform shows, as in CSS.
    public static func skew(degrees x: Double, _ y: Double) -> Transform {
        let (sx, cx) = DeterministicMath.sinCos(degrees: x), (sy, cy) = DeterministicMath.sinCos(degrees: y)
        return Transform(a: 1, b: sy / cy, c: sx / cx, d: 1, tx: 0, ty: 0)
    }

    /// `self` applied after `first`: (self ∘ first)(p) = self(first(p)).
    public func concatenating(_ first: Transform) -> Transform {
        Transform(a: a * first.a + c * first.b,
                  b: b * first.a + d * first.b,
                  c: a * first.c + c * first.d,
                  d: b * first.c + d * first.d,
                  tx: a * first.tx + c * first.ty + tx,
                  ty: b * first.tx + d * first.ty + ty)
    }

    @inlinable
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The largest factor by which the transform stretches a length; curve
    /// flattening divides its tolerance by it so curves stay smooth when scaled up.
    public var maxScale: Double {
        let sx = (a * a + b * b).squareRoot()
        let sy = (c * c + d * d).squareRoot()
        return Swift.max(sx, sy)
    }
}

extension Transform {
    /// The axis-aligned box holding `r` after mapping (its four corners).
    public func boundingBox(of r: Rect) -> Rect {
        let p0 = apply(Point(r.minX, r.minY)), p1 = apply(Point(r.maxX, r.minY))
        let p2 = apply(Point(r.maxX, r.maxY)), p3 = apply(Point(r.minX, r.maxY))
        return Rect(minX: Swift.min(p0.x, p1.x, p2.x, p3.x), minY: Swift.min(p0.y, p1.y, p2.y, p3.y),
                    maxX: Swift.max(p0.x, p1.x, p2.x, p3.x), maxY: Swift.max(p0.y, p1.y, p2.y, p3.y))
    }
}

extension Transform {
    /// The transform that undoes this one; nil when it is singular (a zero
    /// scale flattens everything, and nothing drawn through it is visible).
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}
