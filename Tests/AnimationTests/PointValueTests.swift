import Testing
import Animation
import Geometry

/// Points in the expression language and on the timeline: SwiftUI animates
/// a `CGPoint`/`CGSize` as an `AnimatablePair`, each component along the
/// same curve or spring, so every expectation is the number case applied
/// to x and y separately.
@Suite struct PointValueTests {
    struct Context: ExpressionContext {
        var time = 0.0
        var frame = 0.0
        var seed = 0
        func value(of variable: VariableIndex) -> ExpressionValue {
            [.point(Point(10, 20)), .color(Color(r: 1, g: 0.5, b: 0.25, a: 0.75)), .number(4)][variable.rawValue]
        }
    }

    static let symbols = ExpressionSymbols([("pos", .point), ("tint", .color), ("k", .number)])

    static func evaluate(_ source: String) throws -> ExpressionValue {
        try CompiledExpression(source, symbols: symbols).evaluate(in: Context())
    }

    static let values: [(String, ExpressionValue)] = [
        ("pos", .point(Point(10, 20))),
        ("point(1, 2) + point(3, 4)", .point(Point(4, 6))),
        ("pos - point(1, 2)", .point(Point(9, 18))),
        ("pos * 2", .point(Point(20, 40))),
        ("k * pos", .point(Point(40, 80))),
        ("pos / 4", .point(Point(2.5, 5))),
        ("-pos + pos * 3", .point(Point(20, 40))),
        ("pos.x + pos.y", .number(30)),
        ("pos.width * 10 + pos.height", .number(120)),
        ("(pos * 2).y", .number(40)),
        ("lerp(point(0, 0), pos, 0.25)", .point(Point(2.5, 5))),
        ("mix(pos, point(20, 0), 0.5)", .point(Point(15, 10))),
        ("pos == point(10, 20)", .bool(true)),
        ("pos != point(10, 20)", .bool(false)),
        ("k > 3 ? pos : point(0, 0)", .point(Point(10, 20))),
        ("tint.g + tint.a", .number(1.25)),
    ]

    @Test(arguments: values) func pointExpressions(source: String, expected: ExpressionValue) throws {
        let compiled = try CompiledExpression(source, symbols: Self.symbols)
        #expect(compiled.type == expected.type)
        #expect(compiled.evaluate(in: Context()) == expected)
    }

    static let errors: [(String, [(Int, String)])] = [
        ("pos + 1", [(6, "expected a point, found a number")]),
        ("pos * pos", [(6, "expected a number, found a point")]),
        ("1 / pos", [(0, "expected a point, found a number"), (4, "expected a number, found a point")]),
        ("pos < pos", [(0, "expected a number, found a point"), (6, "expected a number, found a point")]),
        ("pos.widht", [(4, "a point has no member 'widht'; did you mean 'width'?")]),
        ("k.x", [(2, "a number has no member 'x'")]),
        ("point(1, 'red')", [(9, "expected a number, found a colour")]),
        ("lerp(pos, 1, 0.5)", [(10, "expected a point, found a number")]),
        ("pos.", [(4, "expected a member name, found the end of the expression")]),
    ]

    @Test(arguments: errors) func pointErrors(source: String, expected: [(Int, String)]) {
        #expect(throws: ExpressionErrors.self) { try CompiledExpression(source, symbols: Self.symbols) }
        do {
            _ = try CompiledExpression(source, symbols: Self.symbols)
        } catch {
            #expect(error.errors.map(\.offset) == expected.map(\.0), "\(source)")
            #expect(error.errors.map(\.message) == expected.map(\.1), "\(source)")
        }
    }

    static func set(_ name: String, _ value: ExpressionValue) -> [TimelineEvent.Assignment] {
        [TimelineEvent.Assignment(variable: name, value: value)]
    }

    /// An ease-in-out event moves x and y by the same fraction: at 0.25 s of
    /// 1 s easeInOut (cubic-bezier(0.42, 0, 0.58, 1)) the fraction is
    /// `Reference.easeInOut(0.25)` (by bisection, so within 1e-7 of it).
    @Test func eventsMoveBothComponentsAlongTheCurve() throws {
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "pos", initial: .point(Point(10, 20)))],
            events: [TimelineEvent(at: 0, animation: AnimationSpec(curve: .timing(.easeInOut), duration: 1),
                                   set: Self.set("pos", .point(Point(110, 220))))])
        let pos = timeline.index(of: "pos")!
        let f = Reference.easeInOut(0.25)
        let p = timeline.value(of: pos, at: 0.25).point
        #expect(abs(p.x - (10 + 100 * f)) < 1e-5)
        #expect(abs(p.y - (20 + 200 * f)) < 2e-5)
        // Both components by exactly the same fraction.
        #expect(abs((p.x - 10) / 100 - (p.y - 20) / 200) < 1e-15)
        #expect(timeline.value(of: pos, at: 2) == .point(Point(110, 220)))
    }

    /// A spring moves each component on its own and an interrupting spring
    /// keeps each one's velocity: x goes 0 → 100 then, at 0.2 s, back to 0;
    /// y goes 0 → 50 and back. Each follows the spring ODE (Runge–Kutta
    /// reference) from its own displacement and velocity.
    @Test func springsMoveEachComponentAndKeepItsVelocity() throws {
        let s = Spring(response: 0.5, dampingFraction: 0.6)
        let spring = AnimationSpec(curve: .spring(s))
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "pos", initial: .point(.zero))],
            events: [TimelineEvent(at: 0, animation: spring, set: Self.set("pos", .point(Point(100, 50)))),
                     TimelineEvent(at: 0.2, animation: spring, set: Self.set("pos", .point(.zero)))])
        let pos = timeline.index(of: "pos")!
        for (lane, target) in [(0, 100.0), (1, 50.0)] {
            let first = Reference.spring(s, x0: -target, v0: 0, time: 0.2)
            let later = Reference.spring(s, x0: target + first.x, v0: first.v, time: 0.3)
            let p = timeline.value(of: pos, at: 0.5).point
            let value = lane == 0 ? p.x : p.y
            #expect(abs(value - later.x) < 1e-4 * target, "lane \(lane)")
        }
    }

    /// Keyframed point variables interpolate both components.
    @Test func keyframedPointVariables() throws {
        let keys = Keyframes(keys: [Keyframe(time: 0, value: Point(0, 0)), Keyframe(time: 2, value: Point(40, -20))])
        let timeline = try Timeline(variables: [TimelineVariable(name: "p", definition: .pointKeyframes(keys))], events: [])
        #expect(timeline.value(of: timeline.index(of: "p")!, at: 0.5) == .point(Point(10, -5)))
        #expect(timeline.variables[0].type == .point)
    }

    /// An event must give a point to a point variable.
    @Test func eventsCheckThePointType() {
        #expect(throws: TimelineError.self) {
            try Timeline(variables: [TimelineVariable(name: "pos", initial: .point(.zero))],
                         events: [TimelineEvent(at: 0, set: Self.set("pos", .number(1)))])
        }
        do {
            _ = try Timeline(variables: [TimelineVariable(name: "pos", initial: .point(.zero))],
                             events: [TimelineEvent(at: 0, set: Self.set("pos", .number(1)))])
        } catch {
            #expect(error.issues.map(\.description) == ["timeline[0].set.pos: 'pos' holds a point, found a number"])
        }
    }
}
