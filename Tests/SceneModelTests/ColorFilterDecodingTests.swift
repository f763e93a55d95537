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
}
