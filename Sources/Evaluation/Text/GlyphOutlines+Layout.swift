import Determinism
import DisplayList
import Geometry
import SceneModel

extension TextSetter.PreparedText {
    /// `string` set in a scene's own glyphs as the font library sets text
    /// in a font: `size` ÷ units per em points per glyph unit, each glyph's
    /// advance then `tracking` after every character but a line's last,
    /// paragraphs at newlines, lines broken at spaces to `width`, aligned in
    /// the box, the first baseline one ascender below the top and lines
    /// ascender + descender + `lineSpacing` apart. A character without a
    /// glyph takes no room.
    init(_ string: String, outlines: GlyphOutlines, size: Double, alignment: TextAlignment, width wrap: Double?,
         lineSpacing: Double, tracking: Double) {
        let k = size / outlines.unitsPerEm
        let ascender = outlines.ascender * k, lineHeight = (outlines.ascender + outlines.descender) * k
        func advance(_ ch: Character) -> Double { (outlines.glyphs[ch]?.advance ?? 0) * k }
        func measure(_ line: ArraySlice<(index: Int, ch: Character)>) -> Double {
            line.reduce(0) { $0 + advance($1.ch) } + tracking * Double(max(line.count - 1, 0))
        }
        // Each line's characters, with their index in the text less its line breaks.
        var lines: [ArraySlice<(index: Int, ch: Character)>] = []
        var index = 0
        if !string.isEmpty {
            for paragraph in string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                var line: [(index: Int, ch: Character)] = []
                // The line's advances summed as `measure` sums them, so the
                // width tested is the width it gives, without measuring again.
                var space: Int?, advances = 0.0
                for ch in paragraph {
                    defer { index += 1 }
                    if ch.isWhitespace { space = line.count }
                    else if let wrap, let s = space,
                            advances + tracking * Double(max(line.count - 1, 0)) + tracking + advance(ch) > wrap {
                        lines.append(line[..<s])
                        line = Array(line[(s + 1)...])
                        advances = line.reduce(0) { $0 + advance($1.ch) }
                        space = nil
                    }
                    advances += advance(ch)
                    line.append((index, ch))
                }
                lines.append(line[...])
            }
        }
        let widths = lines.map(measure)
        let boxWidth = wrap.map { max($0, 0) } ?? widths.max() ?? 0
        var glyphs: [GlyphRun.Glyph] = [], places: [GlyphPlace] = [], elements: [PathElement] = []
        for (row, line) in lines.enumerated() {
            let baseline = ascender + Double(row) * (lineHeight + lineSpacing)
            var x: Double
            switch alignment {
            case .leading: x = 0
            case .center: x = (boxWidth - widths[row]) / 2
            case .trailing: x = boxWidth - widths[row]
            }
            for (i, ch) in line {
                let a = advance(ch)
                if let glyph = outlines.glyphs[ch], !glyph.outline.isEmpty {
                    var id = FNV1a()
                    for scalar in ch.unicodeScalars { id.combine(UInt64(scalar.value)) }
                    glyphs.append(GlyphRun.Glyph(id: id.value | 1 << 63, outline: glyph.outline, origin: Point(x, baseline), scale: k))
                    places.append(GlyphPlace(character: i, line: row, pivot: Point(x + a / 2, baseline)))
                    elements += glyph.outline.applying(Transform(a: k, b: 0, c: 0, d: k, tx: x, ty: baseline)).elements
                }
                x += a + tracking
            }
        }
        let height = lines.isEmpty ? 0 : Double(lines.count) * lineHeight + Double(lines.count - 1) * lineSpacing
        self.init(bounds: Rect(origin: .zero, size: Size(boxWidth, height)), glyphs: glyphs, places: places,
                  lineCount: lines.count, path: Path(elements: elements), colorGlyphs: [])
    }
}
