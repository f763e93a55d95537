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

    /// `chain`: the candidate faces, the primary first.
    init<S: Sequence<Character>>(_ characters: S, chain: [FontFace], size: Double, missing: inout [Character]) {
        guard let primary = chain.first else { return }
        for ch in characters {
            var scalarIterator = ch.unicodeScalars.makeIterator()
            guard let first = scalarIterator.next() else { continue }
            if scalarIterator.next() == nil {
                // One scalar: nearly every character. Tabs are set as spaces;
                // other control characters and invisible ones (joiners,
                // variation selectors, soft hyphens: Unicode's default
                // ignorables, which HarfBuzz also hides) are dropped.
                let s: Unicode.Scalar = first == "\t" ? " " : first
                if s.value < 0x20 || (s.value >= 0x7F && s.value <= 0x9F) { continue }
                if s.value >= 0x80 && s.properties.isDefaultIgnorableCodePoint { continue }
                var face = primary, glyph: UInt32 = 0
                if let (f, g) = Self.firstGlyph(for: s, in: chain) {
                    face = f
                    glyph = g
                } else if !missing.contains(ch) {
                    missing.append(ch)
                }
                startCluster(isBreakSpace: Self.isBreakSpace(s))
                append(glyph, of: face, size: size)
            } else {
                shapeCluster(ch, chain: chain, size: size, missing: &missing)
            }
        }
    }

    private static func firstGlyph(for s: Unicode.Scalar, in chain: [FontFace]) -> (FontFace, UInt32)? {
        for face in chain {
            if let g = face.glyph(for: s) { return (face, g) }
        }
        return nil
    }

    private static func isBreakSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || (s.value >= 0x80 && s.properties.isWhitespace && !noBreakSpaces.contains(s.value))
    }

    /// A character of several scalars (a base and combining marks, an emoji
    /// sequence): the first face with glyphs for all its visible scalars, or
    /// failing that each scalar from the first face that has it. Invisible
    /// scalars are dropped, as above.
    private mutating func shapeCluster(_ ch: Character, chain: [FontFace], size: Double,
                                       missing: inout [Character]) {
        var needed: [Unicode.Scalar] = []
        for s in ch.unicodeScalars {
            if s == "\t" {
                needed.append(" ")
            } else if s.properties.generalCategory != .control && !s.properties.isDefaultIgnorableCodePoint {
                needed.append(s)
            }
        }
        guard !needed.isEmpty else { return }   // nothing visible: no glyph, no tracking

        var chosen: [(FontFace, UInt32)] = []
        if let face = chain.first(where: { f in needed.allSatisfy { f.glyph(for: $0) != nil } }) {
            for s in needed { chosen.append((face, face.glyph(for: s)!)) }
        } else {
            var lacking = false
            for s in needed {
                if let found = Self.firstGlyph(for: s, in: chain) {
                    chosen.append(found)
                } else {
                    chosen.append((chain[0], 0))
                    lacking = true
                }
            }
            if lacking && !missing.contains(ch) { missing.append(ch) }
        }
        startCluster(isBreakSpace: needed.count == 1 && Self.isBreakSpace(needed[0]))
        for (face, glyph) in chosen { append(glyph, of: face, size: size) }
    }

    private mutating func startCluster(isBreakSpace: Bool) {
        clusterStart.append(keys.count)
        self.isBreakSpace.append(isBreakSpace)
    }

    /// Appends a glyph, kerned against the previous one if both are of the same face.
    private mutating func append(_ glyph: UInt32, of face: FontFace, size: Double) {
        let scale = face.scale(size: size)
        var kern = 0.0
        if let previous = keys.last, previous.face == face.index {
            kern = Double(face.kerning.kerning(previous.glyph, glyph)) * scale
        }
        keys.append(GlyphKey(face: face.index, glyph: glyph))
        scales.append(scale)
        advances.append(Double(face.advance(of: glyph)) * scale)
        kernBefore.append(kern)
    }
}
