import Testing
import DisplayList
import Evaluation
import Geometry
import Pixels
import Raster
import SceneModel

/// `skew` [x°, y°] in the node transform, translate · rotate · skew · scale
/// · translate(−anchor), with CSS `skew()`'s matrix (x gains tan(x)·y, y
/// gains tan(y)·x). A 10 × 10 rect whose anchor sits at (10, 10), skewed
/// 45° in x: relative to the anchor, a point 5 below moves 5 right, so the
/// bottom-left corner (5, 15) goes to (10, 15) and the top-left (5, 5) to
/// (0, 5).
@Suite struct SkewTests {
    static func scene(_ extra: String) throws -> Scene {
        let json = #"{"canvas": {"width": 20, "height": 20, "duration": 1}, "layers": [{"type": "rect", "size": [10, 10], "position": [10, 10], "fill": "black"\#(extra)}]}"#
        return try SceneDecoder.decode(Array(json.utf8), file: "skew.json")
    }

    /// Whether two points agree within 1e-9 (tan 45° is sin/cos of the
    /// portable series, 1 within two ulps).
    static func near(_ p: Point, _ q: Point) -> Bool { abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9 }

    /// The corners through the display list's transform.
    @Test func skewMovesTheCornersAboutTheAnchor() throws {
        let list = Evaluator(scene: try Self.scene(#", "skew": [45, 0]"#)).displayList(at: 0)
        guard case .fill(_, let transform, _, _) = list.items.first else { Issue.record("\(list.items)"); return }
        #expect(Self.near(transform.apply(Point(0, 10)), Point(10, 15)))
        #expect(Self.near(transform.apply(Point(0, 0)), Point(0, 5)))
        #expect(Self.near(transform.apply(Point(10, 10)), Point(20, 15)))
        let vertical = Evaluator(scene: try Self.scene(#", "skew": [0, 45]"#)).displayList(at: 0)
        guard case .fill(_, let t, _, _) = vertical.items.first else { Issue.record("\(vertical.items)"); return }
        #expect(Self.near(t.apply(Point(10, 0)), Point(15, 10))) // top-right: 5 right of the anchor, so 5 down
    }

    /// Pixels: on row 14 (centre y = 14.5, 4.5 below the anchor) the skewed
    /// rect spans x 9.5 … 19.5, so pixel 7 — inside the unskewed rect — is
    /// empty and pixel 16 — outside it — is covered; on row 5 (centre 5.5)
    /// it spans 0.5 … 10.5. Coverage of whole pixels inside is exact (±0).
    @Test func skewMovesAKnownCornerPixel() throws {
        let plain = Rasterizer().render(Evaluator(scene: try Self.scene("")).displayList(at: 0))
        let skewed = Rasterizer().render(Evaluator(scene: try Self.scene(#", "skew": [45, 0]"#)).displayList(at: 0))
        #expect(plain.pixel(x: 7, y: 14).a == 255 && skewed.pixel(x: 7, y: 14).a == 0)
        #expect(plain.pixel(x: 16, y: 14).a == 0 && skewed.pixel(x: 16, y: 14).a == 255)
        #expect(skewed.pixel(x: 1, y: 5).a == 255 && skewed.pixel(x: 12, y: 5).a == 0)
    }

    /// Skew comes before scale: scaled by 2 about the anchor, the 45° lean
    /// stays 45° (the bottom-left corner, 10 below the anchor, moves 10
    /// right), and a skew animates.
    @Test func skewIsSeenBeforeScaleAndAnimates() throws {
        let list = Evaluator(scene: try Self.scene(#", "scale": 2, "skew": {"keyframes": [{"t": 0, "value": [0, 0]}, {"t": 1, "value": [45, 0]}]}"#))
        guard case .fill(_, let start, _, _) = list.displayList(at: 0).items.first,
              case .fill(_, let end, _, _) = list.displayList(at: 1).items.first else { Issue.record("no fill"); return }
        #expect(Self.near(start.apply(Point(0, 10)), Point(0, 20)))
        #expect(Self.near(end.apply(Point(0, 10)), Point(10, 20)))
    }

    @Test func emittersTakeNoSkew() {
        let json = #"{"canvas": {"width": 20, "height": 20, "duration": 1}, "layers": [{"type": "emitter", "skew": [10, 0], "cells": []}]}"#
        do {
            _ = try SceneDecoder.decode(Array(json.utf8), file: "s.json")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.map(\.description)
                == [#"s.json:1:87: $.layers[0].skew: unknown key "skew" in a node of type "emitter""#])
        }
    }
}
