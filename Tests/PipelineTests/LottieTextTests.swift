import Testing
import Evaluation
import Lottie
import Pixels
import Raster
import SceneModel

/// Lottie text layers: drawn from the glyph outlines the file carries
/// (pixel-aligned squares here, so pixels are exact), or written as `text`
/// in the font the caller finds, with After Effects' baselines; documents
/// that change over time; a layer named as a parameter reads one.
@Suite struct LottieTextTests {
    /// A 30×10 animation of 30 frames at 30 fps whose font "Box" has one
    /// glyph, "A": a 50-unit square on the baseline, 60 units wide.
    static func animation(_ layers: String, fonts: String = #"[{"fName": "Box-Regular", "fFamily": "Box", "fStyle": "Regular", "ascent": 75}]"#) -> String {
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [50, 0], [50, -50], [0, -50]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        let glyph = #"{"ch": "A", "size": 20, "style": "Regular", "w": 60, "fFamily": "Box", "data": {"shapes": [{"ty": "gr", "it": [\#(square)]}]}}"#
        return #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 30, "h": 10, "fonts": {"list": \#(fonts)}, "chars": [\#(glyph)], "layers": [\#(layers)]}"#
    }

    /// A text layer at (0, 10) of the documents `keys` (`t.d.k`).
    static func textLayer(_ keys: String, name: String = "Title", animators: String = "") -> String {
        #"{"ty": 5, "ind": 1, "nm": "\#(name)", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [0, 10]}}, "t": {"d": {"k": [\#(keys)]}, "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": [\#(animators)]}}"#
    }

    static func document(_ text: String, fill: String = "[1, 0, 0]", font: String = "Box-Regular", size: Double = 20, frame: Int = 0) -> String {
        #"{"s": {"s": \#(size), "f": "\#(font)", "t": "\#(text)", "j": 0, "tr": 0, "lh": 15, "ls": 0, "fc": \#(fill)}, "t": \#(frame)}"#
    }

    static func render(_ json: String, at t: Double = 0) throws -> Bitmap {
        let text = try LottieImport.convert(Array(json.utf8), file: "a.json").scene.text
        let scene = try SceneDecoder.decode(Array(text.utf8), file: "a.json")
        return Rasterizer(reuse: false).render(Evaluator(scene: scene).displayList(at: t))
    }

