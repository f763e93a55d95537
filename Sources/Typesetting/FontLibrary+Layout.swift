import Geometry

extension FontLibrary {
    /// Sets `text` in `style`: a face per character from the font chain,
    /// shaped by HarfBuzz at `style.size`, `tracking` after every unit
    /// (grapheme cluster) but a line's last, paragraphs at newlines (`\n`,
    /// `\r\n`, `\r`, U+2028, …: `Character.isNewline`), lines broken greedily
    /// at spaces and between ideographs to `style.width`, each line in visual
    /// (bidi) order and aligned in the box (the wrap width when given, else
    /// the longest line): `leading`/`trailing` follow each paragraph's
    /// direction. Line height is the primary face's ascender + descender +
    /// line gap; lines are `lineSpacing` apart; the first baseline is one
    /// ascender below the top.
    ///
    /// Reads only immutable data: safe and lock-free from any thread, cheap
    /// enough to call per frame for animated text. Deterministic: basic IEEE
    /// arithmetic in a fixed order.
    public func layout(_ text: String, style: TextStyle) -> TextLayout {
        let size = Self.validSize(style.size)
        let chain = faceChain(for: style)
        let chainFaces = chain.map { faces[$0] }
        let metrics = chain.first.map { faces[$0].metrics(size: size) }
            ?? LineMetrics(ascender: 0, descender: 0, lineGap: 0)
        let wrap = style.width.flatMap { $0.isFinite ? Swift.max($0, 0) : nil }
        let tracking = style.tracking.isFinite ? style.tracking : 0
        let lineSpacing = style.lineSpacing.isFinite ? style.lineSpacing : 0

        var missing: [Character] = []
        var lineGlyphs: [[PlacedGlyph]] = []
        var lineWidths: [Double] = []
        var lineDirections: [Bool] = []
        if !text.isEmpty {
            var firstCharacter = 0
            for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                let shaped = ShapedParagraph(paragraph, chain: chainFaces, size: size, missing: &missing)
                defer { firstCharacter += paragraph.count }
                for range in shaped.lineRanges(width: wrap, tracking: tracking) {
                    var placed: [PlacedGlyph] = []
                    let width = shaped.place(line: range, tracking: tracking) { glyph, x in
                        placed.append(PlacedGlyph(key: glyph.key, origin: Point(x, glyph.offset.y), scale: glyph.scale,
                                                  character: firstCharacter + shaped.characterOf[glyph.cluster], advance: glyph.advance))
                    }
                    lineGlyphs.append(placed)
                    lineWidths.append(width)
                    lineDirections.append(shaped.rightToLeft)
                }
            }
        }

        let boxWidth = wrap ?? lineWidths.reduce(0) { Swift.max($0, $1) }
        let lineCount = lineGlyphs.count
        let height = lineCount == 0 ? 0
            : Double(lineCount) * metrics.lineHeight + Double(lineCount - 1) * lineSpacing
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(lineGlyphs.reduce(0) { $0 + $1.count })
        var lines: [TextLine] = []
        for (i, placed) in lineGlyphs.enumerated() {
            let width = lineWidths[i], rightToLeft = lineDirections[i]
            let x: Double
            switch style.alignment {
            case .leading: x = rightToLeft ? boxWidth - width : 0
            case .center: x = (boxWidth - width) / 2
            case .trailing: x = rightToLeft ? 0 : boxWidth - width
            }
            let baseline = metrics.ascender + Double(i) * (metrics.lineHeight + lineSpacing)
            let first = glyphs.count
            for var glyph in placed {
                glyph.origin = Point(x + glyph.origin.x, baseline + glyph.origin.y)
                glyphs.append(glyph)
            }
            lines.append(TextLine(glyphs: first..<glyphs.count, origin: Point(x, baseline), width: width,
                                  rightToLeft: rightToLeft))
        }
        return TextLayout(bounds: Rect(origin: .zero, size: Size(boxWidth, height)), glyphs: glyphs,
                          lines: lines, metrics: metrics, missing: missing)
    }
}
