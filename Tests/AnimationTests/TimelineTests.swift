import Testing
import Animation
import Geometry

@Suite struct TimelineTests {
    typealias Assignment = TimelineEvent.Assignment

    static func easeIn(_ d: Double, delay: Double = 0) -> AnimationSpec {
        AnimationSpec(curve: .timing(.easeIn), duration: d, delay: delay)
    }
    static func easeOut(_ d: Double) -> AnimationSpec { AnimationSpec(curve: .timing(.easeOut), duration: d) }
    static func set(_ pairs: (String, ExpressionValue)...) -> [Assignment] {
        pairs.map { Assignment(variable: $0.0, value: $0.1) }
    }

    static let blue = ColorLiteral.parse("blue")!

    /// The splash screen's `handleAnimations()` (tutorial 001, docs/SEEDS.md).
    static func splash() throws -> Timeline {
        let variables: [(String, ExpressionValue)] = [
            ("percent", .number(0)), ("uScale", .number(1)), ("lineScale", .number(1)),
            ("textAlpha", .number(0)), ("squareScale", .number(1)), ("squareColor", .color(blue)),
            ("textScale", .number(1)), ("coverCircleAlpha", .number(0)), ("coverCircleScale", .number(1)),
        ]
        let events = [
            TimelineEvent(at: 0, animation: easeIn(1), set: set(("percent", .number(1)), ("uScale", .number(5)), ("lineScale", .number(1)))),
            TimelineEvent(at: 0, animation: easeIn(1, delay: 0.5), set: set(("textAlpha", .number(1)))),
            TimelineEvent(at: 1.2, animation: easeOut(0.3), set: set(("uScale", .number(0)), ("lineScale", .number(0)))),
            TimelineEvent(at: 1.2, animation: easeOut(0.1), set: set(("squareScale", .number(0)))),
            TimelineEvent(at: 1.2, animation: AnimationSpec(curve: .spring(.default)), set: set(("textScale", .number(1.4)))),
            TimelineEvent(at: 1.3, set: set(("squareColor", .color(.white)), ("squareScale", .number(1)))),
            TimelineEvent(at: 1.3, animation: easeOut(0.4), set: set(("coverCircleAlpha", .number(1)), ("coverCircleScale", .number(1000)))),
            TimelineEvent(at: 2.0, animation: easeIn(0.4), set: set(("textAlpha", .number(0)), ("squareColor", .color(blue)))),
            TimelineEvent(at: 2.4, set: set(("percent", .number(0)), ("textScale", .number(1)),
                                            ("coverCircleAlpha", .number(0)), ("coverCircleScale", .number(1)))),
        ]
        return try Timeline(variables: variables.map { TimelineVariable(name: $0.0, initial: $0.1) },
                            events: events, loop: 2.4)
    }

    /// textScale's spring from 1 to 1.4, started at 1.2, by integration.
    static func textScale(_ t: Double) -> Double {
        let elapsed = t - 1.2
        if elapsed >= Spring.default.settleTime(from: -0.4, velocity: 0) { return 1.4 }
        return 1.4 + Reference.spring(.default, x0: -0.4, v0: 0, time: elapsed).x
    }

