import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// SwiftUI's `rotation3DEffect`, drawn from scene JSON and checked against
/// the homography computed by hand (FORMAT.md): a 100 × 60 rect centred at
/// (100, 100), so its bounds are (0, 0)…(100, 60) placed at (50, 70), turned
/// 60° about the y axis with perspective 1: q = 1 / max(100, 60) = 0.01,
/// A = (50, 30). A corner p gives u = p − A, R·u = (u_x cos 60°, u_y,
/// −u_x sin 60°), W = 1 + 0.01 · u_x · sin 60°, and lands at
/// A + (u_x cos 60° / W, u_y / W):
/// - left corners (u_x = −50): W = 0.566987, x = 50 − 25 / W = 5.906,
///   y = 30 ∓ 30 / W = −22.91 and 82.91;
/// - right corners (u_x = 50): W = 1.433013, x = 50 + 25 / W = 67.446,
///   y = 30 ∓ 30 / W = 9.065 and 50.935;
/// then placed: left edge x = 55.91 from y = 47.09 to 152.91, right edge
/// x = 117.45 from y = 79.07 to 120.94. Pixels are checked as covered (alpha
/// ≥ 128) or not, so each corner is within ±1 px.
@Suite struct Rotation3DTests {
    static func render(_ rotation: String?) throws -> Bitmap {
        let key = rotation.map { #", "rotation3D": \#($0)"# } ?? ""
        let json = #"{"canvas": {"width": 200, "height": 200, "duration": 1}, "layers": [{"type": "rect", "size": [100, 60], "position": [100, 100], "fill": "red"\#(key)}]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "rotation3d.json")
        return Rasterizer().render(Evaluator(scene: scene).displayList(at: 0))
    }

    /// The covered pixels' columns, and the rows covered in a column.
    static func coveredColumns(_ b: Bitmap) -> ClosedRange<Int>? {
        let xs = (0..<b.width).filter { x in (0..<b.height).contains { b.pixel(x: x, y: $0).a >= 128 } }
        return xs.isEmpty ? nil : xs.first!...xs.last!
    }

    static func coveredRows(_ b: Bitmap, column x: Int) -> ClosedRange<Int>? {
        let ys = (0..<b.height).filter { b.pixel(x: x, y: $0).a >= 128 }
        return ys.isEmpty ? nil : ys.first!...ys.last!
    }

    @Test func cornersLandWhereTheHomographyPutsThem() throws {
        let frame = try Self.render(#"{"angle": 60, "axis": [0, 1, 0]}"#)
        let columns = try #require(Self.coveredColumns(frame))
        // Pixels 56…116 are more than half inside x = 55.91…117.45.
        #expect(abs(columns.lowerBound - 56) <= 1 && abs(columns.upperBound - 116) <= 1)
        // Near the left edge the rect spans y = 47.09…152.91 (rows 47…152),
        // near the right one y = 79.07…120.94 (rows 79…120): the far side is shorter.
        let left = try #require(Self.coveredRows(frame, column: 56))
        let right = try #require(Self.coveredRows(frame, column: 116))
        #expect(abs(left.lowerBound - 47) <= 1 && abs(left.upperBound - 152) <= 1, "\(left)")
        #expect(abs(right.lowerBound - 79) <= 1 && abs(right.upperBound - 120) <= 1, "\(right)")
    }

    @Test func angleZeroIsExactlyNoEffect() throws {
        let plain = try Self.render(nil)
        let turned = try Self.render(#"{"angle": 0, "axis": [0, 1, 0]}"#)
        #expect(plain.pixels == turned.pixels)
    }

    /// Turned 180° about the y axis the rect shows its back: mirrored about
    /// its vertical centre line — a left-half mark ends up on the right.
    @Test func backFacingDrawsMirrored() throws {
        let json = ##"{"canvas": {"width": 200, "height": 200, "duration": 1}, "layers": [{"type": "group", "position": [100, 100], "rotation3D": {"angle": 180, "axis": [0, 1, 0]}, "children": [{"type": "rect", "anchor": [0, 0], "position": [0, 0], "size": [100, 60], "fill": "#0000FF"}, {"type": "rect", "anchor": [0, 0], "position": [0, 0], "size": [20, 60], "fill": "#FF0000"}]}]}"##
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "back.json")
        let frame = Rasterizer().render(Evaluator(scene: scene).displayList(at: 0))
        // Unturned the red strip covers x = 50…70; mirrored about x = 100 it covers 130…150.
        #expect(frame.pixel(x: 140, y: 100) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 60, y: 100) == (0, 0, 255, 255))
    }

    @Test func missingAxisIsLocated() throws {
        #expect(throws: (any Error).self) { try Self.render(#"{"angle": 30}"#) }
    }
}
