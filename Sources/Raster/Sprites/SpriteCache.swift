import DisplayList

/// The sprite textures one rasterizer has prepared, by source: an image's
/// mip chain is built, and a picture rendered, the first time a batch uses
/// it and reused for every later frame. Per rasterizer (so per worker
/// thread), hence no locking; every worker builds the same bits.
final class SpriteCache {
    private var textures: [SpriteSource: SpriteTexture?] = [:]

    /// The prepared texture of `source`, or nil when it names no image or
    /// draws an empty picture.
    func texture(_ source: SpriteSource, images: [String: Bitmap]) -> SpriteTexture? {
        if let known = textures[source] { return known }
        let texture: SpriteTexture?
        switch source {
        case .image(let name):
            texture = (images[name] ?? BuiltInSprites.bitmap(named: name)).map(SpriteTexture.init)
        case .picture(let list):
            texture = list.width > 0 && list.height > 0 ? SpriteTexture(Rasterizer(images: images).render(list)) : nil
        }
        textures[source] = texture
        return texture
    }
}
