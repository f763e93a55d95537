import DisplayList
import Geometry
import Typesetting

extension TextLayout {
    /// The layout's visible glyphs for a `GlyphRun` (box coordinates,
    /// points), with the outlines of `library`'s cache, which made this
    /// layout, and where each is in the text; glyphs without outline
    /// (spaces) are left out.
    func displayGlyphs(library: FontLibrary) -> (glyphs: [GlyphRun.Glyph], places: [GlyphPlace]) {
        var out: [GlyphRun.Glyph] = [], places: [GlyphPlace] = []
        let outlines = library.outlines(of: glyphs.map(\.key))
        for (line, l) in lines.enumerated() {
            for i in l.glyphs where !outlines[i].isEmpty {
                let glyph = glyphs[i]
                out.append(GlyphRun.Glyph(id: UInt64(glyph.key.face) << 32 | UInt64(glyph.key.glyph),
                                          outline: outlines[i], origin: glyph.origin, scale: glyph.scale))
                places.append(GlyphPlace(character: glyph.character, line: line,
                                         pivot: Point(glyph.origin.x + glyph.advance / 2, glyph.origin.y)))
            }
        }
        return (out, places)
    }
}

/// Where a drawn glyph is in its text, for text animators.
struct GlyphPlace: Sendable {
    /// Index in the text with line breaks left out.
    var character: Int
    /// Layout line.
    var line: Int
    /// Its baseline's centre (box coordinates): what it scales and turns about.
    var pivot: Point
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
