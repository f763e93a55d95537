import Animation
import Geometry

/// An image asset drawn in its bounds.
public struct ImageNode: Sendable, Equatable {
    /// Name in `assets.images`.
    public var name: String
    /// Points; nil = the image's natural size (1 image pixel = 1 point).
    public var size: AnimatedPair?
    /// How the image fills `size`; nil with a size = stretch (SwiftUI's `resizable()`).
    public var contentMode: ContentMode?

    public init(name: String, size: AnimatedPair? = nil, contentMode: ContentMode? = nil) {
        self.name = name
        self.size = size
        self.contentMode = contentMode
    }
}

/// SwiftUI's `aspectRatio(contentMode:)` choices, plus stretching and tiling.
public enum ContentMode: String, Sendable, Equatable, CaseIterable {
    case fill, fit, stretch, tile
}
