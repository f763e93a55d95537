import Testing
import Animation

/// Error messages and offsets, pinned exactly (offsets count Unicode scalars).
@Suite struct ExpressionErrorTests {
    static let cases: [(String, [(Int, String)])] = [
        ("uScal * 2", [(0, "unknown name 'uScal'; did you mean 'uScale'?")]),
        ("mix('red', 'blue')", [(0, "'mix' takes 3 arguments, found 2")]),
        ("uScale + squareColor", [(9, "expected a number, found a colour")]),
        ("sine(t)", [(0, "unknown function 'sine'; did you mean 'sin'?")]),
        ("1 +", [(3, "expected an expression, found the end of the expression")]),
        ("(1 + 2", [(6, "expected ')', found the end of the expression")]),
        ("max(1, 2", [(8, "expected ',' or ')', found the end of the expression")]),
        ("1 2", [(2, "expected an operator, found '2'")]),
        ("uScale = 1", [(7, "unexpected character '='; did you mean '=='?")]),
        ("uScale @ 2", [(7, "unexpected character '@'")]),
        ("visibleFlag ? 1 : 'red'", [(18, "expected a number, found a colour")]),
        ("uScale ? 1 : 2", [(0, "expected a boolean, found a number")]),
        ("visibleFlag ? 1 2", [(16, "expected ':', found '2'")]),
        ("'#12'", [(0, "'#12' is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or a SwiftUI colour name")]),
        ("'purpel'", [(0, "unknown colour 'purpel'; did you mean 'purple'?")]),
        ("'red", [(0, "unterminated colour literal")]),
        ("uScale(2)", [(0, "'uScale' is not a function")]),
        ("sin + 1", [(0, "'sin' is a function; call it as sin(…)")]),
        ("squareColor < 1", [(0, "expected a number, found a colour")]),
        ("mix(true, 1, 0.5)", [(4, "expected a number, a colour or a point, found a boolean")]),
        ("mix('red', 1, 0.5)", [(11, "expected a colour, found a number")]),
        ("1e + 2", [(0, "invalid number '1e'")]),
        ("!uScale", [(1, "expected a boolean, found a number")]),
        ("-visibleFlag", [(1, "expected a number, found a boolean")]),
        ("clamp(1, 2)", [(0, "'clamp' takes 3 arguments, found 2")]),
        ("random()", [(0, "'random' takes 1 argument, found 0")]),
        ("visibleFlag == 1", [(15, "expected a boolean, found a number")]),
        ("1 + (2 * 'red')", [(9, "expected a number, found a colour")]),
        ("", [(0, "expected an expression, found the end of the expression")]),
        // Several problems at once, in order of position.
        ("uScal + frme * squareColor", [(0, "unknown name 'uScal'; did you mean 'uScale'?"),
                                        (8, "unknown name 'frme'; did you mean 'frame'?"),
                                        (15, "expected a number, found a colour")]),
        ("qqq(uScal) + xyzzy", [(0, "unknown function 'qqq'"), (4, "unknown name 'uScal'; did you mean 'uScale'?"),
                                (13, "unknown name 'xyzzy'")]),
        // A syntax error ends the search but keeps what came before it.
        ("uScal + (1", [(0, "unknown name 'uScal'; did you mean 'uScale'?"),
                        (10, "expected ')', found the end of the expression")]),
        // Offsets count Unicode scalars, not bytes or grapheme clusters.
        ("mix('blüe', 'red', uScal)", [(4, "unknown colour 'blüe'; did you mean 'blue'?"),
                                       (19, "unknown name 'uScal'; did you mean 'uScale'?")]),
        (String(repeating: "(", count: 64) + "1" + String(repeating: ")", count: 64),
         [(64, "expression nested too deeply (more than 64 levels)")]),
    ]

    @Test(arguments: cases) func reportsExactMessagesAndOffsets(source: String, expected: [(Int, String)]) {
        do {
            let compiled = try CompiledExpression(source, symbols: FixedContext.symbols)
            Issue.record("\(source) compiled to \(compiled.type)")
        } catch {
            let actual = error.errors.map { ($0.offset, $0.message) }
            #expect(actual.map(\.0) == expected.map(\.0), "\(source)")
            #expect(actual.map(\.1) == expected.map(\.1), "\(source)")
        }
    }

    @Test func unaryChainsAreLimitedToo() {
        #expect(throws: ExpressionErrors.self) {
            try CompiledExpression(String(repeating: "-", count: 1000) + "1", symbols: FixedContext.symbols)
        }
    }
}
