import Testing
import Animation
import Geometry
@testable import SceneModel

/// The splash sequence's timeline (tutorial 001, docs/SEEDS.md) written as a scene,
/// read back through the decoder, and checked against values computed by hand
/// from the curve definitions (to 1e-9).
@Suite struct SplashTimelineTests {
    static let json = """
        {"canvas": {"width": 390, "height": 844, "duration": 3},
         "variables": {"percent": 0, "uScale": 1, "lineScale": 1, "textAlpha": 0, "squareScale": 1,
                       "squareColor": "#1F5BFF", "textScale": 1, "coverCircleAlpha": 0, "coverCircleScale": 1},
         "loop": {"every": 2.4, "resets": ["percent", "textScale", "coverCircleAlpha", "coverCircleScale"]},
         "timeline": [
           {"at": 0, "animation": {"curve": "easeIn", "duration": 1}, "set": {"percent": 1, "uScale": 5, "lineScale": 1}},
           {"at": 0, "animation": {"curve": "easeIn", "duration": 1, "delay": 0.5}, "set": {"textAlpha": 1}},
           {"at": 1.2, "animation": {"curve": "easeOut", "duration": 0.3}, "set": {"uScale": 0, "lineScale": 0}},
           {"at": 1.2, "animation": {"curve": "easeOut", "duration": 0.1}, "set": {"squareScale": 0}},
           {"at": 1.2, "animation": {"curve": "spring"}, "set": {"textScale": 1.4}},
           {"at": 1.3, "set": {"squareColor": "#FFFFFF", "squareScale": 1}},
           {"at": 1.3, "animation": {"curve": "easeOut", "duration": 0.4}, "set": {"coverCircleAlpha": 1, "coverCircleScale": 1000}},
           {"at": 2.0, "animation": {"curve": "easeIn", "duration": 0.4}, "set": {"textAlpha": 0, "squareColor": "#1F5BFF"}}
         ]}
        """

    let scene: Scene

    init() throws {
        scene = try SceneDecoder.decode(Array(Self.json.utf8), file: "splash.json")
    }

    func number(_ name: String, _ t: Double) -> Double {
        scene.timeline.value(of: scene.timeline.index(of: name)!, at: t).number
    }

    func color(_ name: String, _ t: Double) -> Color {
        scene.timeline.value(of: scene.timeline.index(of: name)!, at: t).color
    }

    let easeIn = Curve.easeIn, easeOut = Curve.easeOut

    @Test func atHalfASecond() {
        #expect(abs(number("percent", 0.5) - easeIn.value(at: 0.5)) < 1e-9)
        #expect(abs(number("uScale", 0.5) - (1 + 4 * easeIn.value(at: 0.5))) < 1e-9)
        #expect(number("lineScale", 0.5) == 1)
        #expect(number("textAlpha", 0.5) == 0)  // its animation waits 0.5 s
    }

    @Test func atOnePointTwoFive() {
        #expect(number("percent", 1.25) == 1)
        #expect(abs(number("uScale", 1.25) - 5 * (1 - easeOut.value(at: 0.05 / 0.3))) < 1e-9)
        #expect(abs(number("squareScale", 1.25) - (1 - easeOut.value(at: 0.5))) < 1e-9)
        #expect(abs(number("textAlpha", 1.25) - easeIn.value(at: 0.75)) < 1e-9)
        // spring(): from 1 toward 1.4, 0.05 s in, starting at rest.
        let spring = Spring(response: 0.55, dampingFraction: 0.825)
        #expect(abs(number("textScale", 1.25) - (1.4 + spring.displacement(at: 0.05, from: -0.4, velocity: 0))) < 1e-9)
        #expect(number("textScale", 1.25) > 1 && number("textScale", 1.25) < 1.4)
    }

    @Test func atOnePointThreeFive() {
        #expect(number("squareScale", 1.35) == 1)
        let f = easeOut.value(at: 0.05 / 0.4)
        #expect(abs(number("coverCircleAlpha", 1.35) - f) < 1e-9)
        #expect(abs(number("coverCircleScale", 1.35) - (1 + 999 * f)) < 1e-6)
        #expect(color("squareColor", 1.35) == .white)
        // The spring on the title overshoots 1.4 before it settles.
        #expect(stride(from: 1.3, through: 2.3, by: 0.01).contains { number("textScale", $0) > 1.4 })
    }

    @Test func atTwoPointOne() {
        let f = easeIn.value(at: 0.25)
        #expect(abs(number("textAlpha", 2.1) - (1 - f)) < 1e-9)
        let blue = Color(r: 0x1F / 255.0, g: 0x5B / 255.0, b: 1)
        let c = color("squareColor", 2.1)
        #expect(abs(c.r - (1 + (blue.r - 1) * f)) < 1e-9 && abs(c.g - (1 + (blue.g - 1) * f)) < 1e-9 && c.b == 1)
    }

    /// The square is the splash blue from the first frame (its `.onAppear`
    /// sets `fuberBlue` before anything animates).
    @Test func squareStartsBlue() {
        #expect(color("squareColor", 0) == ColorLiteral.parse("#1F5BFF")!)
        #expect(color("squareColor", 0.1) == ColorLiteral.parse("#1F5BFF")!)
    }

    /// 2.5 s is 0.1 s into the second pass: `restartAnimation()` reset
    /// percent, textScale and the cover circle; uScale and lineScale carry
    /// over from 0, the square stays blue.
    @Test func afterTheLoop() {
        #expect(abs(number("percent", 2.5) - easeIn.value(at: 0.1)) < 1e-9)
        #expect(abs(number("percent", 2.5) - number("percent", 0.1)) < 1e-12)
        #expect(number("coverCircleScale", 2.5) == 1)
        #expect(number("textScale", 2.5) == 1)
        #expect(abs(number("uScale", 2.5) - 5 * easeIn.value(at: 0.1)) < 1e-9)
        #expect(abs(number("lineScale", 2.5) - easeIn.value(at: 0.1)) < 1e-9)
        #expect(number("textAlpha", 2.5) == 0)
        #expect(color("squareColor", 2.5) == ColorLiteral.parse("#1F5BFF")!)
    }
}