    static func lerp(_ a: Color, _ b: Color, _ f: Double) -> Color {
        Color(r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
    }

    /// Expected values written from the curve definitions.
    static let expectations: [(Double, [String: ExpressionValue])] = [
        (0.5, ["percent": .number(Reference.easeIn(0.5)), "uScale": .number(1 + 4 * Reference.easeIn(0.5)),
               "lineScale": .number(1), "textAlpha": .number(0), "squareScale": .number(1),
               "squareColor": .color(blue), "textScale": .number(1), "coverCircleAlpha": .number(0),
               "coverCircleScale": .number(1)]),
        (1.25, ["percent": .number(1), "uScale": .number(5 - 5 * Reference.easeOut(0.05 / 0.3)),
                "lineScale": .number(1 - Reference.easeOut(0.05 / 0.3)), "textAlpha": .number(Reference.easeIn(0.75)),
                "squareScale": .number(1 - Reference.easeOut(0.5)), "squareColor": .color(blue),
                "textScale": .number(textScale(1.25)), "coverCircleAlpha": .number(0), "coverCircleScale": .number(1)]),
        (1.35, ["percent": .number(1), "uScale": .number(5 - 5 * Reference.easeOut(0.5)),
                "lineScale": .number(1 - Reference.easeOut(0.5)), "textAlpha": .number(Reference.easeIn(0.85)),
                "squareScale": .number(1), "squareColor": .color(.white), "textScale": .number(textScale(1.35)),
                "coverCircleAlpha": .number(Reference.easeOut(0.05 / 0.4)),
                "coverCircleScale": .number(1 + 999 * Reference.easeOut(0.05 / 0.4))]),
        (2.1, ["percent": .number(1), "uScale": .number(0), "lineScale": .number(0),
               "textAlpha": .number(1 - Reference.easeIn(0.25)), "squareScale": .number(1),
               "squareColor": .color(lerp(.white, blue, Reference.easeIn(0.25))), "textScale": .number(textScale(2.1)),
               "coverCircleAlpha": .number(1), "coverCircleScale": .number(1000)]),
        // After the loop: 2.5 is 0.1 into the second run, from the initial values.
        (2.5, ["percent": .number(Reference.easeIn(0.1)), "uScale": .number(1 + 4 * Reference.easeIn(0.1)),
               "lineScale": .number(1), "textAlpha": .number(0), "squareScale": .number(1),
               "squareColor": .color(blue), "textScale": .number(1), "coverCircleAlpha": .number(0),
               "coverCircleScale": .number(1)]),
    ]

    static func close(_ a: ExpressionValue, _ b: ExpressionValue, _ tolerance: Double) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return abs(x - y) <= tolerance * max(1, abs(y))
        case let (.color(x), .color(y)):
            return [x.r - y.r, x.g - y.g, x.b - y.b, x.a - y.a].allSatisfy { abs($0) <= tolerance }
        default: return a == b
        }
    }

    @Test(arguments: expectations) func splashTimeline(time: Double, expected: [String: ExpressionValue]) throws {
        let timeline = try Self.splash()
        for (name, value) in expected {
            let actual = timeline.value(of: timeline.index(of: name)!, at: time)
            #expect(Self.close(actual, value, 1e-6), "\(name) at \(time): \(actual), expected \(value)")
        }
    }

    @Test func loopFoldsTime() throws {
        let timeline = try Self.splash()
        for v in timeline.variables.indices.map(VariableIndex.init) {
            #expect(Self.close(timeline.value(of: v, at: 2.5), timeline.value(of: v, at: 0.1), 1e-12))
            #expect(Self.close(timeline.value(of: v, at: 1000), timeline.value(of: v, at: 1000 - 2.4 * 416), 1e-9))
            #expect(timeline.value(of: v, at: 2.4) == timeline.value(of: v, at: 0))
        }
    }

    /// SwiftUI keeps an interrupted spring's velocity: value and derivative
    /// are continuous where the second spring takes over.
    @Test func interruptedSpringKeepsItsVelocity() throws {
        let spring = AnimationSpec(curve: .spring(Spring(response: 0.5, dampingFraction: 0.6)))
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "x", initial: .number(0))],
            events: [TimelineEvent(at: 0, animation: spring, set: Self.set(("x", .number(1)))),
                     TimelineEvent(at: 0.2, animation: spring, set: Self.set(("x", .number(-1))))])
        let x = timeline.index(of: "x")!
        let h = 1e-7
        let before = timeline.value(of: x, at: 0.2 - h).number, after = timeline.value(of: x, at: 0.2 + h).number
        let vBefore = timeline.velocity(of: x, at: 0.2 - h), vAfter = timeline.velocity(of: x, at: 0.2 + h)
        #expect(abs(before - after) < 1e-5)
        #expect(vBefore > 1)  // still moving fast toward 1
        #expect(abs(vBefore - vAfter) < 1e-4)
        // Numerical derivative on each side agrees too.
        let dBefore = (before - timeline.value(of: x, at: 0.2 - 2 * h).number) / h
        let dAfter = (timeline.value(of: x, at: 0.2 + 2 * h).number - after) / h
        #expect(abs(dBefore - dAfter) < 1e-2)
        // The second movement is the spring ODE from that state toward −1.
        let s = Spring(response: 0.5, dampingFraction: 0.6)
        let start = Reference.spring(s, x0: -1, v0: 0, time: 0.2)
        let later = Reference.spring(s, x0: start.x + 1 + 1, v0: start.v, time: 0.3)
        #expect(abs(timeline.value(of: x, at: 0.5).number - (later.x - 1)) < 1e-4)
    }

    @Test func timingCurveInterruptsFromTheCurrentValue() throws {
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "x", initial: .number(0))],
            events: [TimelineEvent(at: 0, animation: AnimationSpec(curve: .timing(.linear), duration: 1), set: Self.set(("x", .number(10)))),
                     TimelineEvent(at: 0.5, animation: AnimationSpec(curve: .timing(.linear), duration: 1), set: Self.set(("x", .number(0))))])
        let x = timeline.index(of: "x")!
        #expect(timeline.value(of: x, at: 0.5) == .number(5))
        #expect(timeline.value(of: x, at: 1.0) == .number(2.5))
        #expect(timeline.value(of: x, at: 1.5) == .number(0))
    }

    static func repeating(_ count: AnimationRepeat.Count, autoreverses: Bool = true) throws -> (Timeline, VariableIndex) {
        let spec = AnimationSpec(curve: .timing(.linear), duration: 1, repeats: AnimationRepeat(count: count, autoreverses: autoreverses))
        let timeline = try Timeline(variables: [TimelineVariable(name: "x", initial: .number(0))],
                                    events: [TimelineEvent(at: 1, animation: spec, set: set(("x", .number(1))))])
        return (timeline, timeline.index(of: "x")!)
    }

    @Test func repeatCountCountsPassesAndEndsAtTheNewValue() throws {
        let (t3, x3) = try Self.repeating(.times(3))
        let expected: [(Double, Double)] = [(0.5, 0), (1.25, 0.25), (2.25, 0.75), (3.25, 0.25), (4, 1), (9, 1)]
        for (time, value) in expected { #expect(t3.value(of: x3, at: time) == .number(value), "at \(time)") }
        #expect(t3.velocity(of: x3, at: 2.5) == -1)

        // Two passes end back at the old value, then hold the new one.
        let (t2, x2) = try Self.repeating(.times(2))
        #expect(t2.value(of: x2, at: 2.75) == .number(0.25))
        #expect(t2.value(of: x2, at: 3.0) == .number(1))

        // Without autoreverses every pass runs forwards.
        let (tf, xf) = try Self.repeating(.times(2), autoreverses: false)
        #expect(tf.value(of: xf, at: 2.25) == .number(0.25))
    }

    @Test func foreverKeepsGoingWithoutStepping() throws {
        let (timeline, x) = try Self.repeating(.forever)
        #expect(timeline.value(of: x, at: 1001.25) == .number(0.25))   // pass 1000: forwards
        #expect(timeline.value(of: x, at: 1002.25) == .number(0.75))   // pass 1001: backwards
        #expect(timeline.value(of: x, at: 1e9 + 1.5) == .number(0.5))
    }

    @Test func repeatingSpringAlternates() throws {
        let spring = Spring(stiffness: 200, damping: 30)
        let spec = AnimationSpec(curve: .spring(spring), repeats: AnimationRepeat(count: .times(3)))
        let timeline = try Timeline(variables: [TimelineVariable(name: "x", initial: .number(0))],
                                    events: [TimelineEvent(at: 0, animation: spec, set: Self.set(("x", .number(1))))])
        let x = timeline.index(of: "x")!
        let pass = spring.settleTime(from: -1, velocity: 0)
        #expect(abs(timeline.value(of: x, at: pass + 0.05).number - (0 + spring.displacement(at: 0.05, from: 1, velocity: 0))) < 1e-12)
        #expect(timeline.value(of: x, at: 3 * pass + 0.01) == .number(1))
    }

    @Test func withoutAnimationVariablesJumpAtTheEventTime() throws {
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "x", initial: .number(0)), TimelineVariable(name: "on", initial: .bool(false))],
            events: [TimelineEvent(at: 1, set: Self.set(("x", .number(5)))),
                     TimelineEvent(at: 2, animation: Self.easeIn(1, delay: 0.5), set: Self.set(("on", .bool(true))))])
        let x = timeline.index(of: "x")!, on = timeline.index(of: "on")!
        #expect(timeline.value(of: x, at: 0.999) == .number(0))
        #expect(timeline.value(of: x, at: 1) == .number(5))
        // Booleans never interpolate: they switch when the movement would start.
        #expect(timeline.value(of: on, at: 2.49) == .bool(false))
        #expect(timeline.value(of: on, at: 2.5) == .bool(true))
    }

    @Test func colorsSpringPerComponentAndMayOvershoot() throws {
        let spring = AnimationSpec(curve: .spring(Spring(response: 0.5, dampingFraction: 0.3)))
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "c", initial: .color(.black))],
            events: [TimelineEvent(at: 0, animation: spring, set: Self.set(("c", .color(Color(r: 1, g: 0.5, b: 0)))))])
        let c = timeline.value(of: timeline.index(of: "c")!, at: 0.3).color
        #expect(c.r > 1)  // overshoot is kept; the renderer clamps
        #expect(abs(c.g - c.r / 2) < 1e-12)
        #expect(c.b == 0 && c.a == 1)
    }

    @Test func keyframedVariablesFoldWithTheLoop() throws {
        let keys = Keyframes(keys: [Keyframe(time: 0, value: 0.0), Keyframe(time: 1, value: 10.0)])
        let timeline = try Timeline(variables: [TimelineVariable(name: "k", definition: .numberKeyframes(keys))],
                                    events: [], loop: 2)
        let k = timeline.index(of: "k")!
        #expect(timeline.value(of: k, at: 2.5) == .number(5))
        #expect(timeline.velocity(of: k, at: 2.5) == 10)
    }

    @Test func delayedMovementStartsFromTheValueAtItsStart() throws {
        // x is moving (0 → 10 over 1 s) when a delayed movement to 0 begins at 0.5.
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "x", initial: .number(0))],
            events: [TimelineEvent(at: 0, animation: AnimationSpec(curve: .timing(.linear), duration: 1), set: Self.set(("x", .number(10)))),
                     TimelineEvent(at: 0.25, animation: AnimationSpec(curve: .timing(.linear), duration: 1, delay: 0.25),
                                   set: Self.set(("x", .number(0))))])
        let x = timeline.index(of: "x")!
        #expect(timeline.value(of: x, at: 0.4) == .number(4))
        #expect(timeline.value(of: x, at: 1.0) == .number(2.5))
    }

    @Test func problemsAreReportedTogetherWithPaths() {
        #expect {
            _ = try Timeline(
                variables: [TimelineVariable(name: "uScale", initial: .number(1)), TimelineVariable(name: "t", initial: .number(0)),
                            TimelineVariable(name: "k", definition: .numberKeyframes(Keyframes(keys: [Keyframe(time: 0, value: 1.0)])))],
                events: [TimelineEvent(at: 0, animation: AnimationSpec(duration: -1),
                                       set: Self.set(("uScal", .number(2)), ("uScale", .color(.white)), ("k", .number(1)))),
                         TimelineEvent(at: 1, animation: AnimationSpec(repeats: AnimationRepeat(count: .times(0))), set: [])],
                loop: 0)
        } throws: { error in
            let messages = (error as! TimelineError).issues.map(\.description)
            return messages == [
                "loop: expected a number > 0, found 0",
                "variables.t: 't' is a built-in name of expressions; choose another variable name",
                "timeline[0].animation.duration: expected a number ≥ 0, found -1",
                "timeline[0].set.uScal: unknown variable 'uScal'; did you mean 'uScale'?",
                "timeline[0].set.uScale: 'uScale' holds a number, found a colour",
                "timeline[0].set.k: 'k' is declared as keyframes; timeline events cannot set it",
                "timeline[1].animation.repeat.count: expected a count ≥ 1, found 0",
            ]
        }
    }
}
