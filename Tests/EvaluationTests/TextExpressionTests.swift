import Testing
import Animation
import DisplayList
import SceneModel
@testable import Evaluation

/// A text's content from an expression, `{"expr": …, "format": …}`: the
/// same as the placeholder `"{expr:format}"`.
@Suite struct TextExpressionTests {
    static func scene(_ text: String, variables: String = "{}") throws(SceneLoadError) -> Scene {
        let json = #"{"canvas": {"width": 100, "height": 40, "duration": 3}, "variables": \#(variables), "layers": [{"type": "text", "text": \#(text), "position": [50, 20]}]}"#
        return try SceneDecoder.decode(Array(json.utf8), file: "text.json")
    }

    static func text(of scene: Scene) -> AnimatedString? {
        guard case .text(let node) = scene.layers.first?.kind else { return nil }
        return node.text
    }

    /// A counter: at t = 0, 1, 2 the text is "0", "1", "2", laid out as
    /// those constant texts are.
    @Test func counterWritesEachSecond() throws {
        let counter = try Self.scene(#"{"expr": "floor(t)", "format": "d"}"#)
        let evaluator = Evaluator(scene: counter)
        for n in 0...2 {
            let t = Double(n)
            #expect(Self.text(of: counter)?.value(in: counter.context(at: t)) == String(n))
            let constant = Evaluator(scene: try Self.scene("\"\(n)\""))
            #expect(evaluator.displayList(at: t) == constant.displayList(at: t), "t = \(n)")
        }
    }

    /// The expression and its placeholder spelling give the same text at
    /// every moment; a fixed value is written once, at load.
    @Test func sameAsThePlaceholder() throws {
        let variables = #"{"temp": 21.456, "n": 0}"#
        let timeline = #"{"keyframes": [{"t": 0, "value": 0}, {"t": 3, "value": 30}]}"#
        let moving = #"{"temp": 21.456, "n": \#(timeline)}"#
        let expr = try Self.scene(#"{"expr": "temp + n", "format": ".1f"}"#, variables: moving)
        let placeholder = try Self.scene(#""{temp + n:.1f}""#, variables: moving)
        for t in [0, 0.5, 1.25, 3] {
            let a = Self.text(of: expr)?.value(in: expr.context(at: t))
            #expect(a != nil && a == Self.text(of: placeholder)?.value(in: placeholder.context(at: t)))
        }
        #expect(Self.text(of: try Self.scene(#"{"expr": "temp", "format": "05.2f"}"#, variables: variables)) == .constant("21.46"))
        #expect(Self.text(of: try Self.scene(#"{"expr": "n < 1"}"#, variables: variables)) == .constant("true"))
    }

    @Test func mistakesAreLocated() {
        func errors(_ text: String) -> [String] {
            do {
                _ = try Self.scene(text, variables: #"{"tint": "red"}"#)
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(errors(#"{"expr": "tint"}"#) == [
            "text.json:1:132: $.layers[0].text.expr: expected an expression giving a number or a boolean, found one giving a colour"])
        #expect(errors(#"{"expr": "1", "format": "x"}"#) == [
            #"text.json:1:147: $.layers[0].text.format: expected a number format ("d", ".1f", "03d", …), found "x""#])
        #expect(errors(#"{"expr": "1 +"}"#) == [
            "text.json:1:136: $.layers[0].text.expr: expected an expression, found the end of the expression"])
    }
}
