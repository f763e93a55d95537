import Testing
import Lottie

/// A layer's skew along an axis (`sk`, `sa`), drawn and checked at pixels
/// worked out from lottie-web's composition p · R(r) · K · S · (−a), where
/// K shears along x between turns by the axis (helpers from `LottieTests`).
@Suite struct LottieSkewAxisTests {
    typealias T = LottieTests

    /// A 20×20 red square centred on the layer's position (30, 30) of a
    /// 60×60 animation, skewed by `skew` along `axis`.
    static func skewed(_ skew: Int, axis: Int) -> String {
        let ks = #"{"p": {"a": 0, "k": [30, 30]}, "sk": {"a": 0, "k": \#(skew)}, "sa": {"a": 0, "k": \#(axis)}}"#
        let square = #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, "#
        return #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 60, "h": 60, "layers": [\#(T.shapeLayer(square + LottieShapeItemTests.redFill, ks: ks))]}"#
    }

    /// Skewed 45° along the vertical axis, the square's columns slide down
    /// by their x (y' = y + x about the centre): its left edge spans y
    /// 10…30 and its right edge 30…50, as ThorVG draws it too. Along x
    /// (axis 0) the same skew slides its rows the other way by their y
    /// (x' = x − y): the top row spans x 30…50, the bottom one 10…30. No warning
    /// either way (the axis used to be dropped with one).
    @Test func skewAxisTurnsTheShear() throws {
        let vertical = try T.render(Self.skewed(45, axis: 90))
        T.expect(vertical, [(21, 12), (21, 28), (38, 32), (38, 46), (30, 30)], T.red)
        T.expect(vertical, [(21, 32), (38, 26), (21, 45), (38, 12)], T.clear)
        let horizontal = try T.render(Self.skewed(45, axis: 0))
        T.expect(horizontal, [(45, 21), (15, 38), (30, 30)], T.red)
        T.expect(horizontal, [(15, 21), (45, 38), (21, 12), (38, 48)], T.clear)
        for axis in [0, 90] {
            #expect(try LottieImport.convert(Array(Self.skewed(45, axis: axis).utf8), file: "a.json", imageExists: { _ in true }).warnings.isEmpty)
        }
    }
}
