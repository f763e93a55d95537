import Testing
import Evaluation
import Lottie
import Pixels
import Raster
import SceneModel

/// Lottie animations converted to scenes and drawn, checked at pixels whose
/// value follows from the file by hand: shapes are pixel-aligned, so a
/// pixel is exactly the fill or transparent. And bad files: every problem
/// is an error located in the Lottie file, never a crash.
@Suite struct LottieTests {
    typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    static let red: RGBA = (255, 0, 0, 255)
    static let clear: RGBA = (0, 0, 0, 0)

    /// A 20×10 animation of 30 frames at 30 fps.
    static func lottie(_ layers: String, assets: String = "[]", width: String = "20", fr: String = "30") -> String {
        #"{"v": "5.7.4", "fr": \#(fr), "ip": 0, "op": 30, "w": \#(width), "h": 10, "assets": \#(assets), "layers": [\#(layers)]}"#
    }

    /// A shape layer of one group: `items` before its transform.
    static func shapeLayer(_ items: String, ks: String = "{}", extra: String = "") -> String {
        #"{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": \#(ks)\#(extra), "shapes": [{"ty": "gr", "it": [\#(items), {"ty": "tr"}]}]}"#
    }

    /// A red rectangle centred at (cx, cy).
    static func redRect(_ cx: Double, _ cy: Double, _ w: Double, _ h: Double) -> String {
        #"{"ty": "rc", "p": {"a": 0, "k": [\#(cx), \#(cy)]}, "s": {"a": 0, "k": [\#(w), \#(h)]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
    }

    static func solid(ind: Int, _ w: Int, _ h: Int, color: String = "#ff0000", extra: String = "", ip: Int = 0, op: Int = 30) -> String {
        #"{"ty": 1, "ind": \#(ind), "ip": \#(ip), "op": \#(op), "st": 0, "sw": \#(w), "sh": \#(h), "sc": "\#(color)", "ks": {}\#(extra)}"#
    }

    static func scene(_ json: String, imageExists: @escaping (String) -> Bool = { _ in true }) throws -> String {
        try LottieImport.convert(Array(json.utf8), file: "a.json", imageExists: imageExists).scene.text
    }

    static func render(_ json: String, at t: Double = 0) throws -> Bitmap {
        let scene = try SceneDecoder.decode(Array(try scene(json).utf8), file: "a.json")
        return Rasterizer(reuse: false).render(Evaluator(scene: scene).displayList(at: t))
    }

    static func expect(_ frame: Bitmap, _ points: [(Int, Int)], _ value: RGBA, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (x, y) in points {
            #expect(frame.pixel(x: x, y: y) == value, "at (\(x), \(y))", sourceLocation: sourceLocation)
        }
    }

