import Geometry

/// Glyphs filled with one paint: a text's fill.
///
/// Each glyph's outline comes with it, so the list stays self-contained; an
/// outline shared by many glyphs is one copy-on-write array, not many.
public struct GlyphRun: Sendable, Equatable, Hashable {
    /// Glyph space (the text box, points) → pixels.
    public var transform: Transform
    /// Geometry in glyph space, like a fill's paint.
    public var paint: DisplayPaint
    public var glyphs: [Glyph]

    public init(transform: Transform, paint: DisplayPaint, glyphs: [Glyph]) {
        self.transform = transform
        self.paint = paint
        self.glyphs = glyphs
    }

    /// One glyph: its outline, scaled by `scale` and moved to `origin`.
    public struct Glyph: Sendable, Equatable, Hashable {
        /// Names the outline within a render (e.g. font face and glyph index):
        /// glyphs with equal outlines should share it. Caches look glyphs up
        /// by it but still compare outlines, so a clash costs speed, not pixels.
        public var id: UInt64
        /// Font units, y down, baseline origin at (0, 0).
        public var outline: Path
        /// Baseline origin in glyph space.
        public var origin: Point
        /// Glyph-space units per font unit.
        public var scale: Double

        public init(id: UInt64, outline: Path, origin: Point, scale: Double) {
            self.id = id
            self.outline = outline
            self.origin = origin
            self.scale = scale
        }

        /// Font units → glyph space.
        public var transform: Transform {
            Transform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
        }
    }
}
