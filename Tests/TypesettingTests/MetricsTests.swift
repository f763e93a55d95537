import Testing
import Geometry
@testable import Typesetting

@Suite struct MetricsTests {
    /// Inter's hhea: 2728 / −680 per 2816 em, no line gap.
    static let scale = 32.0 / 2816
    static let ascender = 2728 * scale, lineHeight = 2728 * scale + 680 * scale

    @Test func interAt32Points() {
        let m = bundled.metrics(for: style(size: 32))
        #expect(m.ascender == Self.ascender)
        #expect(m.descender == 680 * Self.scale)
        #expect(m.lineGap == 0)
        #expect(m.lineHeight == Self.lineHeight)
        #expect(bundled.metrics(for: style(size: 32, weight: .bold)) == m)
    }

    @Test func oneLineBoxIsOneLineHigh() {
        let layout = bundled.layout("Hello", style: style())
        #expect(layout.bounds.origin == .zero)
        #expect(layout.bounds.height == Self.lineHeight)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].origin.y == Self.ascender)       // first baseline one ascender below the top
        #expect(layout.glyphs.allSatisfy { $0.origin.y == Self.ascender })
    }

    @Test func twoLinesAreTwoLineHeightsPlusSpacing() {
        let layout = bundled.layout("Hello\nworld", style: style(lineSpacing: 5))
        #expect(layout.lines.count == 2)
        #expect(layout.bounds.height == 2 * Self.lineHeight + 5)
        #expect(layout.lines[1].origin.y == Self.ascender + Self.lineHeight + 5)
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
        #expect(layout.bounds.height == 2 * Self.lineHeight)
    }

    @Test func glyphScaleIsPointsPerFontUnit() {
        let layout = bundled.layout("A", style: style(size: 32))
        #expect(layout.glyphs[0].scale == Self.scale)
    }
}
