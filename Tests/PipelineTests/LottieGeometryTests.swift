import Testing
import Lottie
import Pixels

/// Shape geometry modifiers — polystar roundness, Offset Paths, Zig Zag —
/// drawn and checked at pixels worked out by hand from After Effects' and
/// lottie-web's constructions (helpers from `LottieTests`).
@Suite struct LottieGeometryTests {
    typealias T = LottieTests

    /// A square animation `side` points wide of one shape layer.
    static func lottie(_ items: String, side: Int = 60) -> String {
        #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": \#(side), "h": \#(side), "layers": [\#(T.shapeLayer(items))]}"#
    }

    /// The square 20…40 drawn clockwise from its top-left corner.
    static let square = #"{"ty": "sh", "ks": {"a": 0, "k": \#(LottieShapeItemTests.square(20, 20, 20))}}"#

    static func warnings(_ json: String) throws -> [String] {
        try LottieImport.convert(Array(json.utf8), file: "a.json", imageExists: { _ in true }).warnings.map(\.description)
    }

    /// A polygon's roundness gives each corner tangents along the circle
    /// through it, a quarter of the radius long at 100 %: the diamond of
    /// radius 40 about (40, 40) bulges out between its top and right
    /// corners (the curve's middle at (63.75, 16.25), not (60, 20)), so
    /// (62, 17), outside the sharp diamond, is inside; no warning.
    @Test func polystarRoundnessRoundsItsCorners() throws {
        func polygon(_ roundness: Int) -> String {
            Self.lottie(#"{"ty": "sr", "sy": 2, "d": 1, "pt": {"a": 0, "k": 4}, "p": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 40}, "os": {"a": 0, "k": \#(roundness)}}, "# + LottieShapeItemTests.redFill, side: 80)
        }
        let sharp = try T.render(polygon(0)), round = try T.render(polygon(100))
        T.expect(sharp, [(62, 17)], T.clear)
        T.expect(round, [(62, 17), (40, 2), (40, 40)], T.red)
        let star = Self.lottie(#"{"ty": "sr", "sy": 1, "pt": {"a": 0, "k": 5}, "p": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 40}, "os": {"a": 0, "k": 50}, "ir": {"a": 0, "k": 20}, "is": {"a": 0, "k": -30}}, "# + LottieShapeItemTests.redFill, side: 80)
        #expect(try Self.warnings(star).isEmpty)
        T.expect(try T.render(star), [(40, 40), (40, 3)], T.red)
    }

    /// Offset Paths grows a clockwise square by the amount (15…45 for 5),
    /// its corners mitred, rounded or bevelled by the line join; a negative
    /// amount shrinks it (25…35), the crossing edges cut at the corners.
    @Test func offsetPathGrowsAndShrinksWithItsJoins() throws {
        func offset(_ amount: Int, join: Int) throws -> Bitmap {
            try T.render(Self.lottie(Self.square + #", {"ty": "op", "a": {"a": 0, "k": \#(amount)}, "lj": \#(join), "ml": {"a": 0, "k": 10}}, "# + LottieShapeItemTests.redFill))
        }
        let miter = try offset(5, join: 1)
        T.expect(miter, [(15, 15), (15, 30), (44, 44), (30, 44)], T.red)
        T.expect(miter, [(14, 30), (45, 30), (30, 14)], T.clear)
        let bevel = try offset(5, join: 3)
        T.expect(bevel, [(15, 15), (16, 16), (44, 44)], T.clear)
        T.expect(bevel, [(18, 18), (15, 30)], T.red)
        let round = try offset(5, join: 2)
        T.expect(round, [(15, 15), (44, 44)], T.clear)
        T.expect(round, [(17, 17), (15, 30), (42, 42)], T.red)
        let inset = try offset(-5, join: 1)
        T.expect(inset, [(24, 30), (35, 30), (30, 24), (30, 35)], T.clear)
        T.expect(inset, [(25, 25), (34, 34), (30, 30)], T.red)
    }

    /// A line join Offset Paths does not have is an error located at `lj`.
    @Test func offsetPathUnknownLineJoinIsAnError() {
        let errors = T.errors(Self.lottie(Self.square + #", {"ty": "op", "a": {"a": 0, "k": 5}, "lj": 5}, "# + LottieShapeItemTests.redFill))
        #expect(errors.count == 1 && errors[0].hasSuffix(#"$.layers[0].shapes[0].it[1].lj: shape "op" (op): line join 5; expected 1 (miter), 2 (round) or 3 (bevel)"#), "\(errors)")
    }

    /// An animated amount is drawn as it is at each frame: 0 → 10 over
    /// frames 0…10 puts the left edge at x 15 at frame 5.
    @Test func offsetPathAnimatedAmount() throws {
        let amount = #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [10]}]}"#
        let json = Self.lottie(Self.square + #", {"ty": "op", "a": \#(amount), "lj": 1, "ml": {"a": 0, "k": 4}}, "# + LottieShapeItemTests.redFill)
        #expect(try Self.warnings(json).isEmpty)
        T.expect(try T.render(json), [(16, 30)], T.clear)
        T.expect(try T.render(json, at: 5.0 / 30), [(16, 30)], T.red)
        T.expect(try T.render(json, at: 5.0 / 30), [(14, 30)], T.clear)
        T.expect(try T.render(json, at: 10.0 / 30), [(11, 30)], T.red)
    }

    /// Zig Zag of size 5 with one ridge per segment: the square's corners
    /// move in along their diagonals (to 23.5…36.5), the middles of its
    /// sides out to 15 and 45, so its outline is an eight-pointed star.
    @Test func zigZagAlternatesAcrossThePath() throws {
        let json = Self.lottie(Self.square + #", {"ty": "zz", "s": {"a": 0, "k": 5}, "r": {"a": 0, "k": 1}, "pt": {"a": 0, "k": 1}}, "# + LottieShapeItemTests.redFill)
        let frame = try T.render(json)
        T.expect(frame, [(21, 21), (38, 38), (21, 38)], T.clear)
        T.expect(frame, [(29, 18), (18, 30), (41, 30), (30, 41), (30, 30)], T.red)
        #expect(try Self.warnings(json).isEmpty)
        // Smooth points: the same points joined by curves.
        let smooth = try T.scene(json.replacingOccurrences(of: #""pt": {"a": 0, "k": 1}"#, with: #""pt": {"a": 0, "k": 2}"#))
        #expect(smooth.contains(" C"), "\(smooth)")
    }

    /// Trim Paths of several paths: simultaneously (`m` 1) each path keeps
    /// its own first half, so both 20 pt lines are stroked over x 0…10 (they
    /// were trimmed as one long path); one after another (`m` 2) the first
    /// half of their joined length is the whole first line and none of the
    /// second. A trim that wraps past the end does so for each path.
    @Test func trimSimultaneouslyOrOneAfterAnother() throws {
        func line(_ y: Int) -> String {
            #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, \#(y)], [20, \#(y)]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        }
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 1, "lj": 1}"#
        func trimmed(mode: Int, offset: Int = 0) throws -> Bitmap {
            let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": \#(offset)}, "m": \#(mode)}"#
            return try T.render(T.lottie(T.shapeLayer([line(2), line(7), stroke, trim].joined(separator: ", "))))
        }
        let simultaneous = try trimmed(mode: 1)
        T.expect(simultaneous, [(1, 2), (9, 2), (1, 7), (9, 7)], T.red)
        T.expect(simultaneous, [(11, 2), (19, 2), (11, 7), (19, 7)], T.clear)
        let oneAfterAnother = try trimmed(mode: 2)
        T.expect(oneAfterAnother, [(1, 2), (19, 2)], T.red)
        T.expect(oneAfterAnother, [(1, 7), (19, 7)], T.clear)
        // 270°: each line keeps 75…100 % and 0…25 %.
        let wrapped = try trimmed(mode: 1, offset: 270)
        T.expect(wrapped, [(1, 2), (4, 2), (16, 7), (19, 7)], T.red)
        T.expect(wrapped, [(6, 2), (13, 7)], T.clear)
    }

    /// A dash offset that moves marches the dashes: dashes of 5 with gaps
    /// of 5 on a 20 pt line cover x 0…5 and 10…15 at frame 0; with the
    /// offset at 5 by frame 10, x 5…10 and 15…20. No warning.
    @Test func animatedDashOffsetMarches() throws {
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 5], [20, 5]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let offset = #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [5]}]}"#
        let dashes = #"[{"n": "d", "v": {"a": 0, "k": 5}}, {"n": "g", "v": {"a": 0, "k": 5}}, {"n": "o", "v": \#(offset)}]"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}, "lc": 1, "lj": 1, "d": \#(dashes)}"#
        let json = T.lottie(T.shapeLayer(line + ", " + stroke))
        #expect(try Self.warnings(json).isEmpty)
        let start = try T.render(json), moved = try T.render(json, at: 10.0 / 30)
        T.expect(start, [(2, 5), (12, 5)], T.red)
        T.expect(start, [(7, 5), (17, 5)], T.clear)
        T.expect(moved, [(7, 5), (17, 5)], T.red)
        T.expect(moved, [(2, 5), (12, 5)], T.clear)
    }

    /// A repeater whose copies and step move: 1 copy at frame 0, 3 by frame
    /// 10, the step growing from 6 to 8 pt; a 4×10 rect at x 0…4 is then at
    /// x 0…4, 8…12 and 16…20 (all opaque), and alone at frame 0. No warning.
    @Test func animatedRepeaterFollowsItsKeys() throws {
        func keys(_ a: String, _ b: String) -> String {
            #"{"a": 1, "k": [{"t": 0, "s": \#(a), "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": \#(b)}]}"#
        }
        let rp = #"{"ty": "rp", "c": \#(keys("[1]", "[3]")), "o": {"a": 0, "k": 0}, "m": 1, "tr": {"ty": "tr", "p": \#(keys("[6, 0]", "[8, 0]")), "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#
        let json = T.lottie(T.shapeLayer(T.redRect(2, 5, 4, 10) + ", " + rp))
        #expect(try Self.warnings(json).isEmpty)
        let start = try T.render(json), end = try T.render(json, at: 10.0 / 30)
        T.expect(start, [(1, 5)], T.red)
        T.expect(start, [(7, 5), (9, 5), (17, 5)], T.clear)
        T.expect(end, [(1, 5), (9, 5), (11, 5), (17, 5), (19, 5)], T.red)
        T.expect(end, [(5, 5), (7, 5), (13, 5), (15, 5)], T.clear)
    }
}
