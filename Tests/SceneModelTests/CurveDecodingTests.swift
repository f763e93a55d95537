import Testing
import Animation
@testable import SceneModel

/// `"hold"` keyframes, SwiftUI's spring presets and `spring(duration:bounce:)`
/// in timeline animations, and their located errors.
@Suite struct CurveDecodingTests {
    static func timeline(_ curve: String) -> String {
        #"{"canvas": {"width": 10, "height": 10, "duration": 2}, "variables": {"x": 0}, "timeline": [{"at": 0.5, "animation": {"curve": \#(curve)}, "set": {"x": 1}}]}"#
    }

    static func scene(_ json: String) throws(SceneLoadError) -> Scene { try SceneDecoderTests().decode(json) }

    static func messages(_ json: String) -> [String] { SceneDecoderTests().messages(json) }

    /// A hold keyframe: 0 until t = 1, then 10.
    @Test func holdKeyframesJump() throws {
        let s = try Self.scene(#"{"canvas": {"width": 10, "height": 10, "duration": 2}, "layers": [{"type": "rect", "size": [1, 1], "rotation": {"keyframes": [{"t": 0, "value": 0}, {"t": 1, "value": 10, "curve": "hold"}]}}]}"#)
        guard case .keyframes(let k) = s.layers[0].rotation else { Issue.record("\(s.layers[0].rotation)"); return }
        #expect(k.keys[1].curve == .hold)
        #expect(k.value(at: 0.99) == 0 && k.value(at: 1) == 10)
    }

    /// The variable follows the named spring from 0 to 1, starting at 0.5 s:
    /// x(t) = 1 + displacement(t − 0.5) from −1 at rest (to 1e-9), until the
    /// spring settles within 0.1 % of its distance and x holds 1.
    @Test(arguments: [
        (#""smooth""#, Spring(duration: 0.5, bounce: 0)),
        (#""snappy""#, Spring(duration: 0.5, bounce: 0.15)),
        (#""bouncy""#, Spring(duration: 0.5, bounce: 0.3)),
        (#"{"bouncy": {"duration": 0.3, "extraBounce": 0.2}}"#, Spring(duration: 0.3, bounce: 0.5)),
        (#"{"spring": {"duration": 0.4, "bounce": -0.5}}"#, Spring(duration: 0.4, bounce: -0.5)),
        (#"{"spring": {"response": 0.4, "dampingFraction": 0.5}}"#, Spring(response: 0.4, dampingFraction: 0.5)),
    ])
    func springCurvesDriveTheTimeline(curve: String, spring: Spring) throws {
        let s = try Self.scene(Self.timeline(curve))
        let x = s.timeline.index(of: "x")!
        for t in [0.6, 0.8, 1.2] {
            let expected = 1 + spring.displacement(at: t - 0.5, from: -1, velocity: 0)
            let actual = s.timeline.value(of: x, at: t).number
            #expect(abs(actual - expected) < 1e-9 || (actual == 1 && abs(expected - 1) < 0.001), "\(curve) at \(t)")
        }
    }

    @Test(arguments: [
        (timeline(#"{"spring": {"duration": 0.4, "dampingFraction": 0.5}}"#),
         [#"s.json:1:138: $.timeline[0].animation.curve.spring: a spring takes "response" and "dampingFraction", or "duration" and "bounce", not both kinds"#]),
        (timeline(#"{"spring": {"bounce": 1.5}}"#),
         [#"s.json:1:149: $.timeline[0].animation.curve.spring.bounce: expected a number > -1 and ≤ 1, found 1.5"#]),
        (timeline(#"{"bouncy": {"extraBounce": 0.8}}"#),
         [#"s.json:1:154: $.timeline[0].animation.curve.bouncy.extraBounce: bouncy's bounce 0.3 plus this must lie above -1 and at most 1, found 0.8"#]),
        (timeline(#"{"snappy": {"duraton": 0.3}}"#),
         [#"s.json:1:139: $.timeline[0].animation.curve.snappy.duraton: unknown key "duraton" in a spring preset; did you mean "duration"?"#]),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 2}, "layers": [{"type": "rect", "size": [1, 1], "rotation": {"keyframes": [{"t": 0, "value": 0, "curve": "bouncy"}]}}]}"#,
         [#"s.json:1:157: $.layers[0].rotation.keyframes[0].curve: springs are not available on keyframes; animate a variable with a timeline event instead"#]),
        (#"{"canvas": {"width": 10, "height": 10, "duration": 2}, "layers": [{"type": "rect", "size": [1, 1], "rotation": {"keyframes": [{"t": 0, "value": 0, "curve": "hodl"}]}}]}"#,
         [#"s.json:1:157: $.layers[0].rotation.keyframes[0].curve: expected a curve ("linear", "easeIn", "easeOut", "easeInOut", "hold" or {"cubicBezier": [x1, y1, x2, y2]}), found "hodl"; did you mean "hold"?"#]),
    ])
    func curveMistakesAreLocated(json: String, messages: [String]) {
        #expect(Self.messages(json) == messages)
    }
}
