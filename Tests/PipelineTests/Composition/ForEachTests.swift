import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// `forEach` over list parameters: a bar per item, its height the item's
/// value, from the scene, `--set`/CSV text and JSON rows.
@Suite struct ForEachTests {
    static let chart = #"""
        "variables": {"bars": {"list": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}},
        "layers": [{"type": "hstack", "spacing": 1, "alignment": "bottom", "anchor": [0, 1], "position": [0, 10],
          "children": [{"type": "forEach", "in": "bars", "content":
            {"type": "rect", "size": [1, {"expr": "item"}], "fill": {"expr": "index % 2 == 0 ? '#FF0000' : '#0000FF'"}}}]}]
        """#

    /// Heights of the drawn columns at even x (bar i at x = 2i).
    static func heights(_ frame: Bitmap) -> [Int] {
        stride(from: 0, to: frame.width, by: 2).map { x in (0..<frame.height).filter { frame.pixel(x: x, y: $0).a > 0 }.count }
    }

    @Test func tenItemsMakeTenBars() throws {
        let frame = try CompositionRender.render(Self.chart, at: 0)
        #expect(Self.heights(frame) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        #expect(frame.pixel(x: 0, y: 9) == CompositionRender.red && frame.pixel(x: 2, y: 9) == CompositionRender.blue)
        #expect(frame.pixel(x: 1, y: 9).a == 0) // the spacing
    }

    /// A CSV cell or `--set` gives the list as JSON text; a JSON Lines row
    /// or a JSON batch gives it as an array.
    @Test func listsFromOutside() throws {
        for value in [ParameterInput.text("[3, 1, 2]"), .json(try JSONParser.parse(Array("[3, 1, 2]".utf8)))] {
            let json = #"{"canvas": {"width": 20, "height": 10, "duration": 1}, \#(Self.chart)}"#
            let scene = try SceneDecoder.decode(Array(json.utf8), file: "c.json",
                                                parameters: [ParameterAssignment(name: "bars", value: value)])
            let frame = Rasterizer().render(Evaluator(scene: scene).displayList(at: 0))
            #expect(Self.heights(frame) == [3, 1, 2, 0, 0, 0, 0, 0, 0, 0])
        }
    }

    /// Records bind each field to `item.field`; strings reach placeholders,
    /// and a string that spells a colour is a colour in expressions.
    @Test func recordFieldsAndCustomNames() throws {
        let body = #"""
            "variables": {"rows": {"list": [{"w": 3, "c": "#FF0000"}, {"w": 5, "c": "#0000FF"}]}},
            "layers": [{"type": "vstack", "spacing": 0, "alignment": "leading", "anchor": [0, 0], "position": [0, 0],
              "children": [{"type": "forEach", "in": "rows", "item": "row", "index": "i", "content":
                {"type": "rect", "size": [{"expr": "row.w + i"}, 1], "fill": {"expr": "row.c"}}}]}]
            """#
        let frame = try CompositionRender.render(body, at: 0)
        #expect((0..<20).filter { frame.pixel(x: $0, y: 0) == CompositionRender.red }.count == 3)
        #expect((0..<20).filter { frame.pixel(x: $0, y: 1) == CompositionRender.blue }.count == 6)
    }

    @Test func badListsAreLocated() {
        #expect(CompositionRender.problems(#""layers": [{"type": "forEach", "in": "bras", "content": {"type": "rect", "size": [1, 1]}}]"#)
            == #"c.json:1:93: $.layers[0].in: unknown list "bras"; declare it in "variables" as {"list": […]}"#)
        #expect(CompositionRender.problems(#""variables": {"rows": {"list": [{"value": 1}]}}, "layers": [{"type": "forEach", "in": "rows", "content": {"type": "rect", "size": [1, {"expr": "item.vale"}]}}]"#)
            == #"c.json:1:200: $.layers[0].content.size[1].expr: unknown name 'item.vale'; did you mean 'item.value'? (for item 0 of "rows")"#)
        let long = "[" + Array(repeating: "1", count: SceneDecoder.maxListItems + 1).joined(separator: ",") + "]"
        #expect(CompositionRender.problems(#""variables": {"bars": {"list": \#(long)}}, "layers": []"#)
            == #"c.json:1:87: $.variables.bars.list: a list of 10001 items; the limit is 10000 items per list (see docs/LIMITS.md)"#)
        #expect(CompositionRender.problems(#""variables": {"bars": {"list": [1]}}, "layers": []"#,
                                           parameters: [ParameterAssignment(name: "bars", value: .text("[[1]]"))])
            == #"parameter "bars": item 0: expected a number, a string, true/false or an object of those, found an array of 1 item"#)
    }
}
