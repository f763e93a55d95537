import Animation
import Geometry
import SceneModel

extension Placement {
    /// The transform into the parent of something with `bounds`:
    /// translate(P + offset) · rotate · skew · scale · translate(−A), A the
    /// anchor point in the bounds and P the `position` (A when absent; the
    /// point on the `motion` path when there is one), as
    /// the format defines (skew, a Reel addition, where After Effects and
    /// Lottie put it: the angles are the ones seen before rotation, whatever
    /// the scale).
    /// `placed` replaces `position` where a stack places the node.
    func transform(bounds: Rect, ctx: TimelineContext, position placed: Point? = nil) -> Transform {
        let a = Point(bounds.minX + anchor.x * bounds.width, bounds.minY + anchor.y * bounds.height)
        var p = placed ?? position?.value(in: ctx) ?? a
        let o = offset?.value(in: ctx) ?? .zero
        let s = scale.value(in: ctx)
        var r = rotation.value(in: ctx)
        if case .some(let motion) = motion {
            (p, r) = motion.place(rotation: r, in: ctx)
        }
        var t = Transform.translation(p.x + o.x, p.y + o.y).concatenating(.rotation(degrees: r))
        if let skew {
            let k = skew.value(in: ctx)
            t = t.concatenating(.skew(degrees: k.x, k.y))
        }
        return t.concatenating(.scale(s.x, s.y)).concatenating(.translation(-a.x, -a.y))
    }
}

extension PlacedShape {
    /// The outline in the parent's coordinates (after inset and trim).
    func outline(in ctx: TimelineContext, extraInset: Double = 0) -> Path {
        let path = shape.outline(in: ctx, extraInset: extraInset)
        let t = placement.transform(bounds: shape.geometry.bounds(in: ctx), ctx: ctx)
        return t == .identity ? path : path.applying(t)
    }
}
