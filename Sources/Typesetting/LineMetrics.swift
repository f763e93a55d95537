/// Vertical metrics of a face at a size, in points. They come from the
/// face's hhea table, as FreeType reports them (`ascender`, `descender`,
/// `height`; FreeType falls back to OS/2 metrics only when hhea's are zero).
public struct LineMetrics: Sendable, Equatable, Hashable {
    /// Distance from the baseline up to the top of the line box.
    public var ascender: Double
    /// Distance from the baseline down to the bottom of the line box (positive).
    public var descender: Double
    /// hhea line gap.
    public var lineGap: Double

    public init(ascender: Double, descender: Double, lineGap: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// Ascender + descender + line gap: the height of one line without
    /// `lineSpacing`.
    public var lineHeight: Double { ascender + descender + lineGap }
}
