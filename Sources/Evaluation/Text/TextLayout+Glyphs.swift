import DisplayList
import Geometry
import Typesetting

extension TextLayout {
    /// The layout's visible glyphs for a `GlyphRun` (box coordinates,
    /// points), with the outlines of `library`'s cache, which made this
    /// layout; glyphs without outline (spaces) are left out.
    func displayGlyphs(library: FontLibrary) -> [GlyphRun.Glyph] {
        zip(glyphs, library.outlines(of: glyphs.map(\.key))).compactMap { glyph, outline in
            outline.isEmpty ? nil : GlyphRun.Glyph(id: UInt64(glyph.key.face) << 32 | UInt64(glyph.key.glyph),
                                                   outline: outline, origin: glyph.origin, scale: glyph.scale)
        }
    }
}

/// A colour glyph (an emoji) of a text: its bitmap and where it goes.
struct ColorGlyph: Sendable {
    var image: SpriteImage
    /// Bitmap pixels → box coordinates (points).
    var transform: Transform
}

extension TextLayout {
    /// The layout's colour glyphs, each bitmap scaled from its strike to the
    /// text's size: one strike pixel is (size ÷ the strike's pixels per em)
    /// points, its top-left corner `left`, `top` strike pixels from the
    /// glyph origin (y up), as FreeType places bitmaps.
    func colorGlyphs(library: FontLibrary) -> [ColorGlyph] {
        glyphs.compactMap { glyph in
            guard let bitmap = library.colorImage(of: glyph.key), bitmap.pixelsPerEm > 0 else { return nil }
            let k = glyph.scale * Double(library.unitsPerEm(of: glyph.key)) / Double(bitmap.pixelsPerEm)
            let transform = Transform(a: k, b: 0, c: 0, d: k, tx: glyph.origin.x + Double(bitmap.left) * k,
                                      ty: glyph.origin.y - Double(bitmap.top) * k)
            return ColorGlyph(image: SpriteImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels),
                              transform: transform)
        }
    }
}
