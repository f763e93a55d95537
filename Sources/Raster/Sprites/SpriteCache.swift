import DisplayList
import Pixels

/// What one rasterizer keeps for sprites between frames: the textures it
/// has prepared, by source (an image's mip chain is built, and a picture
/// rendered, the first time a batch uses it), and scratch for placing and
/// binning a batch. Per rasterizer (so per worker thread), hence no
/// locking; every worker builds the same bits.
final class SpriteCache {
    private var textures: [SpriteSource: SpriteTexture?] = [:]
    /// The placed sprites of the batch being drawn, in order.
    var placements: [(SpriteCompositor.Placement, SpriteTexture)] = []

    /// The prepared texture of `source`, or nil when it names no image or
    /// draws an empty picture.
    func texture(_ source: SpriteSource, images: [String: Bitmap]) -> SpriteTexture? {
        if let known = textures[source] { return known }
        let texture: SpriteTexture?
        switch source {
        case .image(let name):
            texture = BuiltInSprites.image(named: name, in: images).map(SpriteTexture.init)
        case .picture(let list):
            texture = list.width > 0 && list.height > 0 ? SpriteTexture(Rasterizer(images: images).render(list)) : nil
        case .pixels(let image):
            texture = SpriteTexture(Bitmap(width: image.width, height: image.height, pixels: image.pixels))
        }
        textures[source] = texture
        return texture
    }

    /// Lists, for each tile of a `width` × `height` target, the indices of
    /// the boxes touching it, in increasing order (a counting sort).
    func bin(_ boxes: [PixelBox], width: Int, height: Int) -> SpriteTiles {
        let side = SpriteTiles.side
        let columns = (width + side - 1) / side, rows = (height + side - 1) / side
        var starts = [Int32](repeating: 0, count: columns * rows + 1)
        for b in boxes {
            for ty in (b.minY / side)...((b.maxY - 1) / side) {
                for tx in (b.minX / side)...((b.maxX - 1) / side) { starts[ty * columns + tx + 1] += 1 }
            }
        }
        for t in 0..<(columns * rows) { starts[t + 1] += starts[t] }
        var next = starts
        var entries = [Int32](repeating: 0, count: Int(starts[columns * rows]))
        for (i, b) in boxes.enumerated() {
            for ty in (b.minY / side)...((b.maxY - 1) / side) {
                for tx in (b.minX / side)...((b.maxX - 1) / side) {
                    let t = ty * columns + tx
                    entries[Int(next[t])] = Int32(i)
                    next[t] += 1
                }
            }
        }
        return SpriteTiles(columns: columns, rows: rows, width: width, height: height, starts: starts, entries: entries)
    }
}

/// Sprites binned by the square tiles of the target they touch.
struct SpriteTiles {
    /// Pixels: 128 × 128 × 4 bytes = 64 KiB, a tile that stays in cache while drawn.
    static let side = 128
    let columns, rows, width, height: Int
    /// Tile t's entries are `entries[starts[t]..<starts[t + 1]]`.
    let starts: [Int32]
    let entries: [Int32]

    var count: Int { columns * rows }

    func box(_ t: Int) -> PixelBox {
        let x = (t % columns) * Self.side, y = (t / columns) * Self.side
        return PixelBox(minX: x, minY: y, maxX: min(x + Self.side, width), maxY: min(y + Self.side, height))
    }

    func members(_ t: Int) -> ArraySlice<Int32> {
        entries[Int(starts[t])..<Int(starts[t + 1])]
    }
}
