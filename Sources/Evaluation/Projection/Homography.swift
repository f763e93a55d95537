import Determinism
import Geometry
import SceneModel

/// A projective map of the plane, (x, y) → (X / W, Y / W) with
/// [X, Y, W] = m · [x, y, 1] (rows of `m`, row-major).
struct Homography: Equatable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static func == (l: Homography, r: Homography) -> Bool {
        l.m.0 == r.m.0 && l.m.1 == r.m.1 && l.m.2 == r.m.2 && l.m.3 == r.m.3 && l.m.4 == r.m.4
            && l.m.5 == r.m.5 && l.m.6 == r.m.6 && l.m.7 == r.m.7 && l.m.8 == r.m.8
    }

    init(_ t: Transform) {
        m = (t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1)
    }

    private init(rows m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) {
        self.m = m
    }

    /// `self` applied after `first`.
    func concatenating(_ first: Homography) -> Homography {
        let a = m, b = first.m
        return Homography(rows: (a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
                                 a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
                                 a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    /// The image of `p` and its W (≤ 0: at or behind the eye).
    @inline(__always)
    func apply(_ p: Point) -> (point: Point, w: Double) {
        let w = m.6 * p.x + m.7 * p.y + m.8
        return (Point((m.0 * p.x + m.1 * p.y + m.2) / w, (m.3 * p.x + m.4 * p.y + m.5) / w), w)
    }

    /// The affine map that agrees with this one at `p` to first order (for
    /// what cannot be projected point by point: paints, sprites).
    func tangent(at p: Point) -> Transform {
        let (q, w) = apply(p)
        let a = (m.0 - q.x * m.6) / w, c = (m.1 - q.x * m.7) / w
        let b = (m.3 - q.y * m.6) / w, d = (m.4 - q.y * m.7) / w
        return Transform(a: a, b: b, c: c, d: d, tx: q.x - a * p.x - c * p.y, ty: q.y - b * p.x - d * p.y)
    }

    /// SwiftUI's `rotation3DEffect` of a node whose bounds are `bounds`, in
    /// its coordinates: with A the anchor point (and `anchorZ`), R the
    /// rotation (Rodrigues' formula about the normalised axis) and
    /// q = perspective / max(width, height) (CATransform3D's m34 = −q),
    /// a point p maps to A + (R(p − A))ₓᵧ / (1 − q·R(p − A)_z). Nil for the
    /// identity (angle 0 about the anchor's plane) or a null axis.
    static func rotation3D(_ r: Rotation3D, angle: Double, bounds: Rect) -> Homography? {
        let length = (r.axis.x * r.axis.x + r.axis.y * r.axis.y + r.axis.z * r.axis.z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite, angle != 0 || r.anchorZ != 0 else { return nil }
        let kx = r.axis.x / length, ky = r.axis.y / length, kz = r.axis.z / length
        let (s, c) = DeterministicMath.sinCos(degrees: angle)
        let t = 1 - c
        let r00 = c + kx * kx * t, r01 = kx * ky * t - kz * s, r02 = kx * kz * t + ky * s
        let r10 = ky * kx * t + kz * s, r11 = c + ky * ky * t, r12 = ky * kz * t - kx * s
        let r20 = kz * kx * t - ky * s, r21 = kz * ky * t + kx * s, r22 = c + kz * kz * t
        let side = max(bounds.width, bounds.height)
        let q = side > 0 && r.perspective.isFinite ? r.perspective / side : 0
        let ax = bounds.minX + r.anchor.x * bounds.width, ay = bounds.minY + r.anchor.y * bounds.height, az = r.anchorZ
        // Rows over (u, v, 1) = (x − ax, y − ay, 1): W, then X = R·(u, v, −az)ₓ + ax·W, Y likewise.
        let w0 = -q * r20, w1 = -q * r21, w2 = 1 + q * az * r22
        let x0 = r00 + ax * w0, x1 = r01 + ax * w1, x2 = -az * r02 + ax * w2
        let y0 = r10 + ay * w0, y1 = r11 + ay * w1, y2 = -az * r12 + ay * w2
        // Then (x, y) → (u, v).
        return Homography(rows: (x0, x1, x2 - x0 * ax - x1 * ay, y0, y1, y2 - y0 * ax - y1 * ay,
                                 w0, w1, w2 - w0 * ax - w1 * ay))
    }
}
