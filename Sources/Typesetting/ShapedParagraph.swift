import Geometry

/// One paragraph (text between newlines) mapped to glyphs, without a shaping
/// engine: each character takes the first face of the chain that has glyphs
/// for all its scalars, one glyph per scalar, and consecutive glyphs of the
/// same face are kerned by the face's 'kern' pairs. Enough for Latin, Greek
/// and Cyrillic; scripts that need contextual forms or reordering would need
/// HarfBuzz.
///
/// A cluster is one `Character` that produced glyphs; `tracking` goes
/// between clusters, kerning between glyphs. Lengths are points.
struct ShapedParagraph {
    var keys: [GlyphKey] = []
    var scales: [Double] = []
    var advances: [Double] = []
    /// Kerning between a glyph and the one before it in the paragraph (0 when
    /// it is the first or the faces differ).
    var kernBefore: [Double] = []
    /// Index of each cluster's first glyph.
    var clusterStart: [Int] = []
    /// Whether each cluster is a space a line may break at.
    var isBreakSpace: [Bool] = []

    var clusterCount: Int { clusterStart.count }

    func glyphs(ofCluster c: Int) -> Range<Int> {
        clusterStart[c] ..< (c + 1 < clusterStart.count ? clusterStart[c + 1] : keys.count)
    }

    /// Moves `pen` over cluster `c`, calling `place` with each glyph and its
    /// origin x. `first` = the cluster opens its line (no tracking or kerning
    /// before it). Line breaking and placement both walk through here, so a
    /// line's measured width is exactly where its glyphs end.
    func step(cluster c: Int, first: Bool, tracking: Double, pen: inout Double,
              place: (Int, Double) -> Void = { _, _ in }) {
        if !first { pen += tracking }
        for g in glyphs(ofCluster: c) {
            if !(first && g == clusterStart[c]) { pen += kernBefore[g] }
            place(g, pen)
            pen += advances[g]
        }
    }

    /// Spaces that do not allow a break (no-break space, figure space, narrow
    /// no-break space).
    private static let noBreakSpaces: Set<UInt32> = [0x00A0, 0x2007, 0x202F]

    init<S: Sequence<Character>>(_ characters: S, chain: [Int], faces: [FontFace], size: Double,
                                 missing: inout [Character]) {
        guard let primary = chain.first else { return }
        for ch in characters {
            // Tabs set as spaces; other control characters are dropped.
            var scalars: [Unicode.Scalar] = []
            var needed: [Unicode.Scalar] = []
            for s in ch.unicodeScalars {
                if s.value >= 0x20 && s.value < 0x7F {
                    scalars.append(s); needed.append(s)
                } else if s == "\t" {
                    scalars.append(" "); needed.append(" ")
                } else if s.properties.generalCategory != .control {
                    scalars.append(s)
                    if !s.properties.isDefaultIgnorableCodePoint { needed.append(s) }
                }
            }
            guard !needed.isEmpty else { continue }   // nothing visible: no glyph, no tracking

            var chosen: [GlyphKey] = []
            if let f = chain.first(where: { f in needed.allSatisfy { faces[f].glyph(for: $0) != nil } }) {
                // Invisible scalars (joiners, variation selectors) only if the face has them.
                for s in scalars {
                    if let g = faces[f].glyph(for: s) { chosen.append(GlyphKey(face: f, glyph: g)) }
                }
            } else {
                var lacking = false
                for s in needed {
                    if let f = chain.first(where: { faces[$0].glyph(for: s) != nil }) {
                        chosen.append(GlyphKey(face: f, glyph: faces[f].glyph(for: s)!))
                    } else {
                        chosen.append(GlyphKey(face: primary, glyph: 0))
                        lacking = true
                    }
                }
                if lacking && !missing.contains(ch) { missing.append(ch) }
            }

            clusterStart.append(keys.count)
            isBreakSpace.append(needed.count == 1 && needed[0].properties.isWhitespace
                                && !Self.noBreakSpaces.contains(needed[0].value))
            for key in chosen {
                let face = faces[key.face]
                let scale = face.scale(size: size)
                var kern = 0.0
                if let previous = keys.last, previous.face == key.face {
                    kern = Double(face.kerning.kerning(previous.glyph, key.glyph)) * scale
                }
                keys.append(key)
                scales.append(scale)
                advances.append(Double(face.advance(of: key.glyph)) * scale)
                kernBefore.append(kern)
            }
        }
    }
}
