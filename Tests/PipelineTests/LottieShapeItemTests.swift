import Testing
import Evaluation
import Lottie
import Pixels
import Raster
import SceneModel

/// Lottie's time origin, moving paths and shape modifiers, drawn and checked
/// at pixels worked out by hand (helpers from `LottieTests`).
@Suite struct LottieShapeItemTests {
    typealias T = LottieTests

    static func path(_ points: [(Double, Double)]) -> String {
        let v = points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
        let zeros = Array(repeating: "[0, 0]", count: points.count).joined(separator: ", ")
        return #"{"c": true, "v": [\#(v)], "i": [\#(zeros)], "o": [\#(zeros)]}"#
    }

    static func square(_ x: Double, _ y: Double, _ side: Double) -> String {
        path([(x, y), (x + side, y), (x + side, y + side), (x, y + side)])
    }

    static let redFill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#

    /// The canvas starts at the in point: ip 30 at 30 fps puts the first of
    /// its op − ip frames at 1 s, so frame 15 is the animation's frame 45.
    @Test func canvasStartsAtTheInPoint() throws {
        let json = #"{"v": "5.7.4", "fr": 30, "ip": 30, "op": 60, "w": 20, "h": 10, "layers": [\#(T.solid(ind: 1, 20, 10, ip: 45, op: 46))]}"#
        let scene = try SceneDecoder.decode(Array(try T.scene(json).utf8), file: "a.json")
        #expect(scene.canvas.start == 1)
        #expect(scene.canvas.frameCount == 30)
        #expect(scene.canvas.time(ofFrame: 15) == 1.5)
        #expect(scene.canvas.frame(at: 1.5) == 15)
        T.expect(try T.render(json, at: 1.5), [(10, 5)], T.red)
        T.expect(try T.render(json, at: 1.4), [(10, 5)], T.clear)
        let late = #"{"v": "5.7.4", "fr": 30, "ip": 120000, "op": 120030, "w": 20, "h": 10, "layers": []}"#
        let errors = T.errors(late)
        #expect(errors.count == 1 && errors[0].hasSuffix("$.ip: in point 120000 is at 4000 s; it must be ≥ -3600 and ≤ 3600"), "\(errors)")
    }

