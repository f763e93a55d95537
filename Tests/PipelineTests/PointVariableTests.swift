import Testing
import Evaluation
import Geometry
import Pixels
import Raster
import SceneModel

/// Point variables in scenes: declared as `[x, y]`, set by events, `--set
/// NAME=x,y` and batch rows, and read by `position` and `size` expressions.
/// A rect of size `sz * 2` centred (anchor 0.5, 0.5) on `pos`, drawn on a
/// 40 × 40 canvas at scale 1; edges sit on whole pixels, so coverage is
/// exact and the checks are exact.
@Suite struct PointVariableTests {
    static let json = #"""
        {"canvas": {"width": 40, "height": 40, "duration": 2},
         "variables": {"pos": [10, 10], "sz": [4, 6]},
         "timeline": [{"at": 1, "animation": {"curve": "linear", "duration": 1}, "set": {"pos": [30, 20]}}],
         "layers": [{"type": "rect", "position": {"expr": "pos"}, "size": {"expr": "sz * 2"}, "fill": "black"}]}
        """#

    static func render(at t: Double, _ assignments: [ParameterAssignment] = []) throws -> Bitmap {
        let scene = try SceneDocument(Array(json.utf8), file: "points.json").scene(assignments)
        return Rasterizer().render(Evaluator(scene: scene).displayList(at: t))
    }

    /// Whether exactly the pixels of the rect (x0…x1) × (y0…y1) are drawn,
    /// checked at its corners and just outside them.
    static func expectRect(_ frame: Bitmap, x0: Int, y0: Int, x1: Int, y1: Int,
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (x, y) in [(x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1)] {
            #expect(frame.pixel(x: x, y: y).a == 255, "inside at (\(x), \(y))", sourceLocation: sourceLocation)
        }
        for (x, y) in [(x0 - 1, y0), (x1, y0), (x0, y0 - 1), (x0, y1)] {
            #expect(frame.pixel(x: x, y: y).a == 0, "outside at (\(x), \(y))", sourceLocation: sourceLocation)
        }
    }

    /// Size (8, 12) about (10, 10): x 6…14, y 4…16.
    @Test func positionAndSizeReadPointExpressions() throws {
        Self.expectRect(try Self.render(at: 0), x0: 6, y0: 4, x1: 14, y1: 16)
    }

    /// Halfway through the linear event pos is (20, 15): x 16…24, y 9…21.
    @Test func eventsAnimateBothComponents() throws {
        Self.expectRect(try Self.render(at: 1.5), x0: 16, y0: 9, x1: 24, y1: 21)
        Self.expectRect(try Self.render(at: 2), x0: 26, y0: 14, x1: 34, y1: 26)
    }

    /// A scale expression may give a number (both factors) or a point
    /// (sx, sy): a 4 × 4 rect about (20, 20) scaled by (2, 0.5) covers
    /// x 16…24, y 19…21.
    @Test func scaleTakesAPointExpression() throws {
        let json = #"{"canvas": {"width": 40, "height": 40, "duration": 1}, "variables": {"k": [2, 0.5]}, "layers": [{"type": "rect", "size": [4, 4], "position": [20, 20], "scale": {"expr": "k"}, "fill": "black"}]}"#
        let frame = Rasterizer().render(Evaluator(scene: try SceneDecoder.decode(Array(json.utf8), file: "s.json")).displayList(at: 0))
        Self.expectRect(frame, x0: 16, y0: 19, x1: 24, y1: 21)
    }

    /// `--set sz=2,3` halves the rect: size (4, 6) about (10, 10).
    @Test func assignmentsSetPoints() throws {
        let frame = try Self.render(at: 0, [ParameterAssignment(name: "sz", value: .text(" 2, 3"))])
        Self.expectRect(frame, x0: 8, y0: 7, x1: 12, y1: 13)
    }

    @Test func assignmentsRefuseWhatIsNotAPoint() {
        var parameters = [Parameter(name: "pos", kind: .point, value: .point(.zero))]
        let issues = Parameters.apply([ParameterAssignment(name: "pos", value: .text("1;2"))], to: &parameters, imageAssets: [])
        #expect(issues.map(\.message) == [#"expected a point (two numbers: x,y), found "1;2""#])
        let number = Parameters.apply([ParameterAssignment(name: "pos", value: .number(3))], to: &parameters, imageAssets: [])
        #expect(number.map(\.message) == ["expected a point (two numbers: x,y), found 3"])
        #expect(parameters[0].value == .point(.zero))
    }

    /// Keyframed point variables move as keyframes of `[x, y]` do.
    @Test func keyframedPointVariables() throws {
        let json = #"{"canvas": {"width": 40, "height": 40, "duration": 2}, "variables": {"pos": {"keyframes": [{"t": 0, "value": [10, 10]}, {"t": 2, "value": [30, 10]}]}}, "layers": [{"type": "rect", "position": {"expr": "pos + point(0, 10)"}, "size": [4, 4], "fill": "black"}]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "k.json")
        #expect(scene.parameters.map(\.kind) == [.point])
        let frame = Rasterizer().render(Evaluator(scene: scene).displayList(at: 1))
        Self.expectRect(frame, x0: 18, y0: 18, x1: 22, y1: 22)
    }

    /// Mistakes are located: an event giving a number to a point, an
    /// expression of the wrong type, a variable that is not two numbers.
    @Test func pointMistakesAreLocated() {
        let json = #"{"canvas": {"width": 40, "height": 40, "duration": 2}, "variables": {"pos": [1, 2], "bad": [1, 2, 3]}, "timeline": [{"at": 0, "set": {"pos": 4}}], "layers": [{"type": "rect", "size": {"expr": "pos.x"}, "fill": "black"}]}"#
        do {
            _ = try SceneDecoder.decode(Array(json.utf8), file: "p.json")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "p.json:1:92: $.variables.bad: expected [x, y], found an array of 3 items",
                "p.json:1:135: $.timeline[0].set.pos: 'pos' holds a point, found a number",
                "p.json:1:193: $.layers[0].size.expr: expected an expression giving a point, found one giving a number",
            ])
        }
    }
}
