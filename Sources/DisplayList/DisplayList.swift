import Geometry

/// Everything one frame draws, as a flat list of commands in pixel space:
/// the seam between "what to draw" (Evaluation) and "how" (Raster).
///
/// A value type with no references to the scene, so it can be compared,
/// hashed (frame caching) and handed to any thread.
public struct DisplayList: Sendable, Equatable, Hashable {
    /// Output size in pixels.
    public var width: Int
    public var height: Int
    /// Fills the frame before the first command; `clear` leaves it transparent.
    public var background: Color
    public var items: [DisplayItem]

    public init(width: Int, height: Int, background: Color, items: [DisplayItem] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.items = items
    }
}

/// One drawing command.
public enum DisplayItem: Sendable, Equatable, Hashable {
    /// Fill `path`, mapped by `transform` into pixels, with `paint`.
    case fill(path: Path, transform: Transform, paint: DisplayPaint, rule: FillRule)
    /// Start an offscreen layer; everything until the matching `endLayer` is
    /// drawn into it and then composited once with `opacity` (group opacity).
    case beginLayer(opacity: Double)
    case endLayer
}

/// How covered pixels are coloured.
public enum DisplayPaint: Sendable, Equatable, Hashable {
    /// sRGB, straight alpha; clamped when drawn.
    case solid(Color)
}

/// Which points a path covers when sub-paths overlap.
public enum FillRule: String, Sendable, Equatable, Hashable, CaseIterable {
    case nonzero, evenodd
}
