import Geometry

/// What layout needs from one face, read once at load and immutable after:
/// Unicode → glyph map (to choose a face per character), HarfBuzz's font
/// (to shape), vertical metrics and weight. Reading it needs no lock. A class so that layout, which
/// touches a face per glyph, passes a reference rather than copying tables.
final class FontFace: Sendable {
    /// Index in the library (the `face` of its `GlyphKey`s).
    let index: Int
    /// The font asset it came from ("default" for the bundled faces).
    let fontName: String
    /// FreeType's family and style names, for messages.
    let familyName: String
    let styleName: String
    /// OS/2 usWeightClass (100…900); 700 for a face flagged bold without
    /// OS/2, else 400.
    let weightClass: Int
    let unitsPerEm: Int
    /// hhea ascender (up, positive), descender (negative) and line gap, font
    /// units, as FreeType reports them.
    let ascender: Int
    let descender: Int
    let lineGap: Int
    /// Unicode scalar → glyph index, from the face's Unicode cmap.
    let cmap: [UInt32: UInt32]
    /// The same for U+0000…U+07FF (Latin, Greek, Cyrillic, …) as a flat
    /// table, 0 = no glyph: most lookups skip hashing.
    private let lowCmap: [UInt32]
    /// Shapes runs of this face (GSUB/GPOS), lock-free.
    let shaper: HarfBuzzFont
    /// Glyphs are colour bitmaps (CBDT/sbix, e.g. Noto Color Emoji), drawn as
    /// images rather than filled outlines.
    let isColor: Bool
    /// The file the face is in, and its index there (0 unless a collection).
    let file: FontFile
    let faceIndex: Int

    init(index: Int, fontName: String, familyName: String, styleName: String, weightClass: Int,
         unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int, cmap: [UInt32: UInt32],
         shaper: HarfBuzzFont, isColor: Bool, file: FontFile, faceIndex: Int) {
        self.index = index
        self.fontName = fontName
        self.familyName = familyName
        self.styleName = styleName
        self.weightClass = weightClass
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.cmap = cmap
        self.lowCmap = Self.lowTable(cmap)
        self.shaper = shaper
        self.isColor = isColor
        self.file = file
        self.faceIndex = faceIndex
    }

    private static let lowLimit: UInt32 = 0x800

    private static func lowTable(_ cmap: [UInt32: UInt32]) -> [UInt32] {
        var table = [UInt32](repeating: 0, count: Int(lowLimit))
        for (scalar, glyph) in cmap where scalar < lowLimit { table[Int(scalar)] = glyph }
        return table
    }

    /// The glyph for `scalar`, or nil when the face has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        if scalar.value < Self.lowLimit {
            let g = lowCmap[Int(scalar.value)]
            return g == 0 ? nil : g
        }
        return cmap[scalar.value]
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
