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
    /// Text with animators is drawn a character at a time.
    /// Colour glyphs (emoji) follow as sprites of their own pixels, at the
    /// node's opacity, unpainted by the fill (as SwiftUI draws them) and
    /// left out by a trim (they have no outline to cut).
    func emitText(_ text: TextNode, bounds: Rect, transform: Transform, opacity: Double, ctx: TimelineContext,
                  into items: inout [DisplayItem]) {
        let set = texts.set(text, ctx: ctx)
        guard text.animators.isEmpty else {
            emitAnimatedText(text, set, bounds: bounds, transform: transform, opacity: opacity, ctx: ctx, into: &items)
            return
        }
        let paint = text.fill.display(in: ctx, bounds: bounds, opacity: opacity)
        let outline = set.path.trimmed(by: text.trim, in: ctx)
        if outline == set.path {
            if !set.glyphs.isEmpty { items.append(.glyphs(GlyphRun(transform: transform, paint: paint, glyphs: set.glyphs))) }
        } else if !outline.isEmpty {
            items.append(.fill(path: outline, transform: transform, paint: paint, rule: .nonzero))
        }
        if outline == set.path && !set.colorGlyphs.isEmpty {
            items.append(.sprites(Self.colorSprites(set.colorGlyphs, transform: transform, opacity: opacity)))
        }
        if let stroke = text.stroke, !outline.isEmpty {
            let tolerance = Flattener.defaultTolerance / max(transform.maxScale, 1e-6)
            emitStroke(stroke, path: outline, bounds: bounds, transform: transform, opacity: opacity,
                       tolerance: tolerance, ctx: ctx, into: &items)
        }
    }

    /// One sprite per colour glyph, each bitmap once in the batch's sources.
    static func colorSprites(_ glyphs: [ColorGlyph], transform: Transform, opacity: Double) -> SpriteBatch {
        var batch = SpriteBatch()
        let tint = Sprite.tint(Color(r: 1, g: 1, b: 1, a: min(max(opacity, 0), 1)))
        for glyph in glyphs {
            let source = SpriteSource.pixels(glyph.image)
            let index = batch.sources.firstIndex(of: source) ?? {
                batch.sources.append(source)
                return batch.sources.count - 1
            }()
            batch.sprites.append(Sprite(transform: transform.concatenating(glyph.transform), tint: tint, source: UInt32(index)))
        }
        return batch
    }
}
