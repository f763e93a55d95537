import DisplayList
import Geometry

/// The pixels a drawing item (a fill, a glyph run, a sprite batch) can
/// change, in device pixels and not cut to any layer: what damage tracking
/// (`FrameDamage`) and layer bounds (`LayerBounds`) work from. Layer items
/// change nothing by themselves and are left to their callers.
enum ItemBox {
    /// `item`'s box; `frame` for sprites (their reach is known only once
    /// placed) and for geometry that is not finite; nil for layer items.
    static func of(_ item: DisplayItem, in frame: PixelBox) -> PixelBox? {
        switch item {
        case let .fill(path, transform, _, _):
            return covering(transform.boundingBox(of: path.controlBounds), in: frame)
        case .glyphs(let run):
            var box = PixelBox.empty
            for glyph in run.glyphs where !glyph.outline.isEmpty {
                let bounds = run.transform.concatenating(glyph.transform).boundingBox(of: glyph.outline.controlBounds)
                // Masks are placed at a subpixel offset: a pixel more on every side.
                let covered = covering(bounds, in: frame)
                if !covered.isEmpty { box = box.union(covered.grown(1, 1)) }
            }
            return box
        case .sprites:
            return frame
        case .beginLayer, .endLayer:
            return nil
        }
    }

    /// `rect`'s pixels; the whole frame when it is not finite.
    private static func covering(_ rect: Rect, in frame: PixelBox) -> PixelBox {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return frame }
        return PixelBox(covering: rect)
    }
}
