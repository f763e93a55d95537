import DisplayList

extension Rasterizer {
    /// Composites a batch of sprites onto the current target layer, in order.
    /// Sources are prepared once per rasterizer (`SpriteCache`); a sprite
    /// whose source names no image draws nothing.
    func drawSprites(_ batch: SpriteBatch) {
        guard !batch.sprites.isEmpty else { return }
        let textures = batch.sources.map { spriteCache.texture($0, images: images) }
        withTargetPixels { pixels, width, height in
            var changed = PixelBox.empty
            for sprite in batch.sprites {
                let i = Int(sprite.source)
                guard i < textures.count, let texture = textures[i] else { continue }
                let box = SpriteCompositor.draw(sprite, texture: texture, blend: batch.blend,
                                                into: pixels, width: width, height: height)
                changed = changed.union(box)
            }
            return changed
        }
    }
}
