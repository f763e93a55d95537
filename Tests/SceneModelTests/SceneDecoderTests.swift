import Testing
import Animation
import Geometry
@testable import SceneModel

@Suite struct SceneDecoderTests {
    static let canvas = #""canvas": {"width": 100, "height": 50, "duration": 1}"#

    func decode(_ json: String) throws(SceneLoadError) -> Scene {
        try SceneDecoder.decode(Array(json.utf8), file: "s.json")
    }

    func messages(_ json: String) -> [String] {
        do {
            _ = try decode(json)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func decodesCanvasWithDefaults() throws {
        let s = try decode("{\(Self.canvas)}")
        #expect(try s.canvas == Canvas(width: 100, height: 50, scale: 1, fps: 60, duration: 1, background: .clear))
        #expect(s.canvas.frameCount == 60)
        #expect(s.layers.isEmpty)
    }

    /// Every SwiftUI `BlendMode` name decodes; `plusLighter` is `plus`.
    @Test func blendTakesEverySwiftUIBlendModeName() throws {
        let names = BlendMode.allCases.map(\.rawValue) + ["plusLighter"]
        let layers = names.map { #"{"type": "rect", "size": [1, 1], "blend": "\#($0)"}"# }.joined(separator: ", ")
        let s = try decode(#"{\#(Self.canvas), "layers": [\#(layers)]}"#)
        #expect(s.layers.map(\.effects.blend) == BlendMode.allCases + [.plus])
        #expect(names.contains("hue") && names.contains("plusDarker") && names.contains("destinationOut"))
    }

    @Test func frameCountRoundsHalvesUp() throws {
        let s = try decode(#"{"canvas": {"width": 1, "height": 1, "fps": 10, "duration": 0.25}}"#)
        #expect(s.canvas.frameCount == 3)
    }

    @Test func parsesColourSpellings() throws {
        #expect(ColorLiteral.parse("#F00") == Color(r: 1, g: 0, b: 0))
        #expect(ColorLiteral.parse("#00FF0080") == Color(r: 0, g: 1, b: 0, a: 128.0 / 255))
        #expect(ColorLiteral.parse("blue") == Color(r: 0, g: 122.0 / 255, b: 1))
        #expect(ColorLiteral.parse("#12") == nil)
    }

    @Test func decodesNodesAndKeyframes() throws {
        let s = try decode("""
            {\(Self.canvas), "layers": [
              {"type": "rect", "size": [10, 20], "cornerRadius": [1, 2, 3, 4], "fill": "red",
               "rotation": {"keyframes": [{"t": 0, "value": 0}, {"t": 1, "value": 90, "curve": "easeIn"}], "repeat": "loop"}},
              {"type": "group", "opacity": 0.5, "children": [{"type": "circle", "radius": 3}]}
            ]}
            """)
        #expect(s.layers.count == 2)
        guard case .shape(let rect) = s.layers[0].kind, case .rect(let size, let radii) = rect.geometry else {
            Issue.record("not a rect"); return
        }
        #expect(size == .constant(10, 20))
        #expect(radii == [.constant(1), .constant(2), .constant(3), .constant(4)])
        guard case .keyframes(let k) = s.layers[0].rotation else { Issue.record("not keyframes"); return }
        #expect(k.repeatMode == .loop && k.keys[1].curve == .easeIn)
        #expect(s.layers[1].opacity == .constant(0.5))
    }

    /// Every problem of a file comes back at once, each with file, line:column,
    /// JSON path and what was expected.
    @Test func reportsAllProblemsAtOnce() {
        let json = """
            {"canvas": {"width": 10, "heigth": 5, "duration": -1},
             "layers": [{"type": "rekt"}, {"type": "rect", "size": [1, "a"], "fill": "#12"}],
             "layers": []}
            """
        #expect(messages(json) == [
            #"s.json:3:2: $.layers: duplicate key "layers""#,
            #"s.json:1:26: $.canvas.heigth: unknown key "heigth" in canvas; did you mean "height"?"#,
            #"s.json:1:12: $.canvas: missing required key "height""#,
            "s.json:1:51: $.canvas.duration: expected a number > 0 and ≤ 3600, found -1",
            #"s.json:2:22: $.layers[0].type: expected a node type (rect, circle, ellipse, capsule, arc, line, polygon, path, shape, group, image, video, text, emitter, use, sequence, hstack, vstack, zstack, replicator), found "rekt"; did you mean "rect"?"#,
            #"s.json:2:60: $.layers[1].size[1]: expected a number ≥ 0, found "a""#,
            ##"s.json:2:74: $.layers[1].fill: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA" or a name), found "#12""##,
        ])
    }

    @Test(arguments: [
        (#"{"canvas": {"width": 10, "height": 10, "duration": 1, "fps": 0}}"#,
         "s.json:1:62: $.canvas.fps: expected a number > 0 and ≤ 240, found 0"),
        (#"{"canvas": {"width": 10000, "height": 10, "scale": 3, "duration": 1}}"#,
         "s.json:1:12: $.canvas: canvas is 30000×30 pixels (width × scale, height × scale); each side must be 1…16384"),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"type": "circle"}]}"#,
         #"s.json:1:67: $.layers[0]: a circle needs "radius" or "size""#),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"type": "ellipse", "size": [1, 1], "opacty": 1}]}"#,
         #"s.json:1:103: $.layers[0].opacty: unknown key "opacty" in a node of type "ellipse"; did you mean "opacity"?"#),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"type": "rect", "size": [1, 1], "opacity": 2}]}"#,
         "s.json:1:111: $.layers[0].opacity: expected a number ≥ 0 and ≤ 1, found 2"),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"type": "rect", "size": [1, 1], "rotation": {"keyframes": [{"t": 1, "value": 0}, {"t": 0, "value": 1, "curve": "easeInOutt"}]}}]}"#,
         #"s.json:1:179: $.layers[0].rotation.keyframes[1].curve: expected a curve ("linear", "easeIn", "easeOut", "easeInOut", "hold" or {"cubicBezier": [x1, y1, x2, y2]}), found "easeInOutt"; did you mean "easeInOut"?"#),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"type": "rect", "size": [1, 1], "rotation": {"keyframes": [{"t": 1, "value": 0}, {"t": 0, "value": 1}], "repeat": "bounce"}}]}"#,
         #"s.json:1:182: $.layers[0].rotation.repeat: expected one of "none", "loop", "pingpong", found "bounce""#),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "version": 2}"#,
         "s.json:1:67: $.version: unsupported version 2; this Reel reads version 1"),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": {}}"#,
         "s.json:1:66: $.layers: expected an array of layers, found an object"),
    ])
    func reportsOneProblem(json: String, message: String) {
        #expect(messages(json).first == message)
    }
}
