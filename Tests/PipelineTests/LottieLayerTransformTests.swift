import Testing
import Lottie

/// A layer's skew along an axis (`sk`, `sa`) and a 3D layer's turns about
/// x and y, drawn and checked at pixels worked out from lottie-web's
/// composition p · R · K · S · (−a), where K shears along x between turns by
/// the axis, and from lottie-ios's CATransform3D of no perspective (helpers
/// from `LottieTests`).
@Suite struct LottieLayerTransformTests {
    typealias T = LottieTests

    /// A 20×20 red square centred on the layer's position (30, 30) of a
    /// 60×60 animation, its transform's other keys `ks`.
    static func square(ks: String, extra: String = "") -> String {
        let square = #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, "#
        let layer = T.shapeLayer(square + LottieShapeItemTests.redFill, ks: #"{"p": {"a": 0, "k": [30, 30]}, "# + ks + "}", extra: extra)
        return #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 60, "h": 60, "layers": [\#(layer)]}"#
    }

    static func skewed(_ skew: Int, axis: Int) -> String {
        square(ks: #""sk": {"a": 0, "k": \#(skew)}, "sa": {"a": 0, "k": \#(axis)}"#)
    }

    static func warnings(_ json: String) throws -> [String] {
        try LottieImport.convert(Array(json.utf8), file: "a.json", imageExists: { _ in true }).warnings.map(\.description)
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
        for axis in [0, 90] { #expect(try Self.warnings(Self.skewed(45, axis: axis)).isEmpty) }
    }

    /// A 3D layer turned 60° about y is seen half as wide (cos 60°: x
    /// 25…35), about x half as tall (y 25…35), without perspective, so both
    /// halves stay straight. A 2D layer has no such turns in After Effects
    /// (nor in lottie-ios's frames): its `ry` is not drawn. A 3D layer used
    /// to be drawn flat, its turns dropped.
    @Test func threeDLayerTurnsAboutXAndYWithoutPerspective() throws {
        let aboutY = try T.render(Self.square(ks: #""ry": {"a": 0, "k": 60}"#, extra: #", "ddd": 1"#))
        T.expect(aboutY, [(26, 21), (33, 38), (30, 30)], T.red)
        T.expect(aboutY, [(23, 30), (36, 30)], T.clear)
        let aboutX = try T.render(Self.square(ks: #""rx": {"a": 0, "k": 60}"#, extra: #", "ddd": 1"#))
        T.expect(aboutX, [(21, 26), (38, 33), (30, 30)], T.red)
        T.expect(aboutX, [(30, 23), (30, 36)], T.clear)
        let flat = Self.square(ks: #""ry": {"a": 0, "k": 60}"#)
        T.expect(try T.render(flat), [(21, 21), (38, 38)], T.red)
        #expect(try Self.warnings(flat).isEmpty)
    }
}
