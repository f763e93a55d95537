import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// The laid-out text box (points).
    func textBounds(_ text: TextNode, ctx: TimelineContext) -> Rect {
        texts.set(text, ctx: ctx).bounds
    }

    /// The glyphs filled, then the outlines stroked, like any shape: text is
    /// a path, so gradients, strokes, clips and shadows work on it unchanged.
    /// An untrimmed fill stays a glyph run, which the rasterizer draws from
    /// cached glyph masks; `trim` cuts the outlines as one path, in reading order.
    func emitText(_ text: TextNode, bounds: Rect, transform: Transform, opacity: Double, ctx: TimelineContext,
                  into items: inout [DisplayItem]) {
        let set = texts.set(text, ctx: ctx)
        let paint = text.fill.display(in: ctx, bounds: bounds, opacity: opacity)
        let outline = set.path.trimmed(by: text.trim, in: ctx)
        if outline == set.path {
            if !set.glyphs.isEmpty { items.append(.glyphs(GlyphRun(transform: transform, paint: paint, glyphs: set.glyphs))) }
        } else if !outline.isEmpty {
            items.append(.fill(path: outline, transform: transform, paint: paint, rule: .nonzero))
        }
        if let stroke = text.stroke, !outline.isEmpty {
            let tolerance = Flattener.defaultTolerance / max(transform.maxScale, 1e-6)
            emitStroke(stroke, path: outline, bounds: bounds, transform: transform, opacity: opacity,
                       tolerance: tolerance, ctx: ctx, into: &items)
        }
    }
}
