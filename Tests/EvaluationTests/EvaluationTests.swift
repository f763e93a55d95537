import Testing
import Animation
import Determinism
import DisplayList
import Geometry
import SceneModel
@testable import Evaluation

@Suite struct EvaluationTests {
    func evaluator(_ layers: String, scale: Double = 1) throws -> Evaluator {
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": \#(scale), "duration": 2}, "layers": [\#(layers)]}"#
        return Evaluator(scene: try SceneDecoder.decode(Array(json.utf8), file: "t.json"))
    }

    func transforms(_ list: DisplayList) -> [Transform] {
        list.items.compactMap { if case .fill(_, let t, _, _) = $0 { return t } else { return nil } }
    }

    /// Without `position` a node is drawn at its own coordinates; with it, its
    /// anchor lands on the position.
    @Test func positionPlacesTheAnchor() throws {
        let e = try evaluator(#"{"type": "rect", "size": [10, 20]}, {"type": "rect", "size": [10, 20], "position": [50, 50]}, {"type": "rect", "size": [10, 20], "position": [50, 50], "anchor": [0, 1]}"#)
        let t = transforms(e.displayList(at: 0))
        #expect(t[0].apply(Point(0, 0)) == Point(0, 0))
        #expect(t[1].apply(Point(5, 10)) == Point(50, 50))
        #expect(t[2].apply(Point(0, 20)) == Point(50, 50))
    }

    /// Scale and rotation act about the anchor; the canvas scale maps points to pixels.
    @Test func scaleAndRotationActAboutTheAnchor() throws {
        let e = try evaluator(#"{"type": "rect", "size": [10, 10], "position": [20, 20], "scale": 2, "rotation": 90}"#, scale: 3)
        let t = transforms(e.displayList(at: 0))[0]
        let centre = t.apply(Point(5, 5)), corner = t.apply(Point(10, 5))
        #expect(abs(centre.x - 60) < 1e-12 && abs(centre.y - 60) < 1e-12)
        // +x in the node turns to +y on screen (clockwise), doubled, then ×3.
        #expect(abs(corner.x - 60) < 1e-12 && abs(corner.y - 90) < 1e-12)
    }

    @Test func keyframesInterpolateAndHold() throws {
        let e = try evaluator(#"{"type": "rect", "size": [10, 10], "anchor": [0, 0], "position": [{"keyframes": [{"t": 0.5, "value": 0}, {"t": 1.5, "value": 40}]}, 0]}"#)
        func x(_ time: Double) -> Double { transforms(e.displayList(at: time))[0].tx }
        #expect(x(0) == 0)
        #expect(x(1) == 20)
        #expect(x(1.25) == 30)
        #expect(x(2) == 40)
    }

    @Test func keyframeRepeatModes() {
        let keys = [Keyframe(time: 0, value: 0.0), Keyframe(time: 1, value: 10.0)]
        #expect(Keyframes(keys: keys, repeat: .loop).value(at: 1.25) == 2.5)
        #expect(Keyframes(keys: keys, repeat: .pingpong).value(at: 1.25) == 7.5)
        #expect(Keyframes(keys: keys, repeat: .none).value(at: 1.25) == 10)
    }

    @Test func easingCurvesFollowTheirBezier() {
        // easeInOut is symmetric: 0.5 → 0.5, and f(0.25) + f(0.75) = 1.
        #expect(abs(Curve.easeInOut.value(at: 0.5) - 0.5) < 1e-6)
        #expect(abs(Curve.easeInOut.value(at: 0.25) + Curve.easeInOut.value(at: 0.75) - 1) < 1e-6)
        #expect(Curve.easeIn.value(at: 0.5) < 0.5 && Curve.easeOut.value(at: 0.5) > 0.5)
    }

    /// A group's opacity below 1 becomes a layer; a shape's folds into its paint.
    @Test func opacityBecomesALayerOnlyForGroups() throws {
        let e = try evaluator(#"{"type": "group", "opacity": 0.5, "children": [{"type": "circle", "radius": 2}]}, {"type": "circle", "radius": 2, "opacity": 0.5, "fill": "white"}, {"type": "circle", "radius": 2, "opacity": 0}"#)
        let items = e.displayList(at: 0).items
        #expect(items.count == 4)
        #expect(items[0] == .beginLayer(Layer(opacity: 0.5)))
        #expect(items[2] == .endLayer)
        guard case .fill(_, _, .solid(let c), _) = items[3] else { Issue.record("not a fill"); return }
        #expect(c == Color(r: 1, g: 1, b: 1, a: 0.5))
    }

    @Test func groupWithoutSizeUsesTheUnionOfItsChildren() throws {
        let e = try evaluator(#"{"type": "group", "position": [50, 50], "children": [{"type": "rect", "size": [10, 10], "anchor": [0, 0], "position": [10, 30]}, {"type": "rect", "size": [10, 10], "anchor": [0, 0], "position": [30, 10]}]}"#)
        // Union (10,10)–(40,40); its centre (25,25) lands on (50,50).
        let t = transforms(e.displayList(at: 0))[0]
        #expect(t.apply(Point(0, 0)) == Point(35, 55))
    }

    @Test func deterministicTrigonometryIsExactAtRightAngles() {
        for (deg, s, c) in [(0.0, 0.0, 1.0), (90, 1, 0), (180, 0, -1), (270, -1, 0), (-90, -1, 0), (450, 1, 0)] {
            let r = DeterministicMath.sinCos(degrees: deg)
            #expect(r.sin == s && r.cos == c)
        }
        let r = DeterministicMath.sinCos(degrees: 30)
        #expect(abs(r.sin - 0.5) < 1e-15)
        #expect(abs(r.cos - 0.75.squareRoot()) < 1e-15)
    }

    /// A text's fill is a glyph run (drawn from glyph masks); trimmed, it is
    /// the kept part of all outlines as one path, which the stroke follows too.
    @Test func textFillsAreGlyphRunsUnlessTrimmed() throws {
        let e = try evaluator(#"{"type": "text", "text": "Hi there", "stroke": {"color": "red"}}, {"type": "text", "text": "Hi there", "trim": [0, 0.5], "stroke": {"color": "red"}}, {"type": "text", "text": "Hi there", "trim": [0, {"keyframes": [{"t": 0, "value": 0.5}, {"t": 1, "value": 1}]}]}"#)
        let items = e.displayList(at: 0).items
        #expect(items.count == 5)
        guard case .glyphs(let run) = items[0], case .fill(let stroke, _, _, _) = items[1],
              case .fill(let trimmed, _, _, _) = items[2], case .fill(let trimmedStroke, _, _, _) = items[3] else {
            Issue.record("unexpected items \(items)")
            return
        }
        #expect(run.glyphs.count == 7, "the space has no outline")
        let whole = Path(elements: run.glyphs.flatMap { $0.outline.applying($0.transform).elements })
        #expect(abs(trimmed.length - whole.length / 2) < 1e-6 * whole.length)
        #expect(trimmedStroke.controlBounds.width < stroke.controlBounds.width)
        // Trim animating to the whole outline: back to a glyph run.
        #expect(e.displayList(at: 1).items.last.map { if case .glyphs = $0 { true } else { false } } == true)
    }
}
