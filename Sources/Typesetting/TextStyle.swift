import Geometry

/// How a text is set: SwiftUI's `Font` and `Text` modifiers that decide where
/// glyphs go. Lengths are points.
public struct TextStyle: Sendable, Hashable {
    /// Font names (keys of the scene's `assets.fonts`) tried in order for each
    /// character; empty means the bundled default (Inter). Unknown names
    /// are skipped. The bundled default is always the last resort.
    public var fonts: [String]
    /// Font size in points (the em square).
    public var size: Double
    /// Picks the nearest face of each font family (see `FontLibrary`).
    public var weight: FontWeight
    public var alignment: TextAlignment
    /// Wrap width in points; nil = lines break only at newlines. A value that
    /// is not finite counts as nil; a width ≤ 0 puts one character per line.
    public var width: Double?
    /// Extra points between lines (may be negative).
    public var lineSpacing: Double
    /// Extra points after every character but a line's last (may be negative).
    public var tracking: Double

    public init(fonts: [String] = [], size: Double = 17, weight: FontWeight = .regular,
                alignment: TextAlignment = .leading, width: Double? = nil,
                lineSpacing: Double = 0, tracking: Double = 0) {
        self.fonts = fonts
        self.size = size
        self.weight = weight
        self.alignment = alignment
        self.width = width
        self.lineSpacing = lineSpacing
        self.tracking = tracking
    }
}
