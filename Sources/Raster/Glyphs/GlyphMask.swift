import Geometry

/// A glyph's coverage at one size and sub-pixel offset, as cairo and Skia
/// cache it: built once with the same exact-area accumulation as any fill,
/// then composited wherever the glyph recurs.
///
/// Each pixel's coverage k (0…255) is stored as k·0x10001, the layout the
/// packed-lane arithmetic of `PixelMath.scale(_:pairs:)` multiplies by, so
/// compositing loads it as is; four bytes a pixel (a 32 px glyph's mask is
/// about 2 KB) buy a conversion-free inner loop.
struct GlyphMask: Sendable {
    /// The mask's top-left pixel, relative to the whole pixel the glyph's
    /// origin was rounded into (pixels).
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// Pixels per row: the width rounded up to a multiple of 4, zero-padded,
    /// so rows composite in whole vector steps.
    let stride: Int
    /// Coverage k of each pixel as k·0x10001, rows of `stride`.
    let coverage: [UInt32]

    static let empty = GlyphMask(left: 0, top: 0, width: 0, height: 0, stride: 0, coverage: [])

    var isEmpty: Bool { width == 0 || height == 0 }

    /// Rows of `stride` pixels for a `box` of pixels relative to the glyph's whole-pixel origin.
    init(box: PixelBox, coverage: [UInt32], stride: Int) {
        self.init(left: box.minX, top: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY,
                  stride: stride, coverage: coverage)
    }

    private init(left: Int, top: Int, width: Int, height: Int, stride: Int, coverage: [UInt32]) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.stride = stride
        self.coverage = coverage
    }
}

/// What a mask depends on, and nothing else: the outline, its size in
/// pixels and the quantised sub-pixel offset. A mask is a pure function of
/// its key, so a cached mask and one built afresh are the same bytes.
struct GlyphMaskKey: Hashable, Sendable {
    /// Sub-pixel positions per pixel, in x and in y. Quarter pixels, as
    /// Skia and FreeType-based renderers use: glyph edges land within 1/8 px
    /// of where the outline puts them, and a glyph has at most 16 masks per size.
    static let subpixels = 4

    /// `GlyphRun.Glyph.id`: hashed instead of the outline.
    var id: UInt64
    var outline: Path
    /// Pixels per font unit (> 0, finite).
    var pixelsPerUnit: Double
    /// Offset of the origin inside its pixel, in 1/`subpixels` px (0 ..< subpixels).
    var subpixelX: Int
    var subpixelY: Int

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(pixelsPerUnit.bitPattern)
        hasher.combine(subpixelX &* Self.subpixels &+ subpixelY)
    }

    /// Outlines are compared too, so a reused id never picks a wrong mask
    /// (outlines from one font cache share storage and compare in O(1)).
    static func == (a: GlyphMaskKey, b: GlyphMaskKey) -> Bool {
        a.id == b.id && a.pixelsPerUnit == b.pixelsPerUnit && a.subpixelX == b.subpixelX
            && a.subpixelY == b.subpixelY && a.outline == b.outline
    }

    /// Outline → mask pixels: the size, plus the sub-pixel offset.
    var transform: Transform {
        let q = Double(Self.subpixels)
        return Transform(a: pixelsPerUnit, b: 0, c: 0, d: pixelsPerUnit,
                         tx: Double(subpixelX) / q, ty: Double(subpixelY) / q)
    }
}