    /// An animated `sh` becomes keyframed path data with the shape's own
    /// keys, so a time between frames is drawn where the points are then:
    /// a 10×10 square moving 1 pt per frame is at x 10.5…20.5 at frame 10.5,
    /// its edge pixels half covered.
    @Test func movingPathIsAMorphExactBetweenFrames() throws {
        let ks = #"{"a": 1, "k": [{"t": 0, "s": [\#(Self.square(0, 0, 10))], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20, "s": [\#(Self.square(20, 0, 10))]}]}"#
        let json = T.lottie(T.shapeLayer(#"{"ty": "sh", "ks": \#(ks)}, "# + Self.redFill), width: "40")
        let text = try T.scene(json)
        #expect(text.contains(#"{"t": 0, "value": "M0 0 L10 0 L10 10 L0 10 L0 0 Z"},"#), "\(text)")
        #expect(text.contains(#"{"t": 0.666667, "value": "M20 0 L30 0 L30 10 L20 10 L20 0 Z"}"#), "\(text)")
        // One node, not a copy per frame: only the layer's in and out points are an expression.
        #expect(text.components(separatedBy: "visible").count == 2, "\(text)")
        let frame = try T.render(json, at: 10.5 / 30)
        T.expect(frame, [(11, 5), (19, 5)], T.red)
        T.expect(frame, [(9, 5), (21, 5)], T.clear)
        for x in [10, 20] { #expect((100...155).contains(Int(frame.pixel(x: x, y: 5).a)), "at x \(x): \(frame.pixel(x: x, y: 5))") }
    }

    /// Round Corners on a path: a 10×10 square rounded by 5 is a circle
    /// (each corner moved halfway along both edges): its corners are clear,
    /// the middles of its sides and its centre filled.
    @Test func roundCornersOfAPath() throws {
        let items = #"{"ty": "sh", "ks": {"a": 0, "k": \#(Self.square(0, 0, 10))}}, {"ty": "rd", "r": {"a": 0, "k": 5}}, "# + Self.redFill
        let frame = try T.render(T.lottie(T.shapeLayer(items)))
        T.expect(frame, [(0, 0), (9, 0), (0, 9), (9, 9)], T.clear)
        T.expect(frame, [(5, 5), (5, 1), (1, 5), (8, 5), (5, 8)], T.red)
    }

    /// Merge paths, subtract: the paths above are cut out of the last one
    /// (the 20×10 rect), so its left half is gone.
    @Test func mergeSubtractCutsTheUpperPathsFromTheLast() throws {
        let items = #"{"ty": "sh", "ks": {"a": 0, "k": \#(Self.square(0, 0, 10))}}, {"ty": "rc", "p": {"a": 0, "k": [10, 5]}, "s": {"a": 0, "k": [20, 10]}, "r": {"a": 0, "k": 0}}, {"ty": "mm", "mm": 3}, "# + Self.redFill
        let frame = try T.render(T.lottie(T.shapeLayer(items)))
        T.expect(frame, [(0, 0), (5, 5), (9, 9)], T.clear)
        T.expect(frame, [(10, 0), (15, 5), (19, 9)], T.red)
    }

    /// A merge takes in the groups above it: their own paints draw nothing,
    /// the paints below draw their paths (red, not the group's blue).
    @Test func mergeTakesInTheGroupsAbove() throws {
        let blue = #"{"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}"#
        let items = #"{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": \#(Self.square(0, 0, 10))}}, \#(blue), {"ty": "tr"}]}, {"ty": "mm", "mm": 1}, "# + Self.redFill
        let frame = try T.render(T.lottie(T.shapeLayer(items)))
        T.expect(frame, [(0, 0), (9, 9)], T.red)
        T.expect(frame, [(10, 0)], T.clear)
    }
}

extension LottieShapeItemTests {
    /// A repeater of 3 copies 6 pt apart: a 4×10 rect at x 0…4 is drawn at
    /// x 0…4, 6…10 and 12…16, at opacities from 100 % to 50 % (start to end).
    @Test func repeaterDrawsCopiesStepByStep() throws {
        let rp = #"{"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"a": 0, "k": [6, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 50}}}"#
        let frame = try T.render(T.lottie(T.shapeLayer(T.redRect(2, 5, 4, 10) + ", " + rp)))
        T.expect(frame, [(0, 5), (3, 5)], T.red)
        T.expect(frame, [(4, 5), (5, 5), (10, 5), (11, 5), (16, 5)], T.clear)
        #expect(frame.pixel(x: 8, y: 5).a == 191)
        #expect(frame.pixel(x: 14, y: 5).a == 128)
    }
}

extension LottieShapeItemTests {
    /// Trim Paths wraps past the path's end: half of a 20 pt line offset by
    /// three quarters of a turn keeps x 15…20 and 0…5; an offset turning
    /// from 0° to 360° over the second keeps x 10…20 halfway (t 0.5) and
    /// wraps again at t 0.75.
    @Test func trimOffsetWrapsAroundAndMoves() throws {
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 5], [20, 5]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}"#
        func trim(_ offset: String) -> String {
            T.lottie(T.shapeLayer(line + #", {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": \#(offset), "m": 1}, "# + stroke))
        }
        let wrapped = try T.render(trim(#"{"a": 0, "k": 270}"#))
        T.expect(wrapped, [(0, 5), (4, 5), (15, 5), (19, 5)], T.red)
        T.expect(wrapped, [(6, 5), (10, 5), (13, 5)], T.clear)
        let turning = trim(#"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [360]}]}"#)
        let half = try T.render(turning, at: 0.5)
        T.expect(half, [(10, 5), (19, 5)], T.red)
        T.expect(half, [(0, 5), (9, 5)], T.clear)
        let threeQuarters = try T.render(turning, at: 0.75)
        T.expect(threeQuarters, [(0, 5), (4, 5), (15, 5), (19, 5)], T.red)
        T.expect(threeQuarters, [(6, 5), (13, 5)], T.clear)
    }

    /// A Trim Paths below a group cuts the paths inside it, also those its
    /// own stroke draws (the stroke above the trim): a group stroking a
    /// 20 pt line, then a trim keeping the first half, strokes x 0…10 only;
    /// so does a trim below the stroke in the group.
    @Test func trimBelowAGroupCutsThePathsItsStrokeDraws() throws {
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 5], [20, 5]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}"#
        func trim(_ s: Int, _ e: Int) -> String { #"{"ty": "tm", "s": {"a": 0, "k": \#(s)}, "e": {"a": 0, "k": \#(e)}, "o": {"a": 0, "k": 0}, "m": 1}"# }
        func layer(_ inner: String) -> String {
            T.lottie(#"{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": [{"ty": "gr", "it": [\#(inner), {"ty": "tr"}]}, \#(trim(0, 50))]}"#)
        }
        let outer = try T.render(layer(line + ", " + stroke))
        T.expect(outer, [(1, 5), (9, 5)], T.red)
        T.expect(outer, [(11, 5), (19, 5)], T.clear)
        let below = try T.render(T.lottie(T.shapeLayer(line + ", " + stroke + ", " + trim(0, 50))))
        T.expect(below, [(1, 5), (9, 5)], T.red)
        T.expect(below, [(11, 5), (19, 5)], T.clear)
    }

    /// A trim whose start is past its end keeps the part between them, as
    /// After Effects does (it was drawn as nothing): s 75 %, e 25 % of a
    /// 20 pt line keeps x 5…15; a trim keeping all of it below changes nothing.
    @Test func trimWithStartPastEndKeepsThePartBetween() throws {
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 5], [20, 5]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}"#
        let trims = #"{"ty": "tm", "s": {"a": 0, "k": 75}, "e": {"a": 0, "k": 25}, "o": {"a": 0, "k": 0}, "m": 1}, {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let frame = try T.render(T.lottie(T.shapeLayer([line, trims, stroke].joined(separator: ", "))))
        T.expect(frame, [(6, 5), (13, 5)], T.red)
        T.expect(frame, [(3, 5), (16, 5)], T.clear)
    }
}
