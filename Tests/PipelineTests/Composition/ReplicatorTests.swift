import Testing
import Pixels

/// CAReplicatorLayer's names: three copies of a 2×2 rect, each 4 points
/// right of the one before, their alpha multiplier falling by 0.5 a copy.
@Suite struct ReplicatorTests {
    @Test func copiesStepAndFade() throws {
        let body = #"""
            "layers": [{"type": "replicator", "instanceCount": 3, "instanceTransform": {"offset": [4, 0]},
              "instanceAlphaOffset": -0.5, "size": [20, 10], "position": [10, 5],
              "children": [{"type": "rect", "size": [2, 2], "position": [1, 1], "fill": "#FF0000"}]}]
            """#
        let frame = try CompositionRender.render(body, at: 0)
        #expect(frame.pixel(x: 0, y: 0) == CompositionRender.red)
        #expect(frame.pixel(x: 4, y: 0) == (128, 0, 0, 128))   // 255 × 0.5, rounded
        #expect(frame.pixel(x: 8, y: 0) == CompositionRender.clear) // alpha 0
        #expect(frame.pixel(x: 2, y: 0) == CompositionRender.clear)
    }

    /// `instanceDelay`: copy i shows the children i × delay seconds earlier.
    @Test func delayShiftsEachCopysTime() throws {
        let body = #"""
            "layers": [{"type": "replicator", "instanceCount": 2, "instanceDelay": 0.5, "instanceTransform": {"offset": [0, 5]},
              "size": [20, 10], "position": [10, 5],
              "children": [{"type": "rect", "size": [2, 2], "fill": "#FF0000",
                "position": {"keyframes": [{"t": 0, "value": [1, 1]}, {"t": 1, "value": [11, 1]}]}}]}]
            """#
        let frame = try CompositionRender.render(body, at: 0.8)
        #expect((0..<20).first { frame.pixel(x: $0, y: 0).a > 0 } == 8)   // t 0.8: centre 9
        #expect((0..<20).first { frame.pixel(x: $0, y: 5).a > 0 } == 3)   // t 0.3: centre 4
    }
}
