import Testing
@testable import SceneModel

@Suite struct JSONParserTests {
    func parse(_ s: String) throws(JSONParser.SyntaxError) -> JSONValue { try JSONParser.parse(Array(s.utf8)) }

    @Test func recordsLineAndColumnOfEveryValue() throws {
        let v = try parse("{\n  \"a\": [1, \"x\"],\n\t\"é\": true }")
        guard case .object(let members) = v.kind else { Issue.record("not an object"); return }
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        guard case .array(let items) = members[0].value.kind else { Issue.record("not an array"); return }
        #expect(items[1].location == SourceLocation(line: 2, column: 12))
        // Columns count Unicode scalars, not bytes: "é" is one column.
        #expect(members[1].value.location == SourceLocation(line: 3, column: 7))
    }

    @Test func keepsDuplicateKeysForTheDecoder() throws {
        let v = try parse(#"{"a": 1, "a": 2}"#)
        guard case .object(let members) = v.kind else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "a"])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let v = try parse(#""a\n\u00e9\ud83d\ude00\"""#)
        #expect(v.kind == .string("a\né😀\""))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "1:9", "trailing comma before '}'"),
        ("[1, 2,]", "1:7", "trailing comma before ']'"),
        ("{\"a\" 1}", "1:6", "expected ':' after key \"a\", found '1'"),
        ("{\"a\": 01}", "1:7", "numbers cannot have leading zeros"),
        ("{\"a\": NaN}", "1:7", "NaN and Infinity are not JSON numbers"),
        ("{\"a\": 1e999}", "1:7", "number 1e999 is out of range"),
        ("\n\n  {\"a\": tru}", "3:9", "expected a value, found 't'"),
        ("{\"a\": \"x", "1:9", "unterminated string"),
        ("{} {}", "1:4", "unexpected '{' after the end of the document"),
        ("", "1:1", "expected a value, found end of file"),
        ("{\"a\": 1 \"b\": 2}", "1:9", "expected ',' or '}', found '\"'"),
    ])
    func reportsSyntaxErrorsWithPosition(input: String, location: String, message: String) {
        do {
            _ = try parse(input)
            Issue.record("parsed invalid JSON: \(input)")
        } catch {
            #expect(error.location.description == location)
            #expect(error.message == message)
        }
    }

    @Test func refusesDeepNesting() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: JSONParser.SyntaxError.self) { _ = try parse(deep) }
    }
}

extension JSONParserTests {
    /// Columns were once counted from the start of the line for every value:
    /// a minified scene of 100,000 nodes took minutes to parse. They are now
    /// counted once; this pins that they still count Unicode scalars.
    @Test func columnsOnALongMinifiedLineCountScalarsOnce() throws {
        let items = Array(repeating: #""é""#, count: 5_000).joined(separator: ",")
        let prefix = "[" + items + ", "
        let end = SourceLocation(line: 1, column: prefix.unicodeScalars.count + 1)
        #expect(throws: JSONParser.SyntaxError(location: end, message: "expected a value, found 'x'")) {
            _ = try JSONParser.parse(Array((prefix + "x]").utf8))
        }
        let value = try JSONParser.parse(Array((prefix + #""é"]"#).utf8))
        guard case .array(let list) = value.kind else { Issue.record("not an array"); return }
        #expect(list[1].location == SourceLocation(line: 1, column: 6))
        #expect(list.last?.location == end)
    }
}
