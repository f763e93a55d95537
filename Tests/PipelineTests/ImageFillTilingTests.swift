import Foundation
import Testing
import Pixels
import Raster
import SceneModel
@testable import Pipeline

/// An image fill repeats its image, as SwiftUI's `ImagePaint` does: `tile`
/// defaults to true, and `"tile": false` draws the image once.
@Suite struct ImageFillTilingTests {
    /// A 160×64 rect filled with the built-in 64-px dot (white centre,
    /// transparent edge) over black, at 1 px per point.
    func render(tile: String) throws -> Bitmap {
        let dir = NSTemporaryDirectory() + "reel-tile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/tile.json"
        try """
            {"canvas": {"width": 160, "height": 64, "duration": 1, "background": "#000000"},
             "layers": [{"type": "rect", "size": [160, 64], "anchor": [0, 0], "position": [0, 0],
                         "fill": {"image": "dot"\(tile)}}]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let prepared = try PreparedScene.load(path)
        return prepared.makeRasterizer().render(prepared.evaluator.displayList(frame: 0))
    }

    @Test func imageFillTilesByDefault() throws {
        let frame = try render(tile: "")
        // The centres of the first and second tile, and the cut third one's, are white.
        for x in [32, 96, 150] {
            #expect(frame.pixel(x: x, y: 32).r > 200, "x = \(x)")
        }
        // Between two tiles: the dots' transparent edges.
        #expect(frame.pixel(x: 64, y: 32).r < 60)
    }

    @Test func imageFillWithTileFalseDrawsOnce() throws {
        let frame = try render(tile: #", "tile": false"#)
        #expect(frame.pixel(x: 32, y: 32).r > 200)
        #expect(frame.pixel(x: 96, y: 32) == (0, 0, 0, 255))
    }

    @Test func decodedImagePaintDefaultsToTiling() throws {
        let json = #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"type": "rect", "size": [1, 1], "fill": {"image": "dot"}}, {"type": "rect", "size": [1, 1], "fill": {"image": "dot", "tile": false}}]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "t.json")
        let fills = scene.layers.compactMap { node -> Paint? in
            if case .shape(let s) = node.kind { return s.fill } else { return nil }
        }
        #expect(fills == [.image(name: "dot", tile: true, scale: 1), .image(name: "dot", tile: false, scale: 1)])
    }
}
