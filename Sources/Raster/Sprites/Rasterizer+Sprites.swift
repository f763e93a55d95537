import DisplayList

extension Rasterizer {
    /// Composites a batch of sprites onto the current target layer, in order.
    /// Sources are prepared once per rasterizer (`SpriteCache`); a sprite
    /// whose source names no image draws nothing.
    ///
    /// Large batches are drawn tile by tile (sort-middle binning, as tiled
    /// GPUs do): each sprite is placed once and listed in the 128×128-pixel
    /// tiles its box touches, then each tile draws its sprites in batch
    /// order, clipped to the tile. Every pixel still receives the sprites
    /// covering it in batch order, so the result is the same bits as drawing
    /// them one after another, but the tile being drawn stays in cache
    /// instead of particles scattered over the frame each missing it.
    func drawSprites(_ batch: SpriteBatch) {
        guard !batch.sprites.isEmpty else { return }
        let textures = batch.sources.map { spriteCache.texture($0, images: images) }
        let cache = spriteCache, window = window
        withTargetPixels { origin, width, layer in
            // Sprites are placed in the layer's own pixels: a layer reaching
            // beyond the frame moves them by its corner. Its bitmap may be
            // wider than the layer: rows are `width` apart, `across` long.
            let pixels = origin + layer.minY * width + layer.minX
            let across = layer.maxX - layer.minX, height = layer.maxY - layer.minY
            /// A box of the layer's own pixels cut to the drawn rows.
            func cut(_ box: PixelBox) -> PixelBox {
                window.cut(box.moved(layer.minX, layer.minY)).moved(-layer.minX, -layer.minY)
            }
            cache.placements.removeAll(keepingCapacity: true)
            var changed = PixelBox.empty
            for var sprite in batch.sprites {
                sprite.tx -= Float(layer.minX)
                sprite.ty -= Float(layer.minY)
                let i = Int(sprite.source)
                guard i < textures.count, let texture = textures[i],
                      let p = SpriteCompositor.place(sprite, texture: texture, width: across, height: height) else { continue }
                cache.placements.append((p, texture))
                changed = changed.union(p.box)
            }
            let placements = cache.placements
            let whole = cut(PixelBox(minX: 0, minY: 0, maxX: across, maxY: height))
            if placements.count < 64 {
                for (p, texture) in placements {
                    SpriteCompositor.draw(p, texture: texture, clip: whole, blend: batch.blend, into: pixels, width: width)
                }
                return changed.moved(layer.minX, layer.minY)
            }
            let tiles = cache.bin(placements.map(\.0.box), width: across, height: height)
            for tile in 0..<tiles.count {
                let clip = cut(tiles.box(tile))
                guard !clip.isEmpty else { continue }
                for k in tiles.members(tile) {
                    let (p, texture) = placements[Int(k)]
                    SpriteCompositor.draw(p, texture: texture, clip: clip, blend: batch.blend, into: pixels, width: width)
                }
            }
            return changed.moved(layer.minX, layer.minY)
        }
    }
}
