import CHarfBuzz
import Geometry

/// One paragraph (text between newlines) shaped by HarfBuzz: each character
/// takes a face from the chain (`FaceChoice`), the text is cut into runs of
/// one face, one bidi level and one script, and each run is shaped with the
/// whole paragraph as context, so GSUB/GPOS apply (kerning, ligatures, mark
/// positioning, Arabic joining, Indic conjuncts).
///
/// Lines break between *units*: grapheme clusters, merged where HarfBuzz
/// made one cluster of several (a ligature), so no line breaks inside a
/// cluster. `tracking` goes between units. Lengths are points.
struct ShapedParagraph {
    /// The paragraph's scalars: tabs as spaces, control characters left out.
    private(set) var text: [UInt32] = []
    /// Which character of the paragraph (counting every one, dropped
    /// control characters too) each scalar of `text` comes from.
    private(set) var characterOf: [Int] = []
    /// Glyphs run after run (runs in logical order), each run's glyphs in
    /// visual order (right-to-left runs reversed, as HarfBuzz gives them).
    private(set) var glyphs: [ShapedGlyph] = []
    private(set) var runs: [Run] = []
    /// First text index of each unit, then `text.count`.
    private(set) var unitStart: [Int] = []
    /// Advance of each unit's glyphs.
    private(set) var unitWidth: [Double] = []
    /// Whether a unit has glyphs (only those take tracking).
    private(set) var unitHasGlyphs: [Bool] = []
    /// Whether each unit is a space a line may break at.
    private(set) var isBreakSpace: [Bool] = []
    /// Whether a line may break before each unit without a space (between
    /// ideographs, kana, emoji; `LineBreakClass`).
    private(set) var breaksBefore: [Bool] = []
    /// The paragraph's direction, from its first strong character.
    private(set) var rightToLeft = false

    var unitCount: Int { unitWidth.count }

    struct Run {
        var glyphs: Range<Int>
        /// Bidi embedding level (odd = right-to-left).
        var level: UInt8
    }

    /// `chain`: the candidate faces, the primary first.
    init<S: Sequence<Character>>(_ characters: S, chain: [FontFace], size: Double, missing: inout [Character]) {
        guard !chain.isEmpty else { return }
        var faceOf: [Int] = []           // index into `chain`, per scalar
        var graphemeStart: [Bool] = []
        for (ordinal, ch) in characters.enumerated() {
            var scalars: [UInt32] = []
            for s in ch.unicodeScalars {
                if s == "\t" { scalars.append(0x20) } else if !Self.isControl(s.value) { scalars.append(s.value) }
            }
            guard !scalars.isEmpty else { continue }
            let face = FaceChoice.face(for: scalars, in: chain, previous: faceOf.last) ?? {
                if !missing.contains(ch) { missing.append(ch) }
                return 0
            }()
            for (i, s) in scalars.enumerated() {
                text.append(s)
                characterOf.append(ordinal)
                faceOf.append(face)
                graphemeStart.append(i == 0)
            }
        }
        guard !text.isEmpty else { return }
        let bidi = BidiLevels(text)
        rightToLeft = bidi.rightToLeft
        let scripts = Self.resolvedScripts(text)

        var clusterStart = [Bool](repeating: false, count: text.count)
        var start = 0
        while start < text.count {
            var end = start + 1
            while end < text.count && faceOf[end] == faceOf[start] && bidi.levels[end] == bidi.levels[start]
                    && scripts[end] == scripts[start] { end += 1 }
            let face = chain[faceOf[start]]
            let scale = face.scale(size: size)
            let level = bidi.levels[start]
            let first = glyphs.count
            for g in face.shaper.shape(text, run: start..<end, rightToLeft: level & 1 == 1, script: scripts[start]) {
                clusterStart[g.cluster] = true
                glyphs.append(ShapedGlyph(key: GlyphKey(face: face.index, glyph: g.glyph), cluster: g.cluster, unit: 0,
                                          advance: Double(g.advance) * scale,
                                          offset: Point(Double(g.xOffset) * scale, -Double(g.yOffset) * scale),
                                          scale: scale))
            }
            clusterStart[start] = true
            runs.append(Run(glyphs: first..<glyphs.count, level: level))
            start = end
        }
        buildUnits(graphemeStart: graphemeStart, clusterStart: clusterStart)
    }

    private static func isControl(_ v: UInt32) -> Bool { v < 0x20 || (v >= 0x7F && v <= 0x9F) }

    /// Units start where a grapheme cluster and a shaped cluster (or a run) both start.
    private mutating func buildUnits(graphemeStart: [Bool], clusterStart: [Bool]) {
        var unitOf = [Int](repeating: 0, count: text.count)
        for i in text.indices {
            if i == 0 || (graphemeStart[i] && clusterStart[i]) { unitStart.append(i) }
            unitOf[i] = unitStart.count - 1
        }
        unitStart.append(text.count)
        let n = unitStart.count - 1
        unitWidth = [Double](repeating: 0, count: n)
        unitHasGlyphs = [Bool](repeating: false, count: n)
        for g in glyphs.indices {
            let u = unitOf[glyphs[g].cluster]
            glyphs[g].unit = u
            unitWidth[u] += glyphs[g].advance
            unitHasGlyphs[u] = true
        }
        for u in 0..<n {
            let range = unitStart[u]..<unitStart[u + 1]
            isBreakSpace.append(range.count == 1 && LineBreakClass.isBreakSpace(text[range.lowerBound]))
            breaksBefore.append(u > 0 && LineBreakClass.mayBreak(between: text[range.lowerBound - 1], and: text[range.lowerBound]))
        }
    }

    /// HarfBuzz's script of each scalar, with Common and Inherited ones
    /// (spaces, digits, punctuation, marks) taking the script before them, or
    /// at the start the first one after: runs then split only where the
    /// script really changes.
    private static func resolvedScripts(_ text: [UInt32]) -> [hb_script_t] {
        var scripts = text.map(HarfBuzzFont.script(of:))
        let common = HB_SCRIPT_COMMON, inherited = HB_SCRIPT_INHERITED, unknown = HB_SCRIPT_UNKNOWN
        func isWeak(_ s: hb_script_t) -> Bool { s == common || s == inherited || s == unknown }
        var last: hb_script_t?
        for i in scripts.indices {
            if isWeak(scripts[i]) { if let last { scripts[i] = last } } else { last = scripts[i] }
        }
        let firstStrong = scripts.first(where: { !isWeak($0) }) ?? common
        for i in scripts.indices { if isWeak(scripts[i]) { scripts[i] = firstStrong } else { break } }
        return scripts
    }
}

/// One shaped glyph. Points, text-box coordinates (y down).
struct ShapedGlyph {
    var key: GlyphKey
    /// Text index of the first character of its cluster.
    var cluster: Int
    /// The break unit it belongs to.
    var unit: Int
    var advance: Double
    /// Offset from the pen position (GPOS marks, y down).
    var offset: Point
    /// Points per font unit.
    var scale: Double
}
