import Animation
import Geometry
import SceneModel

/// Outlines and bounds of shapes at a time, in the node's own coordinates
/// (points). `inset` shrinks primitive outlines as SwiftUI's `InsettableShape`
/// does; lines, polygons and paths are not insettable and ignore it.
extension ShapeGeometry {
    /// The node's bounds: (0,0)–size for sized shapes; for lines, polygons,
    /// paths and compound shapes the box of the outline itself, control
    /// points excluded (SwiftUI's `Path.boundingRect`). A compound's box is
    /// that of its children's placed outlines, before its own inset.
    func bounds(in ctx: TimelineContext) -> Rect {
        switch self {
        case .rect(let size, _), .ellipse(let size), .capsule(let size), .arc(let size, _, _, _),
             .circle(.size(let size)):
            return Rect(origin: .zero, size: size.size(in: ctx))
        case .circle(.radius(let r)):
            let d = max(r.value(in: ctx), 0) * 2
            return Rect(origin: .zero, size: Size(d, d))
        case let .line(from, to):
            return Rect.empty.including(from.value(in: ctx)).including(to.value(in: ctx))
        case .polygon(let points):
            return points.reduce(Rect.empty) { $0.including($1.value(in: ctx)) }
        case .path(let p):
            return p.value(in: ctx).boundingRect
        case .compound:
            return path(in: ctx, inset: 0).boundingRect
        }
    }

    /// The outline, shrunk by `inset` points where the shape is insettable.
    func path(in ctx: TimelineContext, inset: Double) -> Path {
        // Only sized shapes read the box; the others' bounds come from this path.
        var b: Rect { bounds(in: ctx) }
        var r: Rect { b.insetBy(inset) }
        switch self {
        case .rect(_, let radii):
            let v = radii.map { max($0.value(in: ctx) - inset, 0) }
            return .roundedRect(r, radii: (v[0], v[1], v[2], v[3]))
        case .ellipse, .circle(.radius):
            return .ellipse(in: r)
        case .circle(.size):
            // SwiftUI's Circle in a frame: the largest circle centred in it.
            let box = b
            let d = max(min(box.width, box.height) - 2 * inset, 0)
            return .ellipse(in: Rect(origin: Point((box.width - d) / 2, (box.height - d) / 2), size: Size(d, d)))
        case .capsule:
            let box = r
            let radius = min(box.width, box.height) / 2
            return .roundedRect(box, radii: (radius, radius, radius, radius))
        case let .arc(_, start, end, ccw):
            return .arc(in: r, startAngle: start.value(in: ctx), endAngle: end.value(in: ctx), counterclockwise: ccw)
        case let .line(from, to):
            var p = Path()
            p.move(to: from.value(in: ctx))
            p.line(to: to.value(in: ctx))
            return p
        case .polygon(let points):
            var p = Path()
            for (i, point) in points.enumerated() {
                if i == 0 { p.move(to: point.value(in: ctx)) } else { p.line(to: point.value(in: ctx)) }
            }
            p.close()
            return p
        case .path(let p):
            return p.value(in: ctx)
        case .compound(let shapes):
            // The compound's inset adds to each part's own.
            var p = Path()
            for s in shapes {
                for e in s.outline(in: ctx, extraInset: inset).elements { p.append(e) }
            }
            return p
        }
    }
}