    /// The problems a conversion reports, one line each.
    static func errors(_ json: String, imageExists: @escaping (String) -> Bool = { _ in true }) -> [String] {
        do {
            _ = try LottieImport.convert(Array(json.utf8), file: "a.json", imageExists: imageExists)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// `rc` is centred on `p`: a 10×10 rect at (10, 5) covers x 5…15.
    @Test func rectangleWithAFill() throws {
        let frame = try Self.render(Self.lottie(Self.shapeLayer(Self.redRect(10, 5, 10, 10))))
        Self.expect(frame, [(5, 0), (10, 5), (14, 9)], Self.red)
        Self.expect(frame, [(4, 5), (15, 5), (19, 0)], Self.clear)
    }

    /// translate(p) · rotate(r) · translate(−a): with a = (5, 5), p = (10, 5)
    /// and 90°, the layer point (x, y) lands at (15 − y, x), so the 10×5
    /// rect at the layer's top-left covers x 10…15, y 0…10.
    @Test func anchorPositionAndRotation() throws {
        let ks = #"{"a": {"a": 0, "k": [5, 5]}, "p": {"a": 0, "k": [10, 5]}, "r": {"a": 0, "k": 90}}"#
        let frame = try Self.render(Self.lottie(Self.shapeLayer(Self.redRect(5, 2.5, 10, 5), ks: ks)))
        Self.expect(frame, [(10, 0), (12, 5), (14, 9)], Self.red)
        Self.expect(frame, [(9, 5), (15, 5), (5, 5)], Self.clear)
    }

    /// A precomp whose only layer shows at frames 15…16: a time remap to
    /// 0.5 s shows it at time 0, one to 0.6 s does not; without a remap a
    /// start time of −15 frames does the same as 0.5 s.
    @Test func precompTimeRemapAndStartTime() throws {
        let assets = #"[{"id": "c", "w": 20, "h": 10, "layers": [\#(Self.solid(ind: 1, 20, 10, ip: 15, op: 16))]}]"#
        func precomp(_ extra: String) -> String {
            Self.lottie(#"{"ty": 0, "ind": 1, "refId": "c", "w": 20, "h": 10, "ip": 0, "op": 30, "ks": {}\#(extra)}"#, assets: assets)
        }
        Self.expect(try Self.render(precomp(#", "st": 0, "tm": {"a": 0, "k": 0.5}"#)), [(3, 3)], Self.red)
        Self.expect(try Self.render(precomp(#", "st": 0, "tm": {"a": 0, "k": 0.6}"#)), [(3, 3)], Self.clear)
        Self.expect(try Self.render(precomp(#", "st": -15"#)), [(3, 3)], Self.red)
        Self.expect(try Self.render(precomp(#", "st": 0"#)), [(3, 3)], Self.clear)
    }

    /// A `td` layer (a 10×10 square at the left) is the alpha matte of the
    /// layer below it and is not drawn itself; `tt` 2 inverts it.
    @Test func trackMatte() throws {
        let matte = Self.solid(ind: 1, 10, 10, color: "#ffffff", extra: #", "td": 1"#)
        let alpha = try Self.render(Self.lottie(matte + ", " + Self.solid(ind: 2, 20, 10, extra: #", "tt": 1"#)))
        Self.expect(alpha, [(0, 0), (9, 9)], Self.red)
        Self.expect(alpha, [(10, 0), (19, 9)], Self.clear)
        let inverted = try Self.render(Self.lottie(matte + ", " + Self.solid(ind: 2, 20, 10, extra: #", "tt": 2"#)))
        Self.expect(inverted, [(0, 0), (9, 9)], Self.clear)
        Self.expect(inverted, [(10, 0), (19, 9)], Self.red)
    }

    /// A hold keyframe keeps its value until the next key (frame 15 = 0.5 s),
    /// then jumps; a parent moves its child (but its opacity does not apply).
    @Test func holdKeyframeAndParent() throws {
        let parent = #"{"ty": 3, "ind": 9, "ip": 0, "op": 30, "st": 0, "ks": {"o": {"a": 0, "k": 0}, "p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "h": 1}, {"t": 15, "s": [10, 0]}]}}}"#
        let json = Self.lottie(Self.solid(ind: 1, 10, 10, extra: #", "parent": 9"#) + ", " + parent)
        let before = try Self.render(json, at: 0.4)
        Self.expect(before, [(0, 0), (9, 9)], Self.red)
        Self.expect(before, [(10, 0), (19, 9)], Self.clear)
        let after = try Self.render(json, at: 0.5)
        Self.expect(after, [(0, 0), (9, 9)], Self.clear)
        Self.expect(after, [(10, 0), (19, 9)], Self.red)
    }

    /// A layer's keyframes are in its composition's frames: its start time
    /// `st` (10 frames here) does not delay them — the key at frame 5 has
    /// moved the layer by 0.2 s (frame 6).
    @Test func keyframesOfALayerWithAStartTimeAreInCompositionFrames() throws {
        let ks = #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "h": 1}, {"t": 5, "s": [10, 0]}]}}"#
        let layer = ##"{"ty": 1, "ind": 1, "ip": 0, "op": 30, "st": 10, "sw": 10, "sh": 10, "sc": "#ff0000", "ks": \##(ks)}"##
        let frame = try Self.render(Self.lottie(layer), at: 0.2)
        Self.expect(frame, [(10, 0), (19, 9)], Self.red)
        Self.expect(frame, [(0, 0), (9, 9)], Self.clear)
    }

    /// A layer shows from its in point up to (not at) its out point.
    @Test func inAndOutPoints() throws {
        let json = Self.lottie(Self.solid(ind: 1, 20, 10, ip: 3, op: 6))
        for (t, shown) in [(0.0, false), (0.1, true), (0.19, true), (0.2, false)] {
            Self.expect(try Self.render(json, at: t), [(5, 5)], shown ? Self.red : Self.clear)
        }
    }

    /// After Effects' easing handles become the segment's cubic Bézier, on
    /// the key the segment arrives at; x and y eased apart stay apart.
    @Test func easingBecomesCubicBezierCurves() throws {
        let ks = #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.3, 0.1], "y": [0, 0]}, "i": {"x": [0.7, 0.9], "y": [1, 1]}}, {"t": 30, "s": [10, 5]}]}}"#
        let text = try Self.scene(Self.lottie(Self.shapeLayer(Self.redRect(0, 0, 2, 2), ks: ks)))
        #expect(text.contains(#"{"t": 1, "value": 10, "curve": {"cubicBezier": [0.3, 0, 0.7, 1]}}"#), "\(text)")
        #expect(text.contains(#"{"t": 1, "value": 5, "curve": {"cubicBezier": [0.1, 0, 0.9, 1]}}"#), "\(text)")
    }

    /// Keys before time 0 (a layer started early) become one key at 0 with
    /// the value there: halfway through a linear move from −10 to 10 frames.
    @Test func keysBeforeTimeZeroStartAtTheirValueAtZero() throws {
        let ks = #"{"p": {"a": 1, "k": [{"t": -10, "s": [0, 0]}, {"t": 10, "s": [10, 0]}]}}"#
        let frame = try Self.render(Self.lottie(Self.shapeLayer(Self.redRect(5, 5, 10, 10), ks: ks)), at: 0)
        Self.expect(frame, [(5, 5), (14, 5)], Self.red)
        Self.expect(frame, [(4, 5), (15, 5)], Self.clear)
    }

    @Test func truncatedFileIsASyntaxErrorAtItsEnd() {
        let errors = Self.errors(#"{"v": "5", "fr": 30, "layers": ["#)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("a.json:1:") == true, "\(errors)")
    }

    @Test func wrongTypesAndSizesAreLocated() {
        #expect(Self.errors(Self.lottie("", width: #""wide""#)) == [#"a.json:1:50: $.w: expected a number, found "wide""#])
        #expect(Self.errors(Self.lottie("", width: "1e9")) == ["a.json:1:50: $.w: a width of 1000000000; it must be 1…16384"])
        #expect(Self.errors(Self.lottie("", fr: "0")) == ["a.json:1:22: $.fr: a frame rate of 0 fps; Reel renders 0 < fps ≤ 240"])
        let layer = #"{"ty": 4, "ind": 1, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": "here"}}, "shapes": []}"#
        #expect(Self.errors(Self.lottie(layer)) == [#"a.json:1:153: $.layers[0].ks.p.k: expected an array of numbers, found "here""#])
    }

    /// As players do, the animation is drawn without a picture that is not
    /// there, and the warning names it at its asset.
    @Test func missingImageIsNamedAtItsAssetAndNotDrawn() throws {
        let assets = #"[{"id": "i", "w": 10, "h": 10, "u": "images/", "p": "gone.png"}]"#
        let json = Self.lottie(#"{"ty": 2, "ind": 1, "refId": "i", "ip": 0, "op": 30, "ks": {}}"#, assets: assets)
        let converted = try LottieImport.convert(Array(json.utf8), file: "a.json", imageExists: { _ in false })
        #expect(converted.warnings.map(\.description) == [#"a.json:1:125: $.assets[0].p: layer "" (ty 2): image file images/gone.png not found; the layer is not drawn"#])
        #expect(!converted.scene.text.contains("gone.png"))
    }

    @Test func precompCycleIsAnError() {
        let assets = #"[{"id": "a", "layers": [{"ty": 0, "ind": 1, "refId": "b", "ip": 0, "op": 30, "ks": {}}]}, {"id": "b", "layers": [{"ty": 0, "ind": 1, "refId": "a", "ip": 0, "op": 30, "ks": {}}]}]"#
        let errors = Self.errors(Self.lottie(#"{"ty": 0, "ind": 1, "refId": "a", "ip": 0, "op": 30, "ks": {}}"#, assets: assets))
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix(#"$.assets[1].layers[0].refId: layer "" (ty 0): precomp "a" contains itself (a → b → a)"#) == true, "\(errors)")
    }

    @Test func tooManyLayersIsAStatedLimit() {
        let layers = Array(repeating: #"{"ty": 3, "ks": {}}"#, count: 100_000).joined(separator: ",")
        #expect(Self.errors(Self.lottie(layers)) == ["a.json:1:87: $.layers: 100000 layers in one composition; at most 10000"])
    }

    @Test func unsupportedEffectIsNamed() {
        let extra = #", "ef": [{"ty": 27, "nm": "Displacement Map", "en": 1, "ef": []}]"#
        let errors = Self.errors(Self.lottie(Self.solid(ind: 1, 20, 10, extra: extra)))
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix(#"$.layers[0].ef[0]: layer "" (ty 1): layer effect "Displacement Map" (ty 27) is not supported yet"#) == true, "\(errors)")
    }

    /// Converting is a pure function of the file: the same text twice.
    @Test func conversionIsDeterministic() throws {
        let json = Self.lottie(Self.shapeLayer(Self.redRect(10, 5, 10, 10)))
        #expect(try Self.scene(json) == (try Self.scene(json)))
        #expect(LottieImport.isLottie(Array(json.utf8)))
        #expect(!LottieImport.isLottie(Array(#"{"canvas": {}, "layers": []}"#.utf8)))
    }
}
