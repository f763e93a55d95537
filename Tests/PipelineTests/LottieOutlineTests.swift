import Testing
import Evaluation
import Lottie
import Pixels
import Raster
import SceneModel

/// Gradient highlights, merges that exclude, masks grown, shrunk or
/// feathered, moving polystars and pucker, drawn and checked at pixels
/// worked out by hand (helpers from `LottieTests`).
@Suite struct LottieOutlineTests {
    typealias T = LottieTests
    typealias S = LottieShapeItemTests

    static let canvas = #"{"ty": "rc", "p": {"a": 0, "k": [10, 5]}, "s": {"a": 0, "k": [20, 10]}, "r": {"a": 0, "k": 0}}"#

    /// A red → blue radial gradient about (10, 5) of radius 10, its
    /// highlight `h` percent of the radius at `a` degrees.
    static func highlighted(_ h: Double, _ a: Double) -> String {
        let fill = #"{"ty": "gf", "t": 2, "s": {"a": 0, "k": [10, 5]}, "e": {"a": 0, "k": [20, 5]}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "h": {"a": 0, "k": \#(h)}, "a": {"a": 0, "k": \#(a)}, "o": {"a": 0, "k": 100}, "r": 1}"#
        return T.lottie(T.shapeLayer(canvas + ", " + fill))
    }

    /// The highlight moves the gradient's focus (its first colour) half the
    /// radius towards the end point, or (at 180°) away from it: the pixel
    /// there is nearly red where the plain gradient is halfway to blue.
    /// The circles from the focus (15, 5) to the end circle are centred at
    /// (15 − 5t, 5), of radius 10t: the one through (15.5, 5.5) has
    /// t = (5 + √175) / 150 = 0.121 (red 224), through (19.5, 5.5)
    /// t = (45 + √8175) / 150 = 0.903 (blue 230); ±3 for the dither.
    @Test func gradientHighlightIsTheFocus() throws {
        let plain = try T.render(Self.highlighted(0, 0)), focused = try T.render(Self.highlighted(50, 0))
        let turned = try T.render(Self.highlighted(50, 180))
        #expect((100...160).contains(plain.pixel(x: 15, y: 5).r), "\(plain.pixel(x: 15, y: 5))")
        #expect(abs(Int(focused.pixel(x: 15, y: 5).r) - 224) <= 3, "\(focused.pixel(x: 15, y: 5))")
        #expect(abs(Int(turned.pixel(x: 4, y: 5).r) - 224) <= 3, "\(turned.pixel(x: 4, y: 5))")
        #expect(abs(Int(focused.pixel(x: 19, y: 5).b) - 230) <= 3, "\(focused.pixel(x: 19, y: 5))")
        #expect(focused.pixel(x: 15, y: 5).a == 255 && focused.pixel(x: 0, y: 0).a == 255)
    }

