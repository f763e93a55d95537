import Testing
import Geometry
@testable import Typesetting

@Suite struct WrappingTests {
    func width(_ text: String, _ s: TextStyle = style()) -> Double {
        bundled.layout(text, style: s).bounds.width
    }

    @Test func greedyAtSpaces() {
        let text = "The quick brown fox jumps over the lazy dog"
        // Room for "The quick brown" but not "The quick brown fox".
        let w = (width("The quick brown") + width("The quick brown fox")) / 2
        let layout = bundled.layout(text, style: style(width: w))
        let lines = lineTexts(layout)
        #expect(lines.first == "The quick brown")
        #expect(lines.joined(separator: " ") == text)          // break spaces dropped, nothing else
        for line in layout.lines { #expect(line.width <= w) }
        #expect(layout.bounds.width == w)
        #expect(layout.bounds.height == Double(lines.count) * bundled.metrics(for: style()).lineHeight)
        // Greedy: each line's next word would not have fitted.
        for (i, line) in lines.dropLast().enumerated() {
            let nextWord = lines[i + 1].split(separator: " ")[0]
            #expect(width(line + " " + nextWord) > w)
        }
    }

    @Test func exactFitStaysOnOneLine() {
        let w = width("The quick brown")
        #expect(lineTexts(bundled.layout("The quick brown fox", style: style(width: w))) == ["The quick brown", "fox"])
        #expect(bundled.layout("The quick brown", style: style(width: w)).lines.count == 1)
    }

    @Test func longWordIsBrokenAnywhere() {
        let w = width("abcdefg")
        let layout = bundled.layout("ab abcdefghijklmnopqrstuvwxyz cd", style: style(width: w))
        let lines = lineTexts(layout)
        #expect(lines.first == "ab")
        #expect(lines.joined() == "ababcdefghijklmnopqrstuvwxyzcd")
        #expect(lines.dropFirst().first == "abcdefg")
        for line in layout.lines { #expect(line.width <= w + 1e-9) }
    }

    @Test func aCharacterWiderThanTheWidthStillGetsALine() {
        let layout = bundled.layout("WWW", style: style(width: 1))
        #expect(lineTexts(layout) == ["W", "W", "W"])
        #expect(layout.bounds.width == 1)
    }

    @Test func explicitNewlines() {
        let layout = bundled.layout("one\ntwo\r\nthree\n\nsix", style: style())
        #expect(lineTexts(layout) == ["one", "two", "three", "", "six"])
        #expect(layout.bounds.width == width("three"))
        #expect(layout.bounds.height == 5 * bundled.metrics(for: style()).lineHeight)
    }

    @Test func newlinesAndWrappingTogether() {
        let w = width("aaa bbb")
        let layout = bundled.layout("aaa bbb ccc\nddd", style: style(width: w))
        #expect(lineTexts(layout) == ["aaa bbb", "ccc", "ddd"])
    }

    @Test func spacesHangAndSpaceRunsAreDroppedAtBreaks() {
        let w = max(width("aaa"), width("bbb"))
        let layout = bundled.layout("aaa     bbb", style: style(width: w))
        #expect(lineTexts(layout) == ["aaa", "bbb"])
        // Without wrapping, spaces are kept as written.
        #expect(bundled.layout("a  ", style: style()).glyphs.count == 3)
    }

    @Test func noBreakSpaceDoesNotBreak() {
        let w = width("aaa")
        #expect(lineTexts(bundled.layout("aaa\u{00A0}bbb", style: style(width: w))).first == "aaa")
        #expect(bundled.layout("aaa\u{00A0}bbb", style: style(width: w)).lines[0].glyphs.count == 3)
    }

    @Test func alignmentOffsetsLinesInTheBox() {
        let text = "a much longer line\nshort"
        let short = width("short"), long = width("a much longer line")
        let leading = bundled.layout(text, style: style(alignment: .leading))
        let center = bundled.layout(text, style: style(alignment: .center))
        let trailing = bundled.layout(text, style: style(alignment: .trailing))
        #expect(leading.bounds.width == long)
        #expect(leading.lines.map(\.origin.x) == [0, 0])
        #expect(center.lines.map(\.origin.x) == [0, (long - short) / 2])
        #expect(trailing.lines.map(\.origin.x) == [0, long - short])
        // Glyphs move with their line.
        let g = leading.lines[1].glyphs.lowerBound
        #expect(trailing.glyphs[g].origin.x == leading.glyphs[g].origin.x + long - short)
    }

    @Test func alignmentUsesTheWrapWidthWhenGiven() {
        let layout = bundled.layout("short", style: style(alignment: .center, width: 300))
        #expect(layout.bounds.width == 300)
        #expect(layout.lines[0].origin.x == (300 - width("short")) / 2)
        let trailing = bundled.layout("short", style: style(alignment: .trailing, width: 300))
        #expect(trailing.lines[0].origin.x + trailing.lines[0].width == 300)
    }
}
