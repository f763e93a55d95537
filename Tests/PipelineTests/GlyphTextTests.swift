import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// Text set in the glyph outlines a scene carries (`glyphs`), and the text
/// animator properties beyond colour, opacity and placement, drawn from
/// square glyphs on whole points so pixels are exact: "A" is a 10-point
/// square standing on the baseline (10 points down), 12 points wide.
@Suite struct GlyphTextTests {
    static let glyphs = #"{"unitsPerEm": 10, "ascender": 10, "descender": 0, "characters": {"A": {"d": "M0 0 L10 0 L10 -10 L0 -10 Z", "advance": 12}, " ": {"advance": 6}}}"#

    static func render(_ text: String = "AA", _ keys: String = "", animators: String = "", width: Int = 40, height: Int = 30) throws -> Bitmap {
        let extra = animators.isEmpty ? "" : #", "animators": [\#(animators)]"#
        let json = #"{"canvas": {"width": \#(width), "height": \#(height), "duration": 1}, "layers": [{"type": "text", "text": "\#(text)", "size": 10, "glyphs": \#(glyphs), "color": {"r": 1, "g": 0, "b": 0}, "position": [0, 0], "anchor": [0, 0]\#(keys)\#(extra)}]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "glyphs.json")
        return Rasterizer(reuse: false).render(Evaluator(scene: scene).displayList(at: 0))
    }

    static let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255), clear: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)

    static func expect(_ frame: Bitmap, _ color: (UInt8, UInt8, UInt8, UInt8), at points: [(Int, Int)], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (x, y) in points {
            let p = frame.pixel(x: x, y: y)
            #expect(p.r == color.0 && p.g == color.1 && p.b == color.2 && p.a == color.3, "at (\(x), \(y)): \(p)", sourceLocation: sourceLocation)
        }
    }

    /// Lines break at newlines and, past the width, at spaces; each is
    /// aligned in the box; lines are ascender + descender + lineSpacing apart.
    @Test func glyphTextIsLaidOutFromItsOutlines() throws {
        let frame = try Self.render(#"AA\nA"#, #", "align": "trailing", "lineSpacing": 2"#)
        Self.expect(frame, Self.red, at: [(0, 0), (9, 9), (12, 0), (21, 9), (12, 12), (21, 21)])
        Self.expect(frame, Self.clear, at: [(10, 5), (22, 5), (5, 15), (11, 15), (22, 15), (5, 25)])
        let wrapped = try Self.render("AA A", #", "width": 25"#)
        Self.expect(wrapped, Self.red, at: [(0, 0), (21, 9), (0, 10), (9, 19)])
        Self.expect(wrapped, Self.clear, at: [(30, 5), (15, 15)])
    }

    /// A glyph's key is one character, its keys are checked, its advance
    /// required: every problem located at once.
    @Test func badGlyphsAreLocated() {
        let json = #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"type": "text", "text": "A", "glyphs": {"characters": {"AB": {"advance": 1}, "C": {"d": "M0 0 L1 1", "advanse": 1}}}}]}"#
        var messages: [String] = []
        do { _ = try SceneDecoder.decode(Array(json.utf8), file: "glyphs.json") } catch { messages = error.diagnostics.map(\.message) }
        #expect(messages == [#"a glyph's key is one character, found "AB""#, #"unknown key "advanse" in a glyph; did you mean "advance"?"#,
                             #"missing required key "advance""#], "\(messages)")
    }

    /// Subtract starts from every character selected: the range of the
    /// first "A" leaves only the second one faded out.
    @Test func selectorModeSubtractSelectsTheRest() throws {
        let frame = try Self.render(animators: #"{"range": {"start": 0, "end": 1, "units": "index", "mode": "subtract"}, "opacity": 0}"#)
        Self.expect(frame, Self.red, at: [(0, 0), (9, 9)])
        Self.expect(frame, Self.clear, at: [(12, 0), (21, 9)])
    }

    /// Hue turns red 120° to green; brightness −1 makes it black.
    @Test func fillHueAndBrightness() throws {
        Self.expect(try Self.render(animators: #"{"hue": 120}"#), (0, 255, 0, 255), at: [(5, 5), (15, 5)])
        Self.expect(try Self.render(animators: #"{"brightness": -1}"#), (0, 0, 0, 255), at: [(5, 5)])
        Self.expect(try Self.render(animators: #"{"saturation": -1}"#), (255, 255, 255, 255), at: [(5, 5)])
    }

    /// Moving the anchor 5 points right moves the glyph 5 points left.
    @Test func anchorMovesTheCharacterTheOtherWay() throws {
        let frame = try Self.render("A", animators: #"{"anchor": [5, 0]}"#)
        Self.expect(frame, Self.red, at: [(0, 5), (4, 5)])
        Self.expect(frame, Self.clear, at: [(5, 5), (9, 5)])
    }

    /// A 45° skew leans the glyph right about its baseline: each row moves
    /// right by its height above the baseline.
    @Test func skewLeansTheCharacter() throws {
        let frame = try Self.render("A", animators: #"{"skew": 45}"#)
        Self.expect(frame, Self.red, at: [(11, 0), (18, 0), (2, 9), (9, 9)])
        Self.expect(frame, Self.clear, at: [(8, 0), (20, 0), (11, 9)])
    }

    /// The stroke's width grows by the animator's: 1 + 3 points, 2 either side of the outline.
    @Test func strokeWidthAdds() throws {
        let stroke = #", "stroke": {"color": {"r": 0, "g": 0, "b": 1}, "width": 1}"#
        Self.expect(try Self.render("A", stroke), Self.clear, at: [(11, 5)])
        let frame = try Self.render("A", stroke, animators: #"{"strokeWidth": 3}"#)
        Self.expect(frame, (0, 0, 255, 255), at: [(11, 5), (8, 5)])
        Self.expect(frame, Self.clear, at: [(12, 5)])
    }
}
