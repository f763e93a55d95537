/// A colour glyph's bitmap as the font stores it (an emoji from its strike),
/// premultiplied RGBA8 with R in the low byte, as the rasterizer packs
/// pixels. `left`/`top` place its top-left corner relative to the glyph
/// origin (pixels of the strike, y up); one em is `pixelsPerEm` of them.
public struct ColorGlyphImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt32]
    public var left: Int
    public var top: Int
    public var pixelsPerEm: Int
}
