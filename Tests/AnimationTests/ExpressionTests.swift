import Testing
import Animation
import Determinism
import Geometry

/// A fixed context: t = 1.5 s, frame 90, seed 17 and four variables.
struct FixedContext: ExpressionContext {
    var time = 1.5
    var frame = 90.0
    var seed = 17
    var values: [ExpressionValue] = [.number(2), .color(.white), .bool(true), .number(0.25)]

    static let symbols = ExpressionSymbols([("uScale", .number), ("squareColor", .color), ("visibleFlag", .bool), ("percent", .number)])

    func value(of variable: VariableIndex) -> ExpressionValue { values[variable.rawValue] }
}

@Suite struct ExpressionTests {
    func evaluate(_ source: String, _ context: FixedContext = FixedContext()) throws -> ExpressionValue {
        try CompiledExpression(source, symbols: FixedContext.symbols).evaluate(in: context)
    }

    static let precedence: [(String, ExpressionValue)] = [
        ("1 + 2 * 3", .number(7)),
        ("(1 + 2) * 3", .number(9)),
        ("10 - 4 - 3", .number(3)),
        ("100 / 10 / 5", .number(2)),
        ("2 * 3 % 4", .number(2)),
        ("2 + 3 % 2", .number(3)),
        ("-2 * 3", .number(-6)),
        ("-2 + 3", .number(1)),
        ("2 - -2", .number(4)),
        ("- - 3", .number(3)),
        ("+3", .number(3)),
        ("1 - 2 + 3", .number(2)),
        ("1 < 2 == true", .bool(true)),
        ("1 + 1 == 2 && 3 > 2", .bool(true)),
        ("true || false && false", .bool(true)),
        ("(true || false) && false", .bool(false)),
        ("!true || true", .bool(true)),
        ("!(1 > 2)", .bool(true)),
        ("1 <= 1 && 2 >= 3 || 1 != 1", .bool(false)),
        ("false ? 1 : true ? 2 : 3", .number(2)),
        ("true ? false ? 1 : 2 : 3", .number(2)),
        ("1 < 2 ? 10 : 20", .number(10)),
        ("uScale * 1.4", .number(2 * 1.4)),
        ("t * 2 + frame", .number(93)),
        ("min(3, 2) * 2 + 1", .number(5)),
        (".5 + 0.5", .number(1)),
        ("1e2 + 1", .number(101)),
        ("2.5E-1", .number(0.25)),
        ("visibleFlag && percent < 0.5", .bool(true)),
        ("percent >= 0.25 != false", .bool(true)),
        ("clamp(5, 0, 1) + abs(-2)", .number(3)),
        ("max(uScale, 3) - pow(2, 3)", .number(-5)),
        ("squareColor == 'white'", .bool(true)),
        ("squareColor != '#FFFFFF'", .bool(false)),
    ]

    @Test(arguments: precedence) func precedenceAndAssociativity(source: String, expected: ExpressionValue) throws {
        #expect(try evaluate(source) == expected)
    }

    @Test func remainderKeepsTheDividendsSign() throws {
        #expect(try evaluate("7 % 3") == .number(1))
        #expect(try evaluate("-7 % 3") == .number(-1))
        #expect(try evaluate("7 % -3") == .number(1))
        #expect(try evaluate("-7.5 % 2") == .number(-1.5))
    }

