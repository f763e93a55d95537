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
