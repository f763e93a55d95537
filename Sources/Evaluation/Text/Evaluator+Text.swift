import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// The laid-out text box (points).
    func textBounds(_ text: TextNode, ctx: TimelineContext) -> Rect {
        texts.set(text, ctx: ctx).bounds
    }

    /// Glyph outlines filled, then stroked, like any shape: text is a path,
    /// so gradients, strokes, clips and shadows work on it unchanged.
    func emitText(_ text: TextNode, bounds: Rect, transform: Transform, opacity: Double, ctx: TimelineContext,
                  into items: inout [DisplayItem]) {
        let path = texts.set(text, ctx: ctx).path
        guard !path.isEmpty else { return }
        items.append(.fill(path: path, transform: transform,
                           paint: text.fill.display(in: ctx, bounds: bounds, opacity: opacity), rule: .nonzero))
        if let stroke = text.stroke {
            let tolerance = Flattener.defaultTolerance / max(transform.maxScale, 1e-6)
            emitStroke(stroke, path: path, bounds: bounds, transform: transform, opacity: opacity,
                       tolerance: tolerance, ctx: ctx, into: &items)
        }
    }
}
