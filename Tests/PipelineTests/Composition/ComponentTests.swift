import Testing
import Pixels

/// Components with their own time: a 2×2 dot that moves 10 points right
/// over its component's first second, so the column it covers tells which
/// local time a `use` showed (centre x = 1 + 10 · local time; pixel-aligned
/// at local times that are multiples of 0.1, so coverage is exact).
@Suite struct ComponentTests {
    static let dot = #"""
        "components": {"dot": {"variables": {"tint": "#FF0000"}, "duration": 1, "layers": [
          {"type": "rect", "size": [2, 2], "fill": {"expr": "tint"},
           "position": {"keyframes": [{"t": 0, "value": [1, 1]}, {"t": 1, "value": [11, 1]}]}}]}}
        """#

    static func render(_ uses: String, at t: Double) throws -> Bitmap {
        try CompositionRender.render(dot + #", "layers": [\#(uses)]"#, at: t)
    }

    /// The left column of the dot in row `y`, if any pixel there is drawn.
    static func column(_ frame: Bitmap, row y: Int) -> Int? {
        (0..<frame.width).first { frame.pixel(x: $0, y: y).a > 0 }
    }

    @Test func twoUsesWithTheirOwnValuesAndTimes() throws {
        let uses = #"""
            {"type": "use", "component": "dot"},
            {"type": "use", "component": "dot", "with": {"tint": "#0000FF"}, "begin": 0.5, "offset": [0, 5]}
            """#
        let early = try Self.render(uses, at: 0.3)
        #expect(Self.column(early, row: 0) == 3)          // local 0.3: centre 4
        #expect(Self.column(early, row: 5) == nil)        // not begun
        let frame = try Self.render(uses, at: 0.5)
        #expect(Self.column(frame, row: 0) == 5)          // local 0.5: centre 6
        #expect(frame.pixel(x: 5, y: 0) == CompositionRender.red)
        #expect(Self.column(frame, row: 5) == 0)          // local 0: centre 1
        #expect(frame.pixel(x: 0, y: 5) == CompositionRender.blue)
        let later = try Self.render(uses, at: 1.2)
        #expect(Self.column(later, row: 0) == nil)        // its 1 s is over
        #expect(Self.column(later, row: 5) == 7)          // local 0.7: centre 8
    }

    @Test func speedLoopHoldAndRemap() throws {
        #expect(Self.column(try Self.render(#"{"type": "use", "component": "dot", "speed": 2}"#, at: 0.2), row: 0) == 4)
        #expect(Self.column(try Self.render(#"{"type": "use", "component": "dot", "speed": 2}"#, at: 0.6), row: 0) == nil)
        #expect(Self.column(try Self.render(#"{"type": "use", "component": "dot", "loop": true}"#, at: 2.4), row: 0) == 4)
        #expect(Self.column(try Self.render(#"{"type": "use", "component": "dot", "hold": true}"#, at: 2.4), row: 0) == 10)
        #expect(Self.column(try Self.render(#"{"type": "use", "component": "dot", "hold": true, "duration": 2}"#, at: 2.4), row: 0) == nil)
        let remapped = #"{"type": "use", "component": "dot", "time": {"expr": "1 - t"}}"#
        #expect(Self.column(try Self.render(remapped, at: 0.2), row: 0) == 8)    // local 0.8
        #expect(Self.column(try Self.render(remapped, at: 0.9), row: 0) == 1)    // local 0.1
    }

    /// A component's own timeline: each instance animates its variable
    /// from the instance's begin, with its own value.
    @Test func ownTimelinePerInstance() throws {
        let body = #"""
            "components": {"bar": {"variables": {"w": 0, "to": 10},
              "timeline": [{"at": 0, "animation": {"curve": "linear", "duration": 1}, "set": {"w": 20}}],
              "layers": [{"type": "rect", "size": [{"expr": "min(w, to)"}, 2], "position": [0, 0], "anchor": [0, 0], "fill": "#FF0000"}]}},
            "layers": [{"type": "use", "component": "bar"},
                       {"type": "use", "component": "bar", "with": {"to": 4}, "begin": 0.25, "offset": [0, 4]}]
            """#
        let frame = try CompositionRender.render(body, at: 0.5)
        // First: w = 10 at local 0.5, under 10. Second: w = 5 at local 0.25, capped at 4.
        #expect((0..<20).filter { frame.pixel(x: $0, y: 0).a > 0 }.count == 10)
        #expect((0..<20).filter { frame.pixel(x: $0, y: 4).a > 0 }.count == 4)
    }
}
