import Animation
import DisplayList
import Geometry
import SceneModel

/// What a text's animators make of one character.
struct CharacterLook: Equatable {
    var opacity = 1.0
    var color: Color?
    var strokeColor: Color?
    var offset = Point(0, 0)
    var scale = Point(1, 1)
    var rotation = 0.0
    /// Tracking the animators add before it (it and the characters before it on its line).
    var shift = 0.0
    var anchor = Point(0, 0)
    var skew = 0.0
    var skewAxis = 0.0
    /// Points added to the stroke's width.
    var strokeWidth = 0.0

    /// Glyph space → the text box: about the glyph's baseline centre moved
    /// by the anchor, scaled, skewed, turned, then moved (After Effects' order).
    func transform(pivot: Point) -> Transform {
        guard offset != Point(0, 0) || scale != Point(1, 1) || rotation != 0 || shift != 0 || anchor != Point(0, 0) || skew != 0
        else { return .identity }
        var t = Transform.translation(pivot.x + offset.x + shift, pivot.y + offset.y).concatenating(.rotation(degrees: rotation))
        if skew != 0 {
            t = t.concatenating(.rotation(degrees: skewAxis)).concatenating(.skew(degrees: -skew, 0)).concatenating(.rotation(degrees: -skewAxis))
        }
        return t.concatenating(.scale(scale.x, scale.y)).concatenating(.translation(-pivot.x - anchor.x, -pivot.y - anchor.y))
    }
}

extension Evaluator {
    /// Each character's look: the animators applied in order, each by the
    /// amount its range selects the character — opacity and colours blend
    /// toward the animator's, offset, anchor, rotation, skew, stroke width,
    /// tracking and the fill's hue, saturation and brightness add, scale
    /// multiplies by 1 + (s − 1) × amount.
    func characterLooks(_ text: TextNode, _ set: TextSetter.PreparedText, string: String, base: (fill: Color?, stroke: Color?),
                        ctx: TimelineContext) -> [CharacterLook] {
        let counts = TextUnits(string)
        var lineOf = [Int](repeating: -1, count: counts.characterCount)
        for place in set.places where place.character < lineOf.count && lineOf[place.character] < 0 { lineOf[place.character] = place.line }
        var lineStart = [Bool](repeating: false, count: counts.characterCount)
        var line = -1
        for k in lineOf.indices {
            if lineOf[k] < 0 { lineOf[k] = max(line, 0) }
            lineStart[k] = lineOf[k] != line
            line = lineOf[k]
        }
        var looks = [CharacterLook](repeating: CharacterLook(color: base.fill, strokeColor: base.stroke), count: counts.characterCount)
        for animator in text.animators {
            let amounts = animator.range.amounts(counts, lineOf: lineOf, lineCount: set.lineCount, ctx: ctx)
            let opacity = animator.opacity?.value(in: ctx), color = animator.color?.value(in: ctx)
            let stroke = animator.strokeColor?.value(in: ctx), offset = animator.offset?.value(in: ctx)
            let scale = animator.scale?.value(in: ctx), rotation = animator.rotation?.value(in: ctx)
            let tracking = animator.tracking?.value(in: ctx), anchor = animator.anchor?.value(in: ctx)
            let skew = animator.skew?.value(in: ctx), skewAxis = animator.skewAxis?.value(in: ctx)
            let strokeWidth = animator.strokeWidth?.value(in: ctx)
            let hue = animator.hue?.value(in: ctx), saturation = animator.saturation?.value(in: ctx)
            let brightness = animator.brightness?.value(in: ctx)
            let shiftsColor = hue != nil || saturation != nil || brightness != nil
            var shift = 0.0
            for k in looks.indices {
                let m = amounts[k]
                if let opacity { looks[k].opacity += (opacity - looks[k].opacity) * m }
                if let color, let c = looks[k].color { looks[k].color = c.lerp(to: color, m) }
                if let stroke, let c = looks[k].strokeColor { looks[k].strokeColor = c.lerp(to: stroke, m) }
                if let offset { looks[k].offset = Point(looks[k].offset.x + offset.x * m, looks[k].offset.y + offset.y * m) }
                if let scale { looks[k].scale = Point(looks[k].scale.x * (1 + (scale.x - 1) * m), looks[k].scale.y * (1 + (scale.y - 1) * m)) }
                if shiftsColor, let c = looks[k].color {
                    looks[k].color = c.shifted(hue: (hue ?? 0) * m, saturation: (saturation ?? 0) * m, brightness: (brightness ?? 0) * m)
                }
                if let rotation { looks[k].rotation += rotation * m }
                if let anchor { looks[k].anchor = Point(looks[k].anchor.x + anchor.x * m, looks[k].anchor.y + anchor.y * m) }
                if let skew { looks[k].skew += skew * m }
                if let skewAxis { looks[k].skewAxis += skewAxis * m }
                if let strokeWidth { looks[k].strokeWidth += strokeWidth * m }
                if let tracking {
                    shift = lineStart[k] ? 0 : shift + tracking * m
                    looks[k].shift += shift
                }
            }
        }
        return looks
    }

