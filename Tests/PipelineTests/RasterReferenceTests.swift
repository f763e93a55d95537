import Testing
import Evaluation
import Raster
import SceneModel

/// One small scene per rasterizer feature, compared with its reference image
/// (References/*.png, 64×64 or so), exactly: rendering is integer and
/// fixed-order arithmetic, the same bytes on every machine, so a difference
/// of one in one channel is a real change in the output.
@Suite struct RasterReferenceTests {
    static let tolerance = 0

    static let cases: [(name: String, layers: String)] = [
        ("rect-corner-radii", ##"{"type": "rect", "position": [32, 32], "size": [48, 36], "cornerRadius": [16, 0, 8, 2], "fill": "#1F5BFF"}"##),
        ("circle-ellipse-capsule", ##"{"type": "circle", "position": [16, 16], "radius": 12, "fill": "red"}, {"type": "ellipse", "position": [44, 18], "size": [34, 20], "fill": "green"}, {"type": "capsule", "position": [32, 48], "size": [52, 16], "fill": "blue"}"##),
        ("arc-round-caps", ##"{"type": "arc", "position": [32, 32], "size": [44, 44], "startAngle": -90, "endAngle": 135, "stroke": {"color": "black", "width": 6, "cap": "round"}}"##),
        ("stroke-joins", ##"{"type": "polygon", "position": [18, 32], "points": [[0, 40], [10, 0], [20, 40]], "stroke": {"color": "black", "width": 5, "join": "miter"}}, {"type": "polygon", "position": [46, 32], "points": [[0, 40], [10, 0], [20, 40]], "stroke": {"color": "black", "width": 5, "join": "round"}}"##),
        ("line-caps", ##"{"type": "line", "from": [12, 14], "to": [52, 14], "stroke": {"color": "black", "width": 8, "cap": "butt"}}, {"type": "line", "from": [12, 32], "to": [52, 32], "stroke": {"color": "black", "width": 8, "cap": "round"}}, {"type": "line", "from": [12, 50], "to": [52, 50], "stroke": {"color": "black", "width": 8, "cap": "square"}}"##),
        ("dashes", ##"{"type": "circle", "position": [32, 32], "radius": 24, "stroke": {"color": "purple", "width": 3, "dash": [8, 4], "dashPhase": 2}}"##),
        ("evenodd-path", ##"{"type": "path", "position": [32, 32], "fillRule": "evenodd", "fill": "orange", "d": "M4 4 H60 V60 H4 Z M16 16 H48 V48 H16 Z"}"##),
        ("svg-arcs-curves", ##"{"type": "path", "position": [32, 32], "d": "M8 40 Q 20 4 32 40 T 56 40 A 12 8 0 0 1 32 56 C 20 60 8 56 8 40 Z", "fill": "teal", "stroke": {"color": "black", "width": 1.5}}"##),
        ("compound-shape", ##"{"type": "shape", "position": [32, 32], "fill": "indigo", "shapes": [{"type": "circle", "radius": 14}, {"type": "rect", "size": [40, 12]}]}"##),
        ("trim-circle", ##"{"type": "circle", "position": [32, 32], "radius": 22, "trim": [0.1, 0.6], "stroke": {"color": "red", "width": 6, "cap": "round"}}"##),
        ("inset-strokeborder", ##"{"type": "rect", "position": [32, 32], "size": [52, 52], "cornerRadius": 10, "inset": 4, "fill": "#FFCC00", "strokeBorder": {"color": "black", "width": 4}}"##),
        ("linear-gradient", ##"{"type": "rect", "position": [32, 32], "size": [64, 64], "fill": {"linearGradient": {"stops": [[0, "#FF0000"], [0.5, "#00FF0080"], [1, "#0000FF"]], "start": [0, 0], "end": [1, 1]}}}"##),
        ("radial-gradient", ##"{"type": "circle", "position": [32, 32], "radius": 30, "fill": {"radialGradient": {"colors": ["white", "black"], "center": [0.35, 0.35], "startRadius": 2, "endRadius": 30}}}"##),
        ("group-opacity", ##"{"type": "group", "opacity": 0.5, "children": [{"type": "circle", "position": [24, 32], "radius": 18, "fill": "red"}, {"type": "circle", "position": [40, 32], "radius": 18, "fill": "blue"}]}"##),
        ("blend-modes", ##"{"type": "rect", "position": [32, 32], "size": [64, 64], "fill": {"linearGradient": {"colors": ["#FF8000", "#0080FF"]}}}, {"type": "circle", "position": [20, 20], "radius": 14, "fill": "#808080", "blend": "multiply"}, {"type": "circle", "position": [44, 20], "radius": 14, "fill": "#808080", "blend": "screen"}, {"type": "circle", "position": [20, 44], "radius": 14, "fill": "#303030", "blend": "overlay"}, {"type": "circle", "position": [44, 44], "radius": 14, "fill": "#808080", "blend": "plus"}"##),
        ("clip-nested", ##"{"type": "group", "size": [64, 64], "position": [32, 32], "clip": {"type": "circle", "radius": 28}, "children": [{"type": "group", "size": [64, 64], "position": [32, 32], "clip": {"type": "rect", "size": [40, 64]}, "children": [{"type": "rect", "position": [32, 32], "size": [64, 64], "fill": "green"}]}]}"##),
        ("blur", ##"{"type": "rect", "position": [32, 32], "size": [28, 28], "fill": "black", "blur": 4}"##),
        ("shadow", ##"{"type": "rect", "position": [28, 28], "size": [30, 30], "cornerRadius": 6, "fill": "white", "shadow": {"color": "#00000099", "radius": 3, "offset": [5, 5]}}"##),
        ("backdrop", ##"{"type": "rect", "anchor": [0, 0], "position": [0, 0], "size": [32, 64], "fill": "red"}, {"type": "rect", "anchor": [0, 0], "position": [32, 0], "size": [32, 64], "fill": "blue"}, {"type": "rect", "position": [32, 32], "size": [40, 40], "cornerRadius": 8, "backdrop": {"blur": 5, "tint": "#FFFFFF55"}}"##),
        ("backdrop-in-faded-group", ##"{"type": "rect", "anchor": [0, 0], "position": [0, 0], "size": [32, 64], "fill": "red"}, {"type": "rect", "anchor": [0, 0], "position": [32, 0], "size": [32, 64], "fill": "blue"}, {"type": "group", "size": [64, 64], "position": [32, 32], "opacity": 0.8, "clip": {"type": "rect", "size": [56, 56], "position": [32, 32]}, "children": [{"type": "rect", "position": [32, 32], "size": [40, 40], "cornerRadius": 8, "backdrop": {"blur": 5, "tint": "#FFFFFF55"}}]}"##),
        ("text-sizes-bold", ##"{"type": "text", "text": "Reel 12", "size": 12, "anchor": [0, 0], "position": [2, 2]}, {"type": "text", "text": "Reel 17", "size": "body", "weight": "bold", "anchor": [0, 0], "position": [2, 16]}, {"type": "text", "text": "Ag", "size": 28, "anchor": [0, 0], "position": [2, 32]}"##),
        ("text-gradient-stroke", ##"{"type": "text", "text": "Hi!", "size": 34, "weight": "bold", "position": [32, 32], "fill": {"linearGradient": {"colors": ["#FF9500", "#FF2D55"], "start": "top", "end": "bottom"}}, "stroke": {"color": "black", "width": 1.5}}"##),
        ("text-wrapped-aligned", ##"{"type": "text", "text": "one two three four", "size": 9, "width": 60, "align": "leading", "anchor": [0, 0], "position": [2, 1]}, {"type": "text", "text": "one two three four", "size": 9, "width": 60, "align": "center", "anchor": [0, 0], "position": [2, 22]}, {"type": "text", "text": "one two\nthree four", "size": 9, "width": 60, "align": "trailing", "anchor": [0, 0], "position": [2, 43], "lineSpacing": 1, "tracking": 0.5}"##),
        ("text-trimmed", ##"{"type": "text", "text": "Reel", "size": 22, "weight": "bold", "position": [32, 32], "fill": "clear", "trim": [0, 0.6], "stroke": {"color": "#1F5BFF", "width": 2, "cap": "round", "join": "round"}}"##),
        ("text-masked-and-rotated", ##"{"type": "text", "text": "Ag", "size": 22, "anchor": [0, 0], "position": [3.3, 1.1]}, {"type": "text", "text": "Ag", "size": 22, "rotation": 35, "position": [40, 42], "fill": {"linearGradient": {"colors": ["#FF2D55", "#5856D6"]}}}"##),
        ("rotation-scale-anchor", ##"{"type": "rect", "position": [32, 32], "anchor": [0, 0], "size": [24, 12], "rotation": 30, "scale": [1.5, 1], "fill": "brown"}"##),
    ]

    @Test(arguments: cases.map(\.name))
    func matchesReference(name: String) throws {
        let layers = Self.cases.first { $0.name == name }!.layers
        let json = #"{"canvas": {"width": 64, "height": 64, "duration": 1, "background": "white"}, "layers": [\#(layers)]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: name + ".json")
        let frame = Rasterizer().render(Evaluator(scene: scene).displayList(at: 0))
        try ReferenceImage.check(frame, named: name, tolerance: Self.tolerance)
    }
}
