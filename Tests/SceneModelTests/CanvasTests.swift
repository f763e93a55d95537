import Foundation
import SceneModel
import Testing

/// The one way to make a canvas, and the one time base.
@Suite struct CanvasTests {
    @Test func everyFieldProblemIsReportedAtOnce() {
        #expect(throws: CanvasError(problems: [.outOfRange(.width, 0), .outOfRange(.fps, 500)])) {
            try Canvas(width: 0, height: 10, fps: 500, duration: 1)
        }
        #expect(throws: CanvasError(problems: [.outOfRange(.duration, 4000)])) {
            try Canvas(width: 10, height: 10, duration: 4000)
        }
    }

    @Test func aScaleThatLeavesNoPixelIsRefused() throws {
        let canvas = try Canvas(width: 320, height: 240, duration: 3)
        #expect(throws: CanvasError(problems: [.pixelSize(width: 0, height: 0)])) { try canvas.with(scale: 0.001) }
        #expect(throws: CanvasError(problems: [.pixelSize(width: 32000, height: 24000)])) { try canvas.with(scale: 100) }
    }

    @Test func aFrameRateThatLeavesNoFrameIsRefused() throws {
        let canvas = try Canvas(width: 320, height: 240, fps: 30, duration: 3)
        #expect(throws: CanvasError(problems: [.noFrame(duration: 3, fps: 0.1)])) { try canvas.with(fps: 0.1) }
        #expect(try canvas.with(fps: 0.5).frameCount == 2)
    }

    /// A frame's own time always falls in that frame, whatever time × fps rounds to.
    @Test func aFramesTimeFallsInThatFrame() throws {
        for fps in [1.0, 12, 23.976, 24, 25, 29.97, 30, 59.94, 60, 120, 240, 7.3] {
            let canvas = try Canvas(width: 10, height: 10, fps: fps, duration: 60)
            for i in 0..<canvas.frameCount {
                let t = canvas.time(ofFrame: i)
                #expect(canvas.frame(containing: t) == i, "fps \(fps) frame \(i)")
                #expect(canvas.frameExactly(at: t) == i)
                #expect(canvas.frame(containing: t.nextDown) == i - 1)
            }
        }
    }

    @Test func momentsBetweenFramesAreNotFrames() throws {
        let canvas = try Canvas(width: 10, height: 10, fps: 10, duration: 1)
        #expect(canvas.frameExactly(at: 0.25) == nil)
        #expect(canvas.frame(containing: 0.25) == 2)
        #expect(canvas.frame(at: 5) == 9)
        #expect(canvas.frame(containing: .infinity) == 0)
        #expect(canvas.frame(containing: .nan) == 0)
    }

    /// A video of every Nth frame plays at fps ÷ N, its frame i at i ÷ that rate.
    @Test func aVideoOfEveryNthFrameHasItsOwnRate() throws {
        let canvas = try Canvas(width: 10, height: 10, fps: 60, duration: 2)
        #expect(canvas.videoFPS(every: 1) == 60 && canvas.videoFPS(every: 4) == 15)
        #expect(canvas.videoTime(ofFrame: 7, every: 1) == canvas.time(ofFrame: 7))
        #expect(canvas.videoTime(ofFrame: 3, every: 4) == 0.2)
    }
}
