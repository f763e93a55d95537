/// A colour glyph's bitmap as the font stores it (an emoji from its strike),
/// premultiplied RGBA8 (R, G, B, A bytes per pixel, rows top to bottom).
/// `left`/`top` place its top-left corner relative to the glyph
/// origin (pixels of the strike, y up); one em is `pixelsPerEm` of them.
public struct ColorGlyphImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    public var left: Int
    public var top: Int
    public var pixelsPerEm: Int
}
