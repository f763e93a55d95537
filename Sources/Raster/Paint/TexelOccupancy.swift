/// Which 2×2 texel blocks of a texture level hold anything: the bilinear
/// fetch of a position whose block is all transparent gives nothing, so an
/// axis-aligned image draw (`ImagePainter`) skips those pixels without
/// loading texels. An icon tiled over the screen is mostly such pixels
/// (the bundled splash's chimes: 89 % transparent texels).
///
/// Built once per texture level, only for levels with many empty blocks
/// (at least a quarter); an opaque photo gets none and keeps the plain walk.
struct TexelOccupancy {
    /// Block (iu, iv) — texels iu, iu + 1 of rows iv, iv + 1 — at
    /// `iv * rowLength + iu`: 0 when all four are transparent.
    let blocks: [UInt8]
    /// Blocks per row: texel indices 0…width (`ImagePainter`'s maxU).
    let rowLength: Int

    /// Largest level mapped: 16 M blocks.
    private static let limit = 1 << 24

    init?(_ level: SpriteTexture.Level) {
        let columns = level.width + 1, rows = level.height + 1
        guard columns * rows <= Self.limit else { return nil }
        var blocks = [UInt8](repeating: 1, count: columns * rows)
        var empty = 0
        let texels = level.texels, stride = level.stride
        for iv in 0..<rows {
            for iu in 0..<columns {
                let i = iv * stride + iu
                // The wrapped level's last row and column are never fetched
                // as a block's top-left (positions wrap first): left marked.
                guard i + stride + 1 < texels.count else { continue }
                if texels[i] | texels[i + 1] | texels[i + stride] | texels[i + stride + 1] == 0 {
                    blocks[iv * columns + iu] = 0
                    empty += 1
                }
            }
        }
        guard empty * 4 >= columns * rows else { return nil }
        self.blocks = blocks
        rowLength = columns
    }
}
