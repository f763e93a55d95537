import Testing
import Geometry
@testable import SceneModel

/// Decoding of the colour filters: their order, ranges and names.
@Suite struct ColorFilterDecodingTests {
    @Test func filtersDecodeInTheirOrder() throws {
        let s = try MaskDecodingTests().decode(##"{"type": "rect", "size": [1, 1], "colorInvert": true, "grayscale": 0.5, "hueRotation": 30, "colorMultiply": "#FFFFFF"}"##)
        #expect(s.layers[0].effects.colorFilters == [.hueRotation(.constant(30)), .grayscale(.constant(0.5)),
                                                     .colorMultiply(.constant(Color(r: 1, g: 1, b: 1))), .colorInvert])
        #expect(try MaskDecodingTests().decode(#"{"type": "rect", "size": [1, 1], "colorInvert": false}"#)
            .layers[0].effects.colorFilters.isEmpty)
    }

    @Test(arguments: [
        (#"{"type": "rect", "size": [1, 1], "hueRotate": 30}"#,
         #"s.json:1:101: $.layers[0].hueRotate: unknown key "hueRotate" in a node of type "rect"; did you mean "hueRotation"?"#),
        (#"{"type": "rect", "size": [1, 1], "brightness": 1.5}"#,
         #"s.json:1:115: $.layers[0].brightness: expected a number ≥ -1 and ≤ 1, found 1.5"#),
        (#"{"type": "rect", "size": [1, 1], "grayscale": -0.5}"#,
         #"s.json:1:114: $.layers[0].grayscale: expected a number ≥ 0 and ≤ 1, found -0.5"#),
        (#"{"type": "rect", "size": [1, 1], "colorInvert": 1}"#,
         #"s.json:1:116: $.layers[0].colorInvert: expected true or false, found 1"#),
    ])
    func filterMistakesAreLocated(layers: String, message: String) {
        #expect(MaskDecodingTests().messages(layers) == [message])
    }

    /// A colour map takes a gradient's stops and an amount, after colorInvert.
    @Test func colorMapDecodesStopsAndAmount() throws {
        let s = try MaskDecodingTests().decode(##"{"type": "rect", "size": [1, 1], "colorMap": {"stops": [[0, "#000000"], [1, "#FF0000"]], "amount": 0.5}, "colorInvert": true}"##)
        let map = ColorMap(stops: GradientStops(stops: [(0, .constant(Color(r: 0, g: 0, b: 0))), (1, .constant(Color(r: 1, g: 0, b: 0)))]),
                           amount: .constant(0.5))
        #expect(s.layers[0].effects.colorFilters == [.colorInvert, .colorMap(map)])
        let even = try MaskDecodingTests().decode(##"{"type": "rect", "size": [1, 1], "colorMap": {"colors": ["#000000", "#FF0000"]}}"##)
        #expect(even.layers[0].effects.colorFilters == [.colorMap(ColorMap(stops: map.stops, amount: .constant(1)))])
    }

    @Test(arguments: [
        (#"{"type": "rect", "size": [1, 1], "colorMap": {"colors": ["red"], "amout": 1}}"#,
         #"s.json:1:133: $.layers[0].colorMap.amout: unknown key "amout" in a colour map; did you mean "amount"?"#),
        (#"{"type": "rect", "size": [1, 1], "colorMap": {"colors": ["red"], "amount": 2}}"#,
         #"s.json:1:143: $.layers[0].colorMap.amount: expected a number ≥ 0 and ≤ 1, found 2"#),
        (#"{"type": "rect", "size": [1, 1], "colorMap": {"amount": 1}}"#,
         #"s.json:1:113: $.layers[0].colorMap: a gradient needs "colors" or "stops""#),
        (#"{"type": "rect", "size": [1, 1], "colorMapp": {"colors": ["red"]}}"#,
         #"s.json:1:101: $.layers[0].colorMapp: unknown key "colorMapp" in a node of type "rect"; did you mean "colorMap"?"#),
    ])
    func colorMapMistakesAreLocated(layers: String, message: String) {
        #expect(MaskDecodingTests().messages(layers) == [message])
    }

    @Test func levelsDecodeOneOrAList() throws {
        let one = try MaskDecodingTests().decode(#"{"type": "rect", "size": [1, 1], "levels": {"gamma": 2}}"#)
        let expected = Levels(channels: .rgb, inputBlack: .constant(0), inputWhite: .constant(1), gamma: .constant(2),
                              outputBlack: .constant(0), outputWhite: .constant(1))
        #expect(one.layers[0].effects.colorFilters == [.levels([expected])])
        let list = try MaskDecodingTests().decode(#"{"type": "rect", "size": [1, 1], "levels": [{"channels": "alpha"}, {"gamma": 2}]}"#)
        var alpha = expected
        alpha.channels = .alpha
        alpha.gamma = .constant(1)
        #expect(list.layers[0].effects.colorFilters == [.levels([alpha, expected])])
    }

    @Test(arguments: [
        (#"{"type": "rect", "size": [1, 1], "levels": {"channels": "gren"}}"#,
         #"s.json:1:124: $.layers[0].levels.channels: expected one of "rgb", "red", "green", "blue", "alpha", found "gren"; did you mean "green"?"#),
        (#"{"type": "rect", "size": [1, 1], "levels": {"gama": 2}}"#,
         #"s.json:1:112: $.layers[0].levels.gama: unknown key "gama" in levels; did you mean "gamma"?"#),
        (#"{"type": "rect", "size": [1, 1], "levels": [{"gamma": 0}]}"#,
         #"s.json:1:122: $.layers[0].levels[0].gamma: expected a number ≥ 0.01, found 0"#),
        (#"{"type": "rect", "size": [1, 1], "levels": {"inputWhite": 2}}"#,
         #"s.json:1:126: $.layers[0].levels.inputWhite: expected a number ≥ 0 and ≤ 1, found 2"#),
    ])
    func levelsMistakesAreLocated(layers: String, message: String) {
        #expect(MaskDecodingTests().messages(layers) == [message])
    }
}
