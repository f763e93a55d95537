import Geometry

extension FontLibrary {
    /// Sets `text` in `style`: glyphs per character from the font chain,
    /// advances and 'kern' pairs scaled to `style.size`, `tracking` after
    /// every character but a line's last, lines at newlines (`\n`, `\r\n`,
    /// `\r`, U+2028, …: `Character.isNewline`) and greedily at spaces to
    /// `style.width`, each line aligned in the box (the wrap width when given,
    /// else the longest line). Line height is the primary face's ascender +
    /// descender + line gap; lines are `lineSpacing` apart; the first
    /// baseline is one ascender below the top.
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
        if !text.isEmpty {
            for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                let shaped = ShapedParagraph(paragraph, chain: chainFaces, size: size, missing: &missing)
                for range in shaped.lineRanges(width: wrap, tracking: tracking) {
                    var placed: [PlacedGlyph] = []
                    var pen = 0.0
                    for c in range {
                        shaped.step(cluster: c, first: c == range.lowerBound, tracking: tracking, pen: &pen) { g, x in
                            placed.append(PlacedGlyph(key: shaped.keys[g], origin: Point(x, 0), scale: shaped.scales[g]))
                        }
                    }
                    lineGlyphs.append(placed)
                    lineWidths.append(pen)
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
            let width = lineWidths[i]
            let x: Double
            switch style.alignment {
            case .leading: x = 0
            case .center: x = (boxWidth - width) / 2
            case .trailing: x = boxWidth - width
            }
            let baseline = metrics.ascender + Double(i) * (metrics.lineHeight + lineSpacing)
            let first = glyphs.count
            for var glyph in placed {
                glyph.origin = Point(x + glyph.origin.x, baseline)
                glyphs.append(glyph)
            }
            lines.append(TextLine(glyphs: first..<glyphs.count, origin: Point(x, baseline), width: width))
        }
        return TextLayout(bounds: Rect(origin: .zero, size: Size(boxWidth, height)), glyphs: glyphs,
                          lines: lines, metrics: metrics, missing: missing)
    }
}