    @Test func roundingFunctions() throws {
        let cases: [(String, Double)] = [
            ("round(2.5)", 3), ("round(-2.5)", -3), ("round(0.5)", 1), ("round(-0.5)", -1),
            ("round(1.4999)", 1), ("round(0.49999999999999994)", 0),
            ("floor(-1.5)", -2), ("ceil(-1.5)", -1), ("floor(2)", 2),
        ]
        for (source, value) in cases { #expect(try evaluate(source) == .number(value), "\(source)") }
    }

    @Test func mathFunctions() throws {
        #expect(try evaluate("sin(pi / 2)") == .number(1))
        #expect(try evaluate("cos(0)") == .number(1))
        #expect(abs(try evaluate("atan2(1, 1)").number - DeterministicMath.pi / 4) < 1e-16)
        #expect(abs(try evaluate("tan(pi / 4)").number - 1) < 1e-15)
        #expect(try evaluate("sqrt(16)") == .number(4))
        #expect(try evaluate("lerp(0, 10, 0.3)") == .number(3))
        #expect(try evaluate("mix(0, 10, 0.5)") == .number(5))
        #expect(try evaluate("smoothstep(0, 1, 0.5)") == .number(0.5))
        #expect(try evaluate("smoothstep(0, 1, -1)") == .number(0))
        #expect(try evaluate("smoothstep(2, 4, 9)") == .number(1))
    }

    @Test func randomIsStableAndInTheUnitInterval() throws {
        let a = try evaluate("random(1)"), b = try evaluate("random(1)")
        #expect(a == b)
        // Pinned: any change to the hash would reshuffle every scene.
        #expect(a == .number(StableRandom.unit(seed: 17, key: 1)))
        #expect(StableRandom.unit(seed: 17, key: 1) == 0.48125542275252575)
        #expect(try evaluate("random(1)", FixedContext(seed: 18)) != a)
        #expect(try evaluate("random(2)") != a)
        #expect(try evaluate("random(-0)") == (try evaluate("random(0)")))
        var sum = 0.0
        for k in 0..<2000 {
            let r = StableRandom.unit(seed: 17, key: Double(k))
            #expect(r >= 0 && r < 1)
            sum += r
        }
        #expect(abs(sum / 2000 - 0.5) < 0.03)
    }

    @Test func mixBlendsColoursInStraightAlpha() throws {
        #expect(try evaluate("mix('#000000', '#FFFFFF', 0.25)") == .color(Color(r: 0.25, g: 0.25, b: 0.25)))
        // White to clear: straight alpha, so the colour darkens as it fades.
        #expect(try evaluate("mix(squareColor, 'clear', 0.5)") == .color(Color(r: 0.5, g: 0.5, b: 0.5, a: 0.5)))
        #expect(try evaluate("lerp('#F00', '#0000FF88', 1)") == .color(Color(r: 0, g: 0, b: 1, a: Double(0x88) / 255)))
        #expect(try evaluate("'blue'") == .color(ColorLiteral.hex(0x007AFF)))
    }

    @Test func resultTypesAreKnownAfterChecking() throws {
        let cases: [(String, ValueType)] = [
            ("visibleFlag ? 'red' : squareColor", .color), ("uScale > 1 ? 1 : 0", .number),
            ("percent < 0.5", .bool), ("mix('red', 'blue', t)", .color), ("mix(1, 2, t)", .number),
        ]
        for (source, type) in cases {
            #expect(try CompiledExpression(source, symbols: FixedContext.symbols).type == type, "\(source)")
        }
        #expect(try evaluate("visibleFlag ? 'red' : squareColor") == .color(ColorLiteral.hex(0xFF3B30)))
    }

    @Test func constantExpressionsAreMarked() throws {
        #expect(try CompiledExpression("1 + random(3) * pi", symbols: FixedContext.symbols).isConstant)
        #expect(try !CompiledExpression("t", symbols: FixedContext.symbols).isConstant)
        #expect(try !CompiledExpression("uScale", symbols: FixedContext.symbols).isConstant)
    }

    @Test func longChainsNeitherRecurseNorGrowTheStack() throws {
        let source = Array(repeating: "1", count: 10_000).joined(separator: " + ")
        #expect(try evaluate(source) == .number(10_000))
        let nested = String(repeating: "(", count: 63) + "2" + String(repeating: ")", count: 63)
        #expect(try evaluate(nested) == .number(2))
    }

    @Test func evaluatesFromTheTimeline() throws {
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "x", initial: .number(0))],
            events: [TimelineEvent(at: 0, animation: AnimationSpec(curve: .timing(.linear), duration: 2),
                                   set: [.init(variable: "x", value: .number(10))])])
        let expression = try CompiledExpression("x * 2 + frame", symbols: timeline.symbols)
        let context = TimelineContext(timeline: timeline, time: 0.5, frame: 30, seed: 1)
        #expect(expression.evaluate(in: context) == .number(2.5 * 2 + 30))
    }
}