    /// Size 20 scales the 100-unit em by 0.2: each "A" is a 10×10 square
    /// standing on the baseline (y 10), the second 12 points (60 units) on.
    @Test func glyphOutlinesOfTheFileAreLaidOutAsAfterEffectsDoes() throws {
        let frame = try Self.render(Self.animation(Self.textLayer(Self.document("AA"))))
        for (x, y) in [(0, 0), (5, 5), (9, 9), (12, 0), (15, 5), (21, 9)] { #expect(frame.pixel(x: x, y: y) == (255, 0, 0, 255), "at (\(x), \(y))") }
        for (x, y) in [(10, 5), (11, 5), (22, 5), (29, 5)] { #expect(frame.pixel(x: x, y: y) == (0, 0, 0, 0), "at (\(x), \(y))") }
    }

    /// Each document shows from its keyframe to the next: red, then blue from frame 15 (0.5 s).
    @Test func textDocumentsChangeOverTime() throws {
        let json = Self.animation(Self.textLayer(Self.document("A") + ", " + Self.document("A", fill: "[0, 0, 1]", frame: 15)))
        #expect(try Self.render(json, at: 0).pixel(x: 5, y: 5) == (255, 0, 0, 255))
        #expect(try Self.render(json, at: 0.49).pixel(x: 5, y: 5) == (255, 0, 0, 255))
        #expect(try Self.render(json, at: 0.5).pixel(x: 5, y: 5) == (0, 0, 255, 255))
    }

    /// An animator selecting the whole text changes every character alike:
    /// its fill goes from red to blue over frames 0…15, its opacity is 50 %
    /// (pixels are premultiplied).
    @Test func textAnimatorOfTheWholeText() throws {
        let fill = #"{"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 15, "s": [0, 0, 1, 1]}]}"#
        let whole = #"{"nm": "Animator 1", "s": {"t": 0, "a": {"a": 0, "k": 100}, "b": 1, "rn": 0, "sh": 1, "r": 1}, "a": {"fc": \#(fill), "o": {"a": 0, "k": 50}}}"#
        let json = Self.animation(Self.textLayer(Self.document("A"), animators: whole))
        let result = try LottieImport.convert(Array(json.utf8), file: "a.json")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let first = try Self.render(json, at: 0).pixel(x: 5, y: 5), last = try Self.render(json, at: 0.6).pixel(x: 5, y: 5)
        #expect(first == (128, 0, 0, 128), "\(first)")
        #expect(last == (0, 0, 128, 128), "\(last)")
    }

    /// Glyph-outline text takes animators of part of it through the same
    /// ranges as text in a font: an index range of the first "A" at opacity
    /// 0 hides it alone; one of the second at scale 200 % doubles it about
    /// its baseline centre (x 18, y 10): x 6…26, y −10…10.
    @Test func glyphOutlineTextTakesAnimatorsOfPartOfIt() throws {
        func range(_ from: Int) -> String {
            #"{"t": 0, "a": {"a": 0, "k": 100}, "b": 1, "sh": 1, "sm": {"a": 0, "k": 0}, "s": {"a": 0, "k": \#(from)}, "e": {"a": 0, "k": \#(from + 1)}, "r": 2}"#
        }
        let hide = #"{"nm": "Hide", "s": \#(range(0)), "a": {"o": {"a": 0, "k": 0}}}"#
        let grow = #"{"nm": "Grow", "s": \#(range(1)), "a": {"s": {"a": 0, "k": [200, 200]}}}"#
        let json = Self.animation(Self.textLayer(Self.document("AA"), animators: hide + ", " + grow))
        let result = try LottieImport.convert(Array(json.utf8), file: "a.json")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let frame = try Self.render(json)
        for (x, y) in [(6, 0), (6, 9), (25, 5), (15, 0)] { #expect(frame.pixel(x: x, y: y) == (255, 0, 0, 255), "at (\(x), \(y))") }
        for (x, y) in [(0, 5), (5, 5), (26, 5)] { #expect(frame.pixel(x: x, y: y) == (0, 0, 0, 0), "at (\(x), \(y))") }
    }

    /// Selector modes and the animator properties beyond colour, opacity
    /// and placement reach the text: mode 2 (subtract) of the first "A"
    /// selects the second, whose fill hue turns 120° (red → green); anchor,
    /// skew, skew axis, stroke width and fill saturation and brightness are
    /// written as the scene's (percentages as fractions).
    @Test func textSelectorModesAndMoreProperties() throws {
        let range = #"{"t": 0, "a": {"a": 0, "k": 100}, "b": 1, "sh": 1, "m": 2, "sm": {"a": 0, "k": 0}, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 1}, "r": 2}"#
        let hue = #"{"nm": "Hue", "s": \#(range), "a": {"fh": {"a": 0, "k": 120}}}"#
        let json = Self.animation(Self.textLayer(Self.document("AA"), animators: hue))
        let result = try LottieImport.convert(Array(json.utf8), file: "a.json")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.scene.text.contains(#""mode": "subtract""#), "\(result.scene.text)")
        let frame = try Self.render(json)
        #expect(frame.pixel(x: 5, y: 5) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 15, y: 5) == (0, 255, 0, 255))
        let more = #"{"nm": "More", "s": {"t": 0, "r": 1}, "a": {"a": {"a": 0, "k": [5, 0, 0]}, "sk": {"a": 0, "k": 10}, "sa": {"a": 0, "k": 30}, "sw": {"a": 0, "k": 2}, "fs": {"a": 0, "k": -50}, "fb": {"a": 0, "k": 25}}}"#
        let text = try LottieImport.convert(Array(Self.animation(Self.textLayer(Self.document("A"), animators: more)).utf8), file: "a.json").scene.text
        for member in [#""anchor": [5, 0]"#, #""skew": 10"#, #""skewAxis": 30"#, #""strokeWidth": 2"#, #""saturation": -0.5"#, #""brightness": 0.25"#] {
            #expect(text.contains(member), "\(member) in \(text)")
        }
    }

    /// Without outlines for every character the text is a `text` node in
    /// the font the caller found, its first baseline at the layer's origin
    /// (anchor = ascender / box height) and lines `lh` apart.
    @Test func fontTextTakesTheFoundFontAndItsMetrics() throws {
        let json = Self.animation(Self.textLayer(Self.document(#"B\rB"#, font: "Box-Regular", size: 10)))
        let found = LottieFont(file: "Fonts/Box.ttf", ascender: 0.9, lineHeight: 1.2)
        let result = try LottieImport.convert(Array(json.utf8), file: "a.json", font: { $0.name == "Box-Regular" && $0.family == "Box" && $0.style == "Regular" ? found : .bundled })
        let text = result.scene.text
        #expect(text.contains(#""assets": {"fonts": {"Box-Regular": "Fonts/Box.ttf"}}"#), "\(text)")
        // Box height 12 + 15: the first baseline 9 points down; lines 15 apart (12 + 3).
        for key in [#""font": "Box-Regular""#, #""lineSpacing": 3"#, #""anchor": [0, 0.333333]"#, ##""fill": "#FF0000""##] {
            #expect(text.contains(key), "\(key) in \(text)")
        }
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let missing = try LottieImport.convert(Array(json.utf8), file: "a.json")
        #expect(missing.warnings.count == 1)
        #expect(missing.warnings.first?.description.hasSuffix(#"$.layers[0].t.d.k[0].s.f: layer "Title" (ty 5): font "Box-Regular" (family "Box", style "Regular") is not beside the file nor installed; the bundled font is used"#) == true, "\(missing.warnings)")
    }

    /// A text layer named as a parameter reads one, its default the text;
    /// braces are written literally (`{` is a placeholder in scene text).
    @Test func textLayerNamedAsAParameterReadsIt() throws {
        let json = Self.animation(Self.textLayer(Self.document("B {x}")))
        let text = try LottieImport.convert(Array(json.utf8), file: "a.json").scene.text
        #expect(text.contains(#""variables": {"Title": {"string": "B {x}"}}"#), "\(text)")
        #expect(text.contains(#""text": "{Title}""#), "\(text)")
        _ = try SceneDecoder.decode(Array(text.utf8), file: "a.json")
        let spaced = try LottieImport.convert(Array(Self.animation(Self.textLayer(Self.document("B {x}"), name: "Big title")).utf8), file: "a.json").scene.text
        #expect(!spaced.contains("variables"))
        #expect(spaced.contains(#""text": "B {{x}}""#), "\(spaced)")
        _ = try SceneDecoder.decode(Array(spaced.utf8), file: "a.json")
    }

    /// Text in a font takes every animator as the text node's `animators`:
    /// After Effects' index range (`r` 2) of the first character, opacity
    /// 0 %, selects "B" of "BB" and leaves the second alone.
    @Test func textAnimatorOfPartOfATextInAFont() throws {
        let part = #"{"nm": "Animator 1", "s": {"t": 0, "a": {"a": 0, "k": 100}, "b": 1, "rn": 0, "sh": 1, "sm": {"a": 0, "k": 0}, "e": {"a": 0, "k": 1}, "r": 2}, "a": {"o": {"a": 0, "k": 0}}}"#
        let json = Self.animation(Self.textLayer(Self.document("BB"), animators: part))
        let result = try LottieImport.convert(Array(json.utf8), file: "a.json")
        #expect(result.warnings.filter { !$0.message.contains("font") }.isEmpty, "\(result.warnings)")
        let text = result.scene.text
        #expect(text.contains(#""animators": [{"range": {"end": 1, "units": "index", "smoothness": 0}, "opacity": 0}]"#), "\(text)")
        let plain = try Self.render(Self.animation(Self.textLayer(Self.document("BB"))))
        let frame = try Self.render(json)
        let inked = { (f: Bitmap) in (0..<f.width).filter { x in (0..<f.height).contains { f.pixel(x: x, y: $0).a > 0 } } }
        // The second "B" is where it was; the first is gone.
        #expect(!inked(frame).isEmpty && inked(frame).first! > inked(plain).first!)
        #expect(inked(frame).allSatisfy { x in (0..<frame.height).allSatisfy { frame.pixel(x: x, y: $0) == plain.pixel(x: x, y: $0) } })
    }

    /// A fill item named as a parameter can be reads a colour parameter of
    /// its name, its default the file's colour; an animated colour or a
    /// name with a space stays as it is.
    @Test func namedFillBecomesAColourParameter() throws {
        func layer(_ name: String, _ color: String) -> String {
            #"{"ty": 4, "ind": 1, "nm": "L", "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": [{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "nm": "\#(name)", "c": \#(color), "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}]}"#
        }
        let named = try LottieImport.convert(Array(Self.animation(layer("Accent", #"{"a": 0, "k": [0, 1, 0, 1]}"#)).utf8), file: "a.json").scene.text
        #expect(named.contains(##""variables": {"Accent": "#00FF00"}"##), "\(named)")
        #expect(named.contains(#""fill": {"expr": "Accent"}"#), "\(named)")
        let scene = try SceneDecoder.decode(Array(named.utf8), file: "a.json", parameters: [ParameterAssignment(name: "Accent", value: .text("#0000FF"))])
        #expect(Rasterizer(reuse: false).render(Evaluator(scene: scene).displayList(at: 0)).pixel(x: 4, y: 4) == (0, 0, 255, 255))
        let spaced = try LottieImport.convert(Array(Self.animation(layer("Fill 1", #"{"a": 0, "k": [0, 1, 0, 1]}"#)).utf8), file: "a.json").scene.text
        #expect(!spaced.contains("variables"))
        let animated = #"{"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 15, "s": [0, 0, 1, 1]}]}"#
        #expect(!(try LottieImport.convert(Array(Self.animation(layer("Accent", animated)).utf8), file: "a.json").scene.text.contains("variables")))
    }
}
