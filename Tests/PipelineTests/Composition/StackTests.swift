import Testing
import Pixels

/// Stacks of fixed-size rects, laid out by SwiftUI's rules and checked by
/// the rows and columns each rect covers (all pixel-aligned).
@Suite struct StackTests {
    /// The drawn pixels of `frame` as rows of "#" and ".".
    static func picture(_ frame: Bitmap) -> [String] {
        (0..<frame.height).map { y in String((0..<frame.width).map { frame.pixel(x: $0, y: y).a > 0 ? "#" : "." }) }
    }

    static func rects(_ sizes: [(Int, Int)]) -> String {
        sizes.map { ##"{"type": "rect", "size": [\##($0.0), \##($0.1)], "fill": "#FF0000"}"## }.joined(separator: ", ")
    }

    /// HStack(alignment: .bottom, spacing: 1) of 4×2, 6×6 and 2×4, padded
    /// by 1: x from 1 on, one apart; bottoms on y = 7 (1 + the tallest, 6).
    @Test func hstackAlignsBottomsWithSpacingAndPadding() throws {
        let frame = try CompositionRender.render(#""layers": [{"type": "hstack", "spacing": 1, "alignment": "bottom", "padding": 1, "children": [\#(Self.rects([(4, 2), (6, 6), (2, 4)]))]}]"#, at: 0)
        #expect(Self.picture(frame) == [
            "....................",
            "......######........",
            "......######........",
            "......######.##.....",
            "......######.##.....",
            ".####.######.##.....",
            ".####.######.##.....",
            "....................",
            "....................",
            "....................",
        ])
    }

    /// VStack(alignment: .leading, spacing: 0) and ZStack centred, the
    /// stack itself placed by its `position`.
    @Test func vstackLeadingAndZStackCentre() throws {
        let v = try CompositionRender.render(#""layers": [{"type": "vstack", "spacing": 0, "alignment": "leading", "anchor": [0, 0], "position": [2, 1], "children": [\#(Self.rects([(6, 2), (2, 3)]))]}]"#, at: 0)
        #expect(Self.picture(v)[0...6] == [
            "....................",
            "..######............",
            "..######............",
            "..##................",
            "..##................",
            "..##................",
            "....................",
        ])
        let z = try CompositionRender.render(#""layers": [{"type": "zstack", "children": [\#(Self.rects([(6, 6), (2, 2)]))]}]"#, at: 0)
        #expect(z.pixel(x: 2, y: 2).a == 255 && z.pixel(x: 5, y: 5).a == 255 && z.pixel(x: 6, y: 6).a == 0)
    }

    @Test func aChildsPositionIsRefused() {
        #expect(CompositionRender.problems(#""layers": [{"type": "hstack", "children": [{"type": "rect", "size": [1, 1], "position": [3, 3]}]}]"#)
            == #"c.json:1:132: $.layers[0].children[0].position: a stack places its children; move this one with "offset", or wrap the stack's child in a group"#)
    }
}
