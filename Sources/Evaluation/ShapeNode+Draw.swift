import Animation
import DisplayList
import Geometry
import SceneModel

extension ShapeNode {
    /// How many fills the shape draws (fill, stroke, stroke border).
    var drawCount: Int {
        max(paintCount, 1)
    }

    /// SwiftUI fills a bare shape black, unless it is a material (backdrop).
    func fillsBlack(hasBackdrop: Bool) -> Bool { fillsByDefault && !hasBackdrop }

    /// The outline after inset and trim, in the node's coordinates.
    func outline(in ctx: TimelineContext, extraInset: Double = 0) -> Path {
        geometry.path(in: ctx, inset: (inset?.value(in: ctx) ?? 0) + extraInset).trimmed(by: trim, in: ctx)
    }
}


extension Evaluator {
    /// Fill, then stroke, then stroke border — the format's order.
    func emitShape(_ shape: ShapeNode, bounds: Rect, transform: Transform, opacity: Double, hasBackdrop: Bool,
                   ctx: TimelineContext, into items: inout [DisplayItem]) {
        let outline = shape.outline(in: ctx)
        let fill: DisplayPaint? = if let paint = shape.fill {
            paint.display(in: ctx, bounds: bounds, opacity: opacity)
        } else if shape.fillsBlack(hasBackdrop: hasBackdrop) {
            .solid(Color.black.withOpacity(opacity))
        } else {
            nil
        }
        if let fill { items.append(.fill(path: outline, transform: transform, paint: fill, rule: shape.fillRule)) }
        // Stroking happens in the node's units; flatten finely enough for its size in pixels.
        let tolerance = Flattener.defaultTolerance / max(transform.maxScale, 1e-6)
        if let stroke = shape.stroke {
            emitStroke(stroke, path: outline, bounds: bounds, transform: transform, opacity: opacity,
                       tolerance: tolerance, ctx: ctx, into: &items)
        }
        if let border = shape.strokeBorder {
            // Inside the outline: the stroke of the shape inset by half the width.
            let width = max(border.width.value(in: ctx), 0)
            emitStroke(border, path: shape.outline(in: ctx, extraInset: width / 2), bounds: bounds, transform: transform,
                       opacity: opacity, tolerance: tolerance, ctx: ctx, into: &items)
        }
    }

    func emitStroke(_ stroke: Stroke, path: Path, bounds: Rect, transform: Transform, opacity: Double,
                            tolerance: Double, ctx: TimelineContext, into items: inout [DisplayItem]) {
        let width = stroke.width.value(in: ctx)
        guard width > 0 else { return }
        let style = StrokeStyle(width: width, cap: stroke.cap, join: stroke.join, miterLimit: stroke.miterLimit,
                                dash: stroke.dash, dashPhase: stroke.dashPhase.value(in: ctx))
        items.append(.fill(path: path.stroked(style, tolerance: tolerance), transform: transform,
                           paint: stroke.paint.display(in: ctx, bounds: bounds, opacity: opacity), rule: .nonzero))
    }
}
