import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// A text node's `animators`, drawn: "HH" in the bundled font, 40 points,
/// black on a transparent canvas. The two letters are told apart by the
/// clear columns between them in the plain text, so the checks hold for
/// any font metrics: a pixel of a letter outside the range is exactly the
/// plain text's, one inside shows the animator's change.
@Suite struct TextAnimatorTests {
    static func render(_ animators: String, text: String = "HH", stroke: String = "", at t: Double = 0) throws -> Bitmap {
        let extra = animators.isEmpty ? "" : #", "animators": [\#(animators)]"#
        let json = #"{"canvas": {"width": 80, "height": 50, "duration": 1}, "layers": [{"type": "text", "text": "\#(text)", "size": 40, "color": "black", "position": [2, 2], "anchor": [0, 0]\#(stroke)\#(extra)}]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "text.json")
        return Rasterizer(reuse: false).render(Evaluator(scene: scene).displayList(at: t))
    }

    /// The columns of each letter: inked runs of columns separated by clear ones.
    static func letters(_ frame: Bitmap) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for x in 0...frame.width {
            let inked = x < frame.width && (0..<frame.height).contains { frame.pixel(x: x, y: $0).a > 0 }
            if inked, start == nil { start = x }
            if !inked, let s = start { runs.append(s...(x - 1)); start = nil }
        }
        return runs
    }

    static func pixels(_ frame: Bitmap, _ columns: ClosedRange<Int>) -> [RGBA8] {
        columns.flatMap { x in (0..<frame.height).map { frame.pixel(x: x, y: $0) } }
    }

    typealias RGBA8 = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    static func same(_ a: [RGBA8], _ b: [RGBA8]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.r == $1.r && $0.g == $1.g && $0.b == $1.b && $0.a == $1.a }
    }

    /// Index 0 to 1 selects the first letter only: it is hidden, the second drawn as without animators.
    @Test func opacityOfCharactersInsideTheRangeOnly() throws {
        let plain = try Self.render("")
        let letters = Self.letters(plain)
        try #require(letters.count == 2, "\(letters)")
        let animated = try Self.render(#"{"range": {"start": 0, "end": 1, "units": "index"}, "opacity": 0}"#)
        #expect(Self.pixels(animated, letters[0]).allSatisfy { $0.a == 0 })
        #expect(Self.same(Self.pixels(animated, letters[1]), Self.pixels(plain, letters[1])))
    }

    /// 50 % to 100 % is the second letter: filled red (premultiplied, so an
    /// opaque pixel is pure red), the first black as before.
    @Test func colourOfTheSecondHalfInPercent() throws {
        let plain = try Self.render("")
        let letters = Self.letters(plain)
        try #require(letters.count == 2)
        let animated = try Self.render(##"{"range": {"start": 50}, "color": "#FF0000"}"##)
        #expect(Self.same(Self.pixels(animated, letters[0]), Self.pixels(plain, letters[0])))
        let second = Self.pixels(animated, letters[1])
        #expect(second.contains { $0 == (255, 0, 0, 255) })
        #expect(second.allSatisfy { $0.g == 0 && $0.b == 0 && $0.r == $0.a })
    }

    /// An offset moves only the selected letter: the second, 10 points down.
    @Test func offsetMovesTheSelectedCharacter() throws {
        let plain = try Self.render("")
        let letters = Self.letters(plain)
        try #require(letters.count == 2)
        let animated = try Self.render(#"{"range": {"start": 1, "units": "index"}, "offset": [0, 10]}"#)
        #expect(Self.same(Self.pixels(animated, letters[0]), Self.pixels(plain, letters[0])))
        for x in letters[1] {
            for y in 0..<(plain.height - 10) { #expect(animated.pixel(x: x, y: y + 10) == plain.pixel(x: x, y: y), "at (\(x), \(y))") }
        }
    }

    /// Words: "H H" based on words, the second word selected by index 1.
    @Test func rangeBasedOnWords() throws {
        let plain = try Self.render("", text: "H H")
        let letters = Self.letters(plain)
        try #require(letters.count == 2)
        let animated = try Self.render(#"{"range": {"start": 1, "units": "index", "basedOn": "words"}, "opacity": 0}"#, text: "H H")
        #expect(Self.same(Self.pixels(animated, letters[0]), Self.pixels(plain, letters[0])))
        #expect(Self.pixels(animated, letters[1]).allSatisfy { $0.a == 0 })
    }

    /// Half an amount blends half way: the first letter at opacity 0.5 draws
    /// each pixel at half its plain alpha (±1 for rounding).
    @Test func amountScalesTheSelection() throws {
        let plain = try Self.render("")
        let letters = Self.letters(plain)
        try #require(letters.count == 2)
        let animated = try Self.render(#"{"range": {"end": 1, "units": "index", "amount": 0.5}, "opacity": 0}"#)
        for (a, p) in zip(Self.pixels(animated, letters[0]), Self.pixels(plain, letters[0])) {
            #expect(abs(Int(a.a) - Int(p.a) / 2) <= 1, "\(a) vs \(p)")
        }
    }

    /// The selection is worked out per frame: an animated start hides the letters one by one.
    @Test func animatedRangeFollowsTime() throws {
        let plain = try Self.render("")
        let letters = Self.letters(plain)
        try #require(letters.count == 2)
        let typing = #"{"range": {"start": {"expr": "t * 2"}, "units": "index"}, "opacity": 0}"#
        #expect(Self.letters(try Self.render(typing, at: 0)).isEmpty)
        #expect(Self.letters(try Self.render(typing, at: 0.5)) == [letters[0]])
    }

    /// Mistakes are located and suggest the key meant.
    @Test func badAnimatorKeysAreLocated() {
        func messages(_ node: String) -> [String] {
            let json = #"{"canvas": {"width": 80, "height": 50, "duration": 1}, "layers": [\#(node)]}"#
            do {
                _ = try SceneDecoder.decode(Array(json.utf8), file: "text.json")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(messages(#"{"type": "text", "text": "A", "animators": [{"opacty": 0}]}"#)
            == [#"text.json:1:112: $.layers[0].animators[0].opacty: unknown key "opacty" in a text animator; did you mean "opacity"?"#])
        #expect(messages(#"{"type": "text", "text": "A", "animators": [{"range": {"basedOn": "word"}, "opacity": 0}]}"#)
            == [#"text.json:1:133: $.layers[0].animators[0].range.basedOn: expected one of "characters", "charactersExcludingSpaces", "words", "lines", found "word"; did you mean "words"?"#])
        #expect(messages(#"{"type": "text", "text": "A", "trim": [0, 1], "animators": [{"opacity": 0}]}"#)
            == [#"text.json:1:67: $.layers[0]: text takes "trim" or "animators", not both"#])
    }
}