    /// The text drawn a character at a time, each with its look: glyphs
    /// alike in transform and paint share a run, strokes follow the fills.
    func emitAnimatedText(_ text: TextNode, _ set: TextSetter.PreparedText, bounds: Rect, transform: Transform, opacity: Double,
                          ctx: TimelineContext, into items: inout [DisplayItem]) {
        var baseFill: Color?
        if case .color(let c) = text.fill { baseFill = c.value(in: ctx) }
        var baseStroke: Color?
        if let stroke = text.stroke, case .color(let c) = stroke.paint { baseStroke = c.value(in: ctx) }
        let looks = characterLooks(text, set, string: text.text.value(in: ctx), base: (baseFill, baseStroke), ctx: ctx)
        // Each glyph's look and placement, once for its fill and its stroke.
        let placed = set.places.map { place -> (look: CharacterLook, transform: Transform) in
            let look = place.character < looks.count ? looks[place.character] : CharacterLook()
            return (look, transform.concatenating(look.transform(pivot: place.pivot)))
        }
        var runs: [GlyphRun] = []
        for (glyph, (l, t)) in zip(set.glyphs, placed) {
            let alpha = opacity * min(max(l.opacity, 0), 1)
            let paint = l.color.map { DisplayPaint.solid($0.withOpacity(alpha)) } ?? text.fill.display(in: ctx, bounds: bounds, opacity: alpha)
            if let last = runs.last, last.transform == t, last.paint == paint { runs[runs.count - 1].glyphs.append(glyph) }
            else { runs.append(GlyphRun(transform: t, paint: paint, glyphs: [glyph])) }
        }
        items += runs.map { .glyphs($0) }
        if !set.colorGlyphs.isEmpty { items.append(.sprites(Self.colorSprites(set.colorGlyphs, transform: transform, opacity: opacity))) }
        guard var stroke = text.stroke else { return }
        let paint = stroke.paint, width = stroke.width
        for (glyph, (l, t)) in zip(set.glyphs, placed) {
            stroke.paint = l.strokeColor.map { .color(.constant($0)) } ?? paint
            stroke.width = l.strokeWidth == 0 ? width : .constant(max(width.value(in: ctx) + l.strokeWidth, 0))
            let outline = glyph.outline.applying(Transform(a: glyph.scale, b: 0, c: 0, d: glyph.scale, tx: glyph.origin.x, ty: glyph.origin.y))
            emitStroke(stroke, path: outline, bounds: bounds, transform: t, opacity: opacity * min(max(l.opacity, 0), 1),
                       tolerance: Flattener.defaultTolerance / max(t.maxScale, 1e-6), ctx: ctx, into: &items)
        }
    }
}
