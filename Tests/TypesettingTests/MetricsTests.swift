import Testing
import Geometry
@testable import Typesetting

@Suite struct MetricsTests {
    /// The bench README's figures: hhea 1901 / −483 per 2048 em, no line gap.
    @Test func dejaVuSansAt32Points() {
        let m = bundled.metrics(for: style(size: 32))
        #expect(m.ascender == 29.703125)
        #expect(m.descender == 7.546875)
        #expect(m.lineGap == 0)
        #expect(m.lineHeight == 37.25)
        #expect(bundled.metrics(for: style(size: 32, weight: .bold)) == m)
    }

    @Test func oneLineBoxIsOneLineHigh() {
        let layout = bundled.layout("Hello", style: style())
        #expect(layout.bounds.origin == .zero)
        #expect(layout.bounds.height == 37.25)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].origin.y == 29.703125)       // first baseline one ascender below the top
        #expect(layout.glyphs.allSatisfy { $0.origin.y == 29.703125 })
    }

    @Test func twoLinesAreTwoLineHeightsPlusSpacing() {
        let layout = bundled.layout("Hello\nworld", style: style(lineSpacing: 5))
        #expect(layout.lines.count == 2)
        #expect(layout.bounds.height == 2 * 37.25 + 5)
        #expect(layout.lines[1].origin.y == 29.703125 + 37.25 + 5)
    }

    @Test func emptyTextHasNoLines() {
        let layout = bundled.layout("", style: style())
        #expect(layout.lines.isEmpty && layout.glyphs.isEmpty)
        #expect(layout.bounds == Rect(origin: .zero, size: .zero))
        #expect(bundled.layout("", style: style(width: 100)).bounds.width == 100)
    }

    @Test func trailingNewlineAddsAnEmptyLine() {
        let layout = bundled.layout("a\n", style: style())
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].glyphs.isEmpty)
        #expect(layout.bounds.height == 2 * 37.25)
    }

    @Test func glyphScaleIsPointsPerFontUnit() {
        let layout = bundled.layout("A", style: style(size: 32))
        #expect(layout.glyphs[0].scale == 32.0 / 2048)
    }
}
