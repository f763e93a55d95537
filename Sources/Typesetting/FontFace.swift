import Geometry

/// What layout needs from one face, read once at load and immutable after:
/// Unicode → glyph map, advances and kerning in font units, vertical metrics
/// and weight. Reading it needs no lock.
struct FontFace: Sendable {
    /// Index in the library (the `face` of its `GlyphKey`s).
    var index: Int
    /// The font asset it came from ("default" for the bundled faces).
    var fontName: String
    /// FreeType's family and style names, for messages.
    var familyName: String
    var styleName: String
    /// OS/2 usWeightClass (100…900); 700 for a face flagged bold without
    /// OS/2, else 400.
    var weightClass: Int
    var unitsPerEm: Int
    /// hhea ascender (up, positive), descender (negative) and line gap, font
    /// units, as FreeType reports them.
    var ascender: Int
    var descender: Int
    var lineGap: Int
    /// Unicode scalar → glyph index, from the face's Unicode cmap.
    var cmap: [UInt32: UInt32]
    /// Horizontal advance of each glyph, font units (hmtx).
    var advances: [Int32]
    var kerning: KerningTable

    /// The glyph for `scalar`, or nil when the face has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        cmap[scalar.value]
    }

    func advance(of glyph: UInt32) -> Int32 {
        Int(glyph) < advances.count ? advances[Int(glyph)] : 0
    }

    /// Points per font unit at `size` points.
    func scale(size: Double) -> Double {
        size / Double(unitsPerEm)
    }

    /// Vertical metrics at `size` points.
    func metrics(size: Double) -> LineMetrics {
        let s = scale(size: size)
        return LineMetrics(ascender: Double(ascender) * s, descender: Double(-descender) * s,
                           lineGap: Double(lineGap) * s)
    }
}
