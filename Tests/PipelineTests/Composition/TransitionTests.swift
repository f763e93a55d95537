import Testing
import Pixels

/// A sequence of two full-canvas components, opaque #FF0000 then #0000FF,
/// 2 s each, joined by a 1 s linear transition: the second starts at 1 s,
/// so at 1.5 s each transition is at its mid-point.
@Suite struct TransitionTests {
    static func midpoint(_ transition: String) throws -> Bitmap {
        let body = #"""
            "components": {"fill": {"variables": {"c": "#FF0000"}, "duration": 2,
              "layers": [{"type": "rect", "size": [20, 10], "fill": {"expr": "c"}}]}},
            "layers": [{"type": "sequence", "items": [
              {"type": "use", "component": "fill"},
              {"transition": \#(transition), "duration": 1, "curve": "linear"},
              {"type": "use", "component": "fill", "with": {"c": "#0000FF"}}]}]
            """#
        return try CompositionRender.render(body, at: 1.5)
    }

    static func columns(_ frame: Bitmap, row y: Int) -> [String] {
        (0..<frame.width).map { x in
            let p = frame.pixel(x: x, y: y)
            return p == CompositionRender.red ? "R" : p == CompositionRender.blue ? "B" : "?"
        }
    }

    /// A crossfade is (1 − p)·A + p·B of premultiplied colours: at p = ½,
    /// 127.5 of red and of blue, fully opaque (±1 for the two roundings of
    /// the layers' opacity).
    @Test func crossfadeMidpointMixesBothEqually() throws {
        let frame = try Self.midpoint(#""crossfade""#)
        for (x, y) in [(0, 0), (10, 5), (19, 9)] {
            let p = frame.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - 128) <= 1 && p.g == 0 && abs(Int(p.b) - 128) <= 1 && p.a == 255, "\(p)")
        }
    }

    @Test func pushMovesBothHalfway() throws {
        let frame = try Self.midpoint(#""push", "edge": "trailing""#)
        #expect(Self.columns(frame, row: 5) == Array(repeating: "R", count: 10) + Array(repeating: "B", count: 10))
    }

    @Test func slideFromTopCoversTheUpperHalf() throws {
        let frame = try Self.midpoint(#""slide", "edge": "top""#)
        #expect((0..<10).map { Self.columns(frame, row: $0)[3] } == Array(repeating: "B", count: 5) + Array(repeating: "R", count: 5))
    }

    @Test func wipeFromLeadingRevealsTheLeftHalf() throws {
        let frame = try Self.midpoint(#""wipe", "edge": "leading""#)
        #expect(Self.columns(frame, row: 5) == Array(repeating: "B", count: 10) + Array(repeating: "R", count: 10))
    }

    /// Before and after the overlap only one item shows; the sequence ends
    /// with its last item (2 + 2 − 1 = 3 s).
    @Test func outsideTheTransitionOneItemShows() throws {
        let body = #"""
            "components": {"fill": {"variables": {"c": "#FF0000"}, "duration": 2,
              "layers": [{"type": "rect", "size": [20, 10], "fill": {"expr": "c"}}]}},
            "layers": [{"type": "sequence", "items": [
              {"type": "use", "component": "fill"},
              {"transition": "crossfade", "duration": 1},
              {"type": "use", "component": "fill", "with": {"c": "#0000FF"}}]}]
            """#
        #expect(try CompositionRender.render(body, at: 0.9).pixel(x: 3, y: 3) == CompositionRender.red)
        #expect(try CompositionRender.render(body, at: 2.0).pixel(x: 3, y: 3) == CompositionRender.blue)
        #expect(try CompositionRender.render(body, at: 3.0).pixel(x: 3, y: 3) == CompositionRender.clear)
    }
}
