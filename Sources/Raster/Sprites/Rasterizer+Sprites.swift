import DisplayList

extension Rasterizer {
    /// Composites a batch of sprites onto the current target layer.
    func drawSprites(_ batch: SpriteBatch) {
    }
}
