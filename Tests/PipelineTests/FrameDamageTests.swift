import DisplayList
import Evaluation
import Foundation
import Pixels
import Testing
import Pipeline
import SceneModel
@testable import Raster

/// A frame drawn into a buffer that holds a frame drawn before by the same
/// rasterizer is drawn only in the rows where the two differ, and gives the
/// bytes of a whole-frame draw.
@Suite struct FrameDamageTests {
    /// Draws `frames` of `evaluator` with one rasterizer into `buffers`
    /// buffers taken in turn (as a render's delivered frames come back),
    /// each checked against a fresh whole draw; returns the rasterizer.
    @discardableResult
    static func drawInTurn(_ evaluator: Evaluator, frames: [Int], buffers: Int = 2, images: [String: Bitmap] = [:],
                           glyphMasks: GlyphMaskCache = GlyphMaskCache(), label: String) -> Rasterizer {
        let reusing = Rasterizer(images: images, glyphMasks: glyphMasks, reuse: true)
        var spares: [Bitmap?] = Array(repeating: nil, count: buffers)
        for (i, frame) in frames.enumerated() {
            let list = evaluator.displayList(frame: frame)
            let drawn = reusing.render(list, reusing: spares[i % buffers].take())
            let fresh = Rasterizer(images: images, glyphMasks: glyphMasks, reuse: false).render(list)
            let same = drawn == fresh // not the pixels in a failure's message
            #expect(same, "\(label) frame \(frame)")
            spares[i % buffers] = drawn
        }
        return reusing
    }

    @Test(arguments: FrameReuseTests.scenes + ["sequence"]) func bundledScenesDrawnInTheirChangedRowsAreIdentical(scene: String) throws {
        let prepared = try FrameReuseTests.load(scene)
        let count = prepared.scene.canvas.frameCount
        // Runs of frames, then a jump back (a buffer holding a frame far from the next).
        let frames = (Array(0..<min(count, 8)) + [count / 2, count / 2 + 1, count / 2 + 2, 1, count - 1]).filter { $0 < count }
        Self.drawInTurn(prepared.evaluator, frames: frames, images: prepared.images.bitmaps, glyphMasks: prepared.glyphMasks,
                        label: scene)
    }

    static let moving = #"""
        {"canvas": {"width": 40, "height": 60, "duration": 1, "fps": 10, "background": "white"}, "layers": [
          {"type": "rect", "size": [30, 8], "position": [20, 6], "fill": "red"},
          {"type": "group", "opacity": 0.5, "children": [{"type": "circle", "radius": 4, "position": [20, 20], "fill": "green"}],
           "mask": {"type": "rect", "size": [6, 6], "position": [20, 20]}},
          {"type": "circle", "radius": 5, "position": [10, 45], "fill": "blue",
           "offset": {"keyframes": [{"t": 0, "value": [0, 0]}, {"t": 0.5, "value": [20, 0]}, {"t": 1, "value": [20, 0]}]}}]}
        """#

    /// A circle moving along the bottom under a still bar and a still
    /// masked layer: each frame redraws the rows the circle left and
    /// entered only, and once the circle holds still, no row at all.
    @Test func onlyTheRowsThatChangedAreDrawn() throws {
        let scene = try SceneDecoder.decode(Array(Self.moving.utf8), file: "moving.json")
        let reusing = Self.drawInTurn(Evaluator(scene: scene), frames: Array(0..<5), label: "moving")
        let reuse = try #require(reusing.reuse)
        // Frames 0 and 1 go to fresh buffers; 2, 3 and 4 to frames 0, 1 and 2's.
        #expect(reuse.partialFrames == 3)
        let rows = try #require(reuse.lastRows)
        #expect(rows.lowerBound >= 39 && rows.upperBound <= 51, "rows \(rows)")
        let held = Self.drawInTurn(Evaluator(scene: scene), frames: [6, 7, 8, 9], label: "held")
        #expect(held.reuse!.partialFrames == 2)
        #expect(held.reuse!.lastRows == 0..<0)
    }

    /// A buffer whose tag is cleared (its pixels written by other code) or
    /// that another rasterizer drew is drawn whole, and so is a frame with a
    /// blurred layer, whose blur reads rows around those it writes — also
    /// one inside a mask, which leaves its layer's box alone.
    @Test func framesNotKnownOrWithBlurAreDrawnWhole() throws {
        let scene = try SceneDecoder.decode(Array(Self.moving.utf8), file: "moving.json")
        let evaluator = Evaluator(scene: scene)
        let reusing = Rasterizer(reuse: true)
        var frame = reusing.render(evaluator.displayList(frame: 0))
        #expect(frame.contentTag != 0)
        frame.contentTag = 0
        frame = reusing.render(evaluator.displayList(frame: 1), reusing: frame)
        #expect(reusing.reuse!.partialFrames == 0)
        let another = Rasterizer(reuse: true)
        _ = another.render(evaluator.displayList(frame: 2), reusing: frame)
        #expect(another.reuse!.partialFrames == 0)
        _ = reusing.render(evaluator.displayList(frame: 2), reusing: frame) // its own: drawn in part
        #expect(reusing.reuse!.partialFrames == 1)

        let blurred = try SceneDecoder.decode(Array(Self.moving.replacingOccurrences(of: #""opacity": 0.5"#, with: #""opacity": 0.5, "blur": 2"#).utf8),
                                              file: "blurred.json")
        let drawn = Self.drawInTurn(Evaluator(scene: blurred), frames: Array(0..<5), label: "blurred")
        #expect(drawn.reuse!.partialFrames == 0)
        let blurredMask = try SceneDecoder.decode(Array(Self.moving.replacingOccurrences(of: #""size": [6, 6], "position": [20, 20]"#,
                                                                                        with: #""size": [6, 6], "position": [20, 20], "blur": 2"#).utf8),
                                                  file: "blurred-mask.json")
        let masked = Self.drawInTurn(Evaluator(scene: blurredMask), frames: Array(0..<5), label: "blurred mask")
        #expect(masked.reuse!.partialFrames == 0)
    }
}
