import DisplayList
import Evaluation
import Foundation
import Testing
import Pipeline
import SceneModel
@testable import Raster

/// What a rasterizer takes over from the frames it drew before is exactly
/// what drawing gives: every bundled scene, at a small scale, frames drawn
/// one after another by one rasterizer with reuse, and each frame drawn
/// afresh without it, are byte-identical.
@Suite struct FrameReuseTests {
    static let scenes = ["calendar", "hello", "snow", "snowfall", "splash", "thermometer"]

    static func load(_ scene: String) throws -> PreparedScene {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Scenes/\(scene).json").standardized.path
        return try PreparedScene.load(path, canvas: CanvasOverrides(scale: 0.25))
    }

    @Test(arguments: scenes) func framesAreIdenticalWithAndWithoutReuse(scene: String) throws {
        let prepared = try Self.load(scene)
        let count = prepared.scene.canvas.frameCount
        // A run at the start, a jump (as a worker's next run), and a run in the middle.
        let frames = [0, 1, 2, count / 2, count / 2 + 1, count / 2 + 2, count - 1].filter { $0 < count }
        let reusing = Rasterizer(images: prepared.images.bitmaps, glyphMasks: prepared.glyphMasks, reuse: true)
        for frame in frames {
            let list = prepared.evaluator.displayList(frame: frame)
            let fresh = Rasterizer(images: prepared.images.bitmaps, glyphMasks: prepared.glyphMasks, reuse: false)
            #expect(reusing.render(list) == fresh.render(list), "\(scene) frame \(frame)")
        }
        // Both have a still background and frosted layer under moving snow,
        // and snow's header texts (layers with shadows) stand still.
        if scene == "snow" || scene == "calendar" {
            #expect(reusing.reuse!.skippedItems > 0, "\(scene): nothing was taken over")
        }
        if scene == "snow" { #expect(reusing.reuse!.keptLayersUsed > 0, "snow: no layer was composited from kept pixels") }
    }

    /// A frame is encoded once: the bytes frame reuse compares are the very
    /// buffer the frame cache's key digests, and they are the list's
    /// canonical bytes, item by item.
    @Test func oneEncodingServesTheCacheKeyAndFrameReuse() throws {
        let prepared = try Self.load("snow")
        let list = prepared.evaluator.displayList(frame: 30)
        let frame = EncodedDisplayList(list)
        var whole = CanonicalBytes()
        list.encode(to: &whole)
        #expect(frame.bytes == whole.bytes)
        for (i, item) in list.items.enumerated() {
            var one = CanonicalBytes()
            item.encode(to: &one)
            #expect(Array(frame.bytes(ofItems: i..<(i + 1))) == one.bytes, "item \(i)")
        }
        let rasterizer = Rasterizer(images: prepared.images.bitmaps, glyphMasks: prepared.glyphMasks, reuse: true)
        #expect(rasterizer.render(frame) == Rasterizer(images: prepared.images.bitmaps, glyphMasks: prepared.glyphMasks, reuse: false).render(list))
        let compared = rasterizer.reuse!.items.frame.bytes
        #expect(compared.withUnsafeBufferPointer(\.baseAddress) == frame.bytes.withUnsafeBufferPointer(\.baseAddress),
                "frame reuse encoded the list again")
    }

    /// Every layer was copied when it closed, in case the next frame drew it
    /// the same; an animation whose layers move every frame paid a copy per
    /// layer and frame for nothing (Lottie's Boat_Loader drew 20 % slower
    /// with reuse than without). Now a layer is kept once it was drawn the
    /// same in two frames running: of a moving and a still shadowed layer
    /// (the still one above, so the frame's start does not cover it) over
    /// five frames, only the still one is copied (after frame 1) and it
    /// is taken over in frames 2, 3 and 4.
    @Test func layersThatMoveEveryFrameWereCopiedEveryFrame() throws {
        let json = #"""
            {"canvas": {"width": 40, "height": 40, "duration": 1, "fps": 10}, "layers": [
              {"type": "rect", "size": [10, 10], "position": [25, 25], "fill": "blue", "shadow": {"radius": 2},
               "offset": {"keyframes": [{"t": 0, "value": [0, 0]}, {"t": 1, "value": [10, 10]}]}},
              {"type": "rect", "size": [10, 10], "position": [10, 10], "fill": "red", "shadow": {"radius": 2}}]}
            """#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "layers.json")
        let evaluator = Evaluator(scene: scene)
        let reusing = Rasterizer(reuse: true)
        for frame in 0..<5 {
            let list = evaluator.displayList(frame: frame)
            #expect(reusing.render(list) == Rasterizer(reuse: false).render(list), "frame \(frame)")
        }
        #expect(reusing.reuse!.layersKept == 1)
        #expect(reusing.reuse!.keptLayersUsed == 3)
    }
}
