import Geometry

/// One glyph of one loaded face. Face indices are stable for a library: the
/// bundled Inter regular, semibold and bold faces are 0–2, DejaVu Sans
/// regular and bold 3 and 4, then each scene font's faces
/// follow in font-name order, faces of a collection in file order.
public struct GlyphKey: Sendable, Hashable {
    /// Index of the face in its `FontLibrary`.
    public var face: Int
    /// Glyph index in that face (0 = .notdef).
    public var glyph: UInt32

    public init(face: Int, glyph: UInt32) {
        self.face = face
        self.glyph = glyph
    }
}

/// A glyph placed in a text box.
public struct PlacedGlyph: Sendable, Equatable, Hashable {
    public var key: GlyphKey
    /// The glyph's baseline origin in points, text-box coordinates (origin at
    /// the box's top-left, y down).
    public var origin: Point
    /// Points per font unit (size ÷ the face's units per em): the glyph's
    /// outline (`FontLibrary.outline(of:)`, font units, y down) maps to the box
    /// by `origin + p × scale`.
    public var scale: Double
    /// The character it sets: its index in the text with line breaks left
    /// out (a ligature's first character), what text animators select by.
    public var character: Int
    /// Its advance width (points), tracking left out.
    public var advance: Double

    public init(key: GlyphKey, origin: Point, scale: Double, character: Int = 0, advance: Double = 0) {
        self.key = key
        self.origin = origin
        self.scale = scale
        self.character = character
        self.advance = advance
    }

    /// The font-units-to-box transform of this glyph.
    public var transform: Transform {
        Transform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
    }
}
