import Testing
import Evaluation
import Foundation
import Geometry
import Pixels
import Raster
import SceneModel

/// `motion`: the anchor on a path at a fraction of its length (Core
/// Animation's keyframe `path` with paced timing, SVG `animateMotion`),
/// the tangent's angle added to the rotation with `rotate`.
@Suite struct MotionPathTests {
    static func evaluator(_ node: String) throws -> Evaluator {
        let json = #"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": [\#(node)]}"#
        return Evaluator(scene: try SceneDecoder.decode(Array(json.utf8), file: "motion.json"))
    }

    /// The L-shaped path M4 4 H24 V34 is 20 + 30 = 50 long; half of it, 25,
    /// is 5 down the vertical leg: (24, 9). A 2 × 2 dot centred there covers
    /// pixels 23…24 × 8…9 and nothing around them.
    @Test func dotSitsAtHalfTheLengthOfAnLShapedPath() throws {
        let e = try Self.evaluator(#"{"type": "rect", "size": [2, 2], "fill": "black", "motion": {"path": "M4 4 H24 V34", "progress": 0.5}}"#)
        let frame = Rasterizer().render(e.displayList(at: 0))
        for (x, y) in [(23, 8), (24, 8), (23, 9), (24, 9)] { #expect(frame.pixel(x: x, y: y).a == 255, "(\(x), \(y))") }
        for (x, y) in [(22, 8), (25, 9), (23, 7), (24, 10)] { #expect(frame.pixel(x: x, y: y).a == 0, "(\(x), \(y))") }
    }

    /// Progress animates (here with t) and is clamped to 0…1; `rotate: auto`
    /// on the diagonal M0 0 L30 30 turns the node 45° (plus its own
    /// rotation), `autoReverse` 225°.
    @Test func rotateFollowsTheTangent() throws {
        func transform(_ extra: String, at t: Double = 0) throws -> Transform {
            let e = try Self.evaluator(#"{"type": "rect", "size": [10, 2], "fill": "black", "rotation": 10, "motion": {"path": "M0 0 L30 30", "progress": {"expr": "t * 2 - 0.5"}\#(extra)}}"#)
            guard case .fill(_, let transform, _, _) = e.displayList(at: t).items.first else { throw Failure() }
            return transform
        }
        let auto = try transform(#", "rotate": "auto""#, at: 0.5)
        // rotate(55°) about the anchor (5, 1) of the 10 × 2 rect, which sits at (15, 15).
        let angle = 55.0 * Double.pi / 180
        #expect(abs(auto.a - cos(angle)) < 1e-12 && abs(auto.b - sin(angle)) < 1e-12)
        let centre = auto.apply(Point(5, 1))
        #expect(abs(centre.x - 15) < 1e-12 && abs(centre.y - 15) < 1e-12)
        let reverse = try transform(#", "rotate": "autoReverse""#, at: 0.5)
        #expect(abs(reverse.a - cos(angle + .pi)) < 1e-12 && abs(reverse.b - sin(angle + .pi)) < 1e-12)
        // Without a rotation of its own the node turns by the tangent alone: 45°.
        let diagonal = try Self.evaluator(#"{"type": "rect", "size": [10, 2], "fill": "black", "motion": {"path": "M0 0 L30 30", "progress": 0.25, "rotate": "auto"}}"#)
        guard case .fill(_, let t45, _, _) = diagonal.displayList(at: 0).items.first else { throw Failure() }
        #expect(abs(t45.a - 0.5.squareRoot()) < 1e-12 && abs(t45.b - 0.5.squareRoot()) < 1e-12)
        #expect(abs(t45.c + 0.5.squareRoot()) < 1e-12 && abs(t45.d - 0.5.squareRoot()) < 1e-12)
        let p = t45.apply(Point(5, 1))
        #expect(abs(p.x - 7.5) < 1e-12 && abs(p.y - 7.5) < 1e-12)
        let plain = try transform("", at: 0.5)
        #expect(abs(plain.a - cos(10 * Double.pi / 180)) < 1e-12)
        // Before the start (progress −0.5) and after the end (1.5): clamped.
        #expect(try transform("", at: 0).apply(Point(5, 1)) == Point(0, 0))
        #expect(try transform("", at: 1).apply(Point(5, 1)) == Point(30, 30))
    }

    @Test func motionMistakesAreLocated() {
        let json = #"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": [{"type": "rect", "size": [2, 2], "position": [1, 1], "motion": {"path": "M0 0 L1 1", "progress": 0, "rotate": "automatic"}}]}"#
        do {
            _ = try SceneDecoder.decode(Array(json.utf8), file: "m.json")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                #"m.json:1:177: $.layers[0].motion.rotate: expected one of "auto", "autoReverse", found "automatic""#,
            ])
        }
        let both = #"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": [{"type": "rect", "size": [2, 2], "position": [1, 1], "motion": {"path": "M0 0 L1 1", "progress": 0}}]}"#
        do {
            _ = try SceneDecoder.decode(Array(both.utf8), file: "m.json")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                #"m.json:1:112: $.layers[0].position: a node takes "position" or "motion", not both: the motion path places the anchor"#,
            ])
        }
    }

    struct Failure: Error {}
}
