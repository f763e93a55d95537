import Testing
import Evaluation
import Geometry
import Pixels
import Raster
import SceneModel

/// Morphing a path's `d` between keyframes: every point moves on a straight
/// line, as Lottie's shape keyframes and SwiftUI's `animatableData` do.
/// Two squares as paths, (10, 10)–(30, 30) and (20, 20)–(60, 60) (written
/// with different commands: H/V against L, relative against absolute), are
/// halfway, at t = 0.5 of a linear morph, the square (15, 15)–(45, 45).
@Suite struct MorphTests {
    static func scene(_ d: String) -> String {
        #"{"canvas": {"width": 64, "height": 64, "duration": 1}, "layers": [{"type": "group", "children": [{"type": "path", "d": \#(d), "fill": "black"}]}]}"#
    }

    static func render(_ json: String, at t: Double) throws -> Bitmap {
        Rasterizer().render(Evaluator(scene: try SceneDecoder.decode(Array(json.utf8), file: "morph.json")).displayList(at: t))
    }

    /// Without `position` a node draws in its own coordinates, here the
    /// canvas's: the half-way frame equals the intermediate square drawn as
    /// a path, and its edges are where the hand computation puts them.
    @Test func midpointOfAMorphIsTheIntermediateShape() throws {
        let morph = Self.scene(#"{"keyframes": [{"t": 0, "value": "M10 10 H30 V30 H10 Z"}, {"t": 1, "value": "m20 20 l40 0 l0 40 l-40 0 z"}]}"#)
        let mid = try Self.render(morph, at: 0.5)
        let expected = try Self.render(Self.scene(#""M15 15 L45 15 L45 45 L15 45 Z""#), at: 0)
        #expect(mid.pixels == expected.pixels)
        #expect(mid.pixel(x: 15, y: 15).a == 255 && mid.pixel(x: 44, y: 44).a == 255)
        #expect(mid.pixel(x: 14, y: 15).a == 0 && mid.pixel(x: 45, y: 44).a == 0)
        #expect(mid.pixel(x: 15, y: 14).a == 0 && mid.pixel(x: 44, y: 45).a == 0)
    }

    /// A line morphs into a curve at the same command: the line is raised
    /// to a cubic with the same points, so t = 0 draws the line's shape.
    @Test func linesAndCurvesMorphIntoEachOther() throws {
        let morph = Self.scene(#"{"keyframes": [{"t": 0, "value": "M0 0 L40 0 L40 40 Z"}, {"t": 1, "value": "M0 0 C10 -10 30 -10 40 0 Q50 20 40 40 Z"}]}"#)
        let start = try Self.render(morph, at: 0)
        let plain = try Self.render(Self.scene(#""M0 0 L40 0 L40 40 Z""#), at: 0)
        #expect(start.pixels == plain.pixels)
        #expect(Path.morphable([try Path(svgData: "M0 0 L30 0"), try Path(svgData: "M0 0 Q15 15 30 0")])
            == .success([Path(elements: [.move(.zero), .quad(Point(15, 0), Point(30, 0))]),
                         Path(elements: [.move(.zero), .quad(Point(15, 15), Point(30, 0))])]))
    }

    /// Paths that cannot morph are refused at the keyframe that differs,
    /// naming the command.
    @Test func differentCommandsAreLocatedErrors() {
        let json = Self.scene(#"{"keyframes": [{"t": 0, "value": "M0 0 L10 0 L10 10 Z"}, {"t": 1, "value": "M0 0 L10 0 L10 10 L0 10"}]}"#)
        #expect(Self.errors(json) == [
            #"morph.json:1:195: $.layers[0].children[0].d.keyframes[1].value: cannot morph: this path command 4 is a line (L, H or V) where keyframe 0 has a close (Z); keyframed paths need the same commands in the same order"#])
        let count = Self.scene(#"{"keyframes": [{"t": 0, "value": "M0 0 L10 0"}, {"t": 1, "value": "M0 0 L10 0 L5 5"}]}"#)
        #expect(Self.errors(count) == [
            #"morph.json:1:186: $.layers[0].children[0].d.keyframes[1].value: cannot morph: this path has 3 commands where keyframe 0 has 2; keyframed paths need the same commands in the same order"#])
    }

    /// A pick switches between outlines of any commands.
    @Test func pickSwitchesBetweenPaths() throws {
        let pick = Self.scene(#"{"pick": ["M0 0 H10 V10 Z", "M0 0 H20 V20 H0 Z"], "index": {"expr": "t * 2"}}"#)
        #expect(try Self.render(pick, at: 0.75).pixels == Self.render(Self.scene(#""M0 0 H20 V20 H0 Z""#), at: 0).pixels)
    }

    static func errors(_ json: String) -> [String] {
        do {
            _ = try SceneDecoder.decode(Array(json.utf8), file: "morph.json")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }
}
