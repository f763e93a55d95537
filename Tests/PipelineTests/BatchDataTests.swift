import Testing
import SceneModel
@testable import Pipeline

/// The batch data reader: CSV (RFC 4180), JSON Lines and JSON arrays, with
/// the line and column of every value.
@Suite struct BatchDataTests {
    func read(_ text: String, _ file: String) throws(BatchDataError) -> BatchData {
        try BatchData.read(bytes: Array(text.utf8), fileName: file)
    }

    func problems(_ text: String, _ file: String) -> String {
        do {
            _ = try read(text, file)
            return ""
        } catch {
            return error.description
        }
    }

    /// (name, value, line, column) of each field of each row.
    func cells(_ data: BatchData) -> [[String]] {
        data.rows.map { row in row.fields.map { "\($0.name)=\($0.value.map { "\($0)" } ?? "nil")@\($0.line):\($0.column)" } }
    }

    @Test func csvQuotesCommasQuotesAndLineBreaks() throws {
        let csv = "id,city,note\r\n7,\"Oslo, NO\",\"say \"\"hej\"\"\"\r\n8,\"two\nlines\",\n\n9,Rome,\"\"\n"
        let data = try read(csv, "c.csv")
        #expect(cells(data) == [
            [#"id="7"@2:1"#, #"city="Oslo, NO"@2:3"#, #"note="say "hej""@2:14"#],
            [#"id="8"@3:1"#, #"city="two\#nlines"@3:3"#, "note=nil@4:8"],
            [#"id="9"@6:1"#, #"city="Rome"@6:3"#, #"note=""@6:8"#],
        ])
        #expect(data.rows.map(\.line) == [2, 3, 6])
        #expect(data.rows.map(\.id) == ["7", "8", "9"])
        // `id` names the row; an empty field keeps the default.
        #expect(data.rows[1].assignments(baseDirectory: nil).map(\.name) == ["city"])
    }

    @Test func csvMistakesAreReportedTogether() {
        #expect(problems("a,,a\n1,2,3\n", "c.csv") == """
            c.csv:1:3: empty column name in the header
            c.csv:1:4: column "a" appears twice in the header
            """)
        #expect(problems("a,b\n1\n1,2,3\n", "c.csv") == """
            c.csv:2: expected 2 fields as in the header, found 1
            c.csv:3: expected 2 fields as in the header, found 3
            """)
        #expect(problems("a,b\n\"x\"y,2\n3,\"open\n", "c.csv") == """
            c.csv:2:4: unexpected character after a closing quote; a quote inside a quoted field is written ""
            c.csv:3:3: quoted field is not closed
            """)
        #expect(problems("", "c.csv") == "c.csv:1: no header row: expected parameter names separated by commas")
    }

    @Test func jsonLinesKeepTheirLines() throws {
        let data = try read("{\"id\": 1, \"n\": 2.5, \"on\": true}\n\n  {\"city\": \"Oslo\", \"n\": null}\n", "d.jsonl")
        #expect(cells(data) == [["id=1@1:8", "n=2.5@1:16", "on=true@1:27"], [#"city="Oslo"@3:12"#, "n=nil@3:25"]])
        #expect(data.rows.map(\.line) == [1, 3])
        #expect(data.rows[0].id == "1")
        #expect(problems("{\"a\": 1}\n[2]\n{\"a\": 1, \"a\": 2}\n{\"a\" 1}\n", "d.jsonl") == """
            d.jsonl:2:1: expected an object of parameter: value, found an array of 1 item
            d.jsonl:3:10: duplicate key "a"
            d.jsonl:4:6: expected ':' after key "a", found '1'
            """)
        // An array or object is a list parameter's value, checked against the scene's parameter.
        let lists = try read("{\"bars\": [1, {\"v\": 2}]}\n", "d.jsonl")
        #expect(lists.rows[0].fields[0].value?.plainText == #"[1,{"v":2}]"#)
    }

    /// A point as a scene writes it, `[x, y]`, arrives as the text a CSV
    /// field or `--set` gives (`x,y`), which the point parameter parses.
    /// Arrays arrive as JSON, for a point or list parameter to read when
    /// the row is applied to the scene.
    @Test func jsonArraysArriveAsJSON() throws {
        let data = try read("{\"pos\": [100, 2.5]}\n", "d.jsonl")
        #expect(cells(data) == [["pos=[100,2.5]@1:9"]])
    }

    @Test func jsonArraysOfObjects() throws {
        let data = try read("[{\"id\": \"a\", \"n\": 1},\n {\"id\": \"b\", \"n\": 2}]", "d.json")
        #expect(cells(data) == [[#"id="a"@1:9"#, "n=1@1:19"], [#"id="b"@2:9"#, "n=2@2:19"]])
        #expect(problems("{\"a\": 1} {", "d.json").hasPrefix("d.json:1:10: "))
        #expect(problems("[1]", "d.json") == "d.json:1:2: expected an object of parameter: value, found 1")
    }

    @Test func formatFollowsTheExtensionThenTheFirstCharacter() {
        #expect(BatchData.format(of: Array("[".utf8)[...], fileName: "x.csv") == .csv)
        #expect(BatchData.format(of: Array("{".utf8)[...], fileName: "x.ndjson") == .jsonLines)
        #expect(BatchData.format(of: Array(" [".utf8)[...], fileName: "x.txt") == .jsonArray)
        #expect(BatchData.format(of: Array("{".utf8)[...], fileName: "x.json") == .jsonLines)
        #expect(BatchData.format(of: Array("a,b".utf8)[...], fileName: "x") == .csv)
    }
}
