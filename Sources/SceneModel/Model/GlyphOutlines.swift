import Geometry

/// Glyphs a scene draws itself, a Reel extension: a text node set in them
/// instead of a font takes each character's outline and advance from here,
/// as a Lottie file carries the glyphs of its text (`chars`), so text that
/// no font file comes with still takes the text's layout, strokes, trims
/// and animators.
public struct GlyphOutlines: Sendable, Equatable {
    /// The units outlines, advances and metrics are in: the text's `size` is this many of them.
    public var unitsPerEm: Double
    /// Above and below the baseline, in glyph units: a line is their sum high.
    public var ascender: Double
    public var descender: Double
    public var glyphs: [Character: Glyph]

    public struct Glyph: Sendable, Equatable {
        /// Glyph units, y down, the baseline's start at (0, 0); empty for a space.
        public var outline: Path
        public var advance: Double

        public init(outline: Path, advance: Double) {
            self.outline = outline
            self.advance = advance
        }
    }

    public init(unitsPerEm: Double, ascender: Double, descender: Double, glyphs: [Character: Glyph]) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.glyphs = glyphs
    }
}