    /// Merge mode 5 excludes: two squares overlapping at x 5…10 leave it a hole.
    @Test func mergeExcludeLeavesTheOverlapEmpty() throws {
        let paths = #"{"ty": "sh", "ks": {"a": 0, "k": \#(S.square(0, 0, 10))}}, {"ty": "sh", "ks": {"a": 0, "k": \#(S.square(5, 0, 10))}}"#
        let frame = try T.render(T.lottie(T.shapeLayer(paths + #", {"ty": "mm", "mm": 5}, "# + S.redFill)))
        T.expect(frame, [(1, 5), (4, 5), (11, 5), (14, 5)], T.red)
        T.expect(frame, [(5, 5), (9, 5), (16, 5)], T.clear)
    }

    /// A red layer masked by the square x 4…16, y 1…9: expanded by 1 it
    /// shows x 3…17; by −2, x 6…14; feathered by 4 (a blur of radius 2)
    /// its edge is about half covered, its middle nearly whole.
    @Test func maskExpansionAndFeather() throws {
        func masked(_ keys: String) throws -> Bitmap {
            let mask = #", "masksProperties": [{"mode": "a", "inv": false, "pt": {"a": 0, "k": \#(S.path([(4, 1), (16, 1), (16, 9), (4, 9)]))}, "o": {"a": 0, "k": 100}\#(keys)}]"#
            return try T.render(T.lottie(T.solid(ind: 1, 20, 10, extra: mask)))
        }
        let grown = try masked(#", "x": {"a": 0, "k": 1}"#)
        T.expect(grown, [(3, 5), (16, 5), (10, 0)], T.red)
        T.expect(grown, [(2, 5), (17, 5)], T.clear)
        let shrunk = try masked(#", "x": {"a": 0, "k": -2}"#)
        T.expect(shrunk, [(6, 5), (13, 5), (10, 3)], T.red)
        T.expect(shrunk, [(5, 5), (14, 5), (10, 2)], T.clear)
        let feathered = try masked(#", "f": {"a": 0, "k": [4, 4]}"#)
        #expect((90...165).contains(feathered.pixel(x: 4, y: 5).a), "\(feathered.pixel(x: 4, y: 5))")
        #expect(feathered.pixel(x: 10, y: 5).a >= 230, "\(feathered.pixel(x: 10, y: 5))")
    }

    /// Masks that compare values, After Effects' way: over a red layer, the
    /// square x 2…12 (opacity 100 %) then x 8…18 at 50 %. Lighten keeps the
    /// higher value (1, 1, ½ over x 2…8, 8…12, 12…18), darken the lower
    /// (0, ½, 0), difference their difference (1, ½, ½); ±1 for the 8-bit
    /// grey levels the values pass through.
    @Test func maskModesLightenDarkenDifference() throws {
        func masked(_ mode: String) throws -> Bitmap {
            func mask(_ mode: String, _ x: Double, _ opacity: Double) -> String {
                #"{"mode": "\#(mode)", "inv": false, "pt": {"a": 0, "k": \#(S.path([(x, 1), (x + 10, 1), (x + 10, 9), (x, 9)]))}, "o": {"a": 0, "k": \#(opacity)}}"#
            }
            let json = T.lottie(T.solid(ind: 1, 20, 10, extra: #", "masksProperties": [\#(mask("a", 2, 100)), \#(mask(mode, 8, 50))]"#))
            #expect(T.errors(json).isEmpty)
            return try T.render(json)
        }
        func alphas(_ frame: Bitmap) -> [Int] { [0, 5, 10, 15, 19].map { Int(frame.pixel(x: $0, y: 5).a) } }
        for (mode, expected) in [("l", [0, 255, 255, 128, 0]), ("d", [0, 0, 128, 0, 0]), ("f", [0, 255, 128, 128, 0])] {
            let frame = try masked(mode), found = alphas(frame)
            #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 1 }, "mode \(mode): \(found)")
            #expect(frame.pixel(x: 10, y: 0).a == 0, "mode \(mode)")
        }
    }

    /// The first mask compares with nothing, so in any mode but subtract
    /// it is the mask itself: a lone difference (or lighten, darken) mask
    /// at 50 % draws the bytes of the same mask added, without the full-size
    /// grey layers that comparing masks are drawn with (they made layers
    /// of After Effects' solids masked so draw several frames' worth of
    /// pixels per mask).
    @Test func loneComparingMaskIsTheMaskItself() throws {
        func json(_ mode: String) -> String {
            let mask = #"{"mode": "\#(mode)", "inv": false, "pt": {"a": 0, "k": \#(S.path([(2.5, 1), (12.5, 1), (12.5, 9), (2.5, 9)]))}, "o": {"a": 0, "k": 50}}"#
            return T.lottie(T.solid(ind: 1, 20, 10, extra: #", "masksProperties": [\#(mask)]"#))
        }
        let added = try T.render(json("a"))
        #expect(added.pixel(x: 5, y: 5).a == 128 && added.pixel(x: 15, y: 5).a == 0)
        for mode in ["l", "d", "f"] {
            #expect(try T.render(json(mode)) == added, "mode \(mode)")
            #expect(!(try T.scene(json(mode))).contains("luminance"), "mode \(mode)")
        }
    }

    /// A chain of masks with one that compares values is drawn flat (every
    /// mask a grey layer blended over the ones before), so a long chain
    /// stays within the scene's nesting limit; subtract and intersect
    /// combine there as they do alone: 16 masks of x 2…12 (lighten, then
    /// darken, …), the last subtracting x 0…4, leave x 4…12.
    @Test func longMaskChainWithComparingModesStaysShallow() throws {
        func mask(_ mode: String, _ x: Double, _ width: Double) -> String {
            #"{"mode": "\#(mode)", "inv": false, "pt": {"a": 0, "k": \#(S.path([(x, 1), (x + width, 1), (x + width, 9), (x, 9)]))}, "o": {"a": 0, "k": 100}}"#
        }
        let masks = (0..<15).map { mask($0 % 2 == 0 ? "l" : "d", 2, 10) } + [mask("s", 0, 4)]
        let json = T.lottie(T.solid(ind: 1, 20, 10, extra: #", "masksProperties": [\#(masks.joined(separator: ", "))]"#))
        let frame = try T.render(json)
        T.expect(frame, [(4, 5), (11, 5)], T.red)
        T.expect(frame, [(1, 5), (3, 5), (12, 5), (10, 0)], T.clear)
    }

    /// A polygon whose outer radius moves is drawn at every frame's radius:
    /// four points turned 45° make a square about (10, 5), half-side 5 at
    /// frame 0 and 7.5 halfway to half-side 10 at frame 30.
    @Test func animatedPolystarMoves() throws {
        let radius = #"{"a": 1, "k": [{"t": 0, "s": [7.0710678], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [14.1421356]}]}"#
        let star = #"{"ty": "sr", "sy": 2, "p": {"a": 0, "k": [10, 5]}, "pt": {"a": 0, "k": 4}, "or": \#(radius), "r": {"a": 0, "k": 45}}"#
        let json = T.lottie(T.shapeLayer(star + ", " + S.redFill))
        let first = try T.render(json), half = try T.render(json, at: 0.5)
        T.expect(first, [(6, 5), (13, 5)], T.red)
        T.expect(first, [(4, 5), (15, 5)], T.clear)
        T.expect(half, [(3, 5), (16, 5)], T.red)
        T.expect(half, [(1, 5), (18, 5)], T.clear)
    }

    /// Pucker & Bloat −100 % on the square (0, 0)…(10, 10): each corner
    /// moves as far again from the centre (5, 5), each tangent's end onto
    /// the centre, so every side is a cubic from corner to corner with both
    /// controls at the centre, dipping to 2.5 from the square's side midway:
    /// (5, 1) and (1, 5) are outside, (5, 3), (3, 5) and the centre inside.
    @Test func puckerPullsTheSidesIn() throws {
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": \#(S.square(0, 0, 10))}}, {"ty": "pb", "a": {"a": 0, "k": -100}}"#
        let frame = try T.render(T.lottie(T.shapeLayer(square + ", " + S.redFill)))
        T.expect(frame, [(5, 5), (5, 3), (3, 5)], T.red)
        T.expect(frame, [(5, 1), (1, 5)], T.clear)
    }
}
