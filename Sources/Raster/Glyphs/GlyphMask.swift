import Geometry

/// A glyph's coverage at one size and sub-pixel offset, as cairo and Skia
/// cache it: built once with the same exact-area accumulation as any fill,
/// then composited wherever the glyph recurs.
///
/// Each pixel's coverage k (0…255) is stored as k·0x10001, the layout the
/// packed-lane arithmetic of `PixelMath` multiplies by, so compositing loads
/// it as is; four bytes a pixel (a 32 px glyph's mask is about 2 KB) buy a
/// conversion-free inner loop. Each row also records where its ink lies, so
/// compositing skips the blank pixels around a glyph's strokes. A class,
/// immutable: runs and caches hold a mask by one reference.
final class GlyphMask: Sendable {
    /// The mask's top-left pixel, relative to the whole pixel the glyph's
    /// origin was rounded into (pixels).
    let left: Int
    let top: Int
    /// The box of the glyph's ink: no row or column of it is blank.
    let width: Int
    let height: Int
    /// Pixels per row: the width plus 3 zeros, so that a row's ink can be
    /// composited in whole steps of four from wherever it starts.
    let stride: Int
    /// Coverage k of each pixel as k·0x10001, rows of `stride`.
    let coverage: [UInt32]
    /// The columns of each row between its first and last inked pixel.
    let ink: [Range<Int>]

    static let empty = GlyphMask(grid: [], width: 0, height: 0, left: 0, top: 0)

    var isEmpty: Bool { width == 0 }

    /// The mask of a `width` × `height` grid of coverage bytes whose top-left
    /// pixel is at (`left`, `top`), cut down to the grid's ink.
    init(grid: [UInt8], width: Int, height: Int, left: Int, top: Int) {
        var minX = width, maxX = 0, minY = height, maxY = 0
        for y in 0..<height {
            let row = grid[(y * width)..<(y * width + width)]
            guard let first = row.firstIndex(where: { $0 != 0 }) else { continue }
            let last = row.lastIndex(where: { $0 != 0 })!
            minX = min(minX, first - y * width)
            maxX = max(maxX, last - y * width + 1)
            minY = min(minY, y)
            maxY = y + 1
        }
        guard minX < maxX else {
            (self.left, self.top, self.width, self.height, stride, coverage, ink) = (0, 0, 0, 0, 0, [], [])
            return
        }
        self.left = left + minX
        self.top = top + minY
        self.width = maxX - minX
        self.height = maxY - minY
        stride = self.width + 3
        var coverage = [UInt32](repeating: 0, count: stride * self.height)
        var ink: [Range<Int>] = []
        for y in 0..<self.height {
            let source = (minY + y) * width + minX
            var first = self.width, last = 0
            for x in 0..<self.width where grid[source + x] != 0 {
                coverage[y * stride + x] = UInt32(grid[source + x]) &* 0x0001_0001
                first = min(first, x)
                last = x + 1
            }
            ink.append(first < last ? first..<last : 0..<0)
        }
        self.coverage = coverage
        self.ink = ink
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
