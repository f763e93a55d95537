/// Many small images drawn at once (particles): one display item for all of
/// them, so the rasterizer can composite cached, pre-filtered sprites.
public struct SpriteBatch: Sendable, Equatable, Hashable {
    public init() {}
}
