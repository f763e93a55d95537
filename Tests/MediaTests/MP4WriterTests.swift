import CFFmpeg
import Foundation
import Media
import Pixels
import Testing

/// Per-channel tolerance after RGB → limited-range YUV 4:2:0 → H.264 (crf 20)
/// → RGB on flat colours: quantisation to 219/224 levels plus coding error.
private let tolerance = 6

private func isClose(_ actual: [UInt8], _ expected: [UInt8]) -> Bool {
    maxDifference(actual, expected) <= tolerance
}

/// Frame i of a 30-frame clip: red, then blue, then green at half alpha
/// (premultiplied 0,128,0,128, which shows as 0,128,0 over black).
private func clipFrame(_ i: Int, width: Int = 64, height: Int = 48) -> Bitmap {
    switch i {
    case ..<10: .solid(width: width, height: height, 255, 0, 0)
    case ..<20: .solid(width: width, height: height, 0, 0, 255)
    default: .solid(width: width, height: height, 0, 128, 0, 128)
    }
}

private func writeClip(to path: String, frames: Int = 30, width: Int = 64, height: Int = 48, fps: Double = 30) throws {
    let writer = try MP4Writer(path: path, width: width, height: height, fps: fps)
    for i in 0..<frames { try writer.write(clipFrame(i, width: width, height: height)) }
    try writer.finish()
}

@Suite struct MP4WriterTests {
    @Test func solidColourClipReadsBackAsWritten() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("clip.mp4")
        try writeClip(to: path)

        let probe = try VideoProbe(path: path)
        #expect(probe.codecName == "h264")
        #expect(probe.pixelFormat == "yuv420p")
        #expect(probe.width == 64 && probe.height == 48)
        #expect(probe.frameCount == 30)
        #expect(abs(probe.duration - 1.0) <= 1.0 / 30)
        #expect(abs(probe.frameRate - 30) < 0.001)
        #expect(probe.primaries == AVCOL_PRI_BT709)
        #expect(probe.transfer == AVCOL_TRC_BT709)
        #expect(probe.matrix == AVCOL_SPC_BT709)
        #expect(probe.range == AVCOL_RANGE_MPEG)
        for (frame, expected) in [(0, [255, 0, 0]), (9, [255, 0, 0]), (10, [0, 0, 255]), (19, [0, 0, 255]),
                                  (20, [0, 128, 0]), (29, [0, 128, 0])] as [(Int, [UInt8])] {
            for (x, y) in [(0, 0), (32, 24), (63, 47)] {
                let actual = probe.rgb(frame: frame, x: x, y: y)
                #expect(isClose(actual, expected), "frame \(frame) at (\(x), \(y)): \(actual)")
            }
        }
    }

    @Test func indexPrecedesMediaData() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try writeClip(to: folder.file("clip.mp4"), frames: 12)
        let boxes = VideoProbe.topLevelBoxes(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("clip.mp4")))))
        #expect(boxes.first == "ftyp")
        let moov = try #require(boxes.firstIndex(of: "moov"))
        let mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat, "\(boxes)")
    }

    @Test func sameFramesGiveIdenticalBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try writeClip(to: folder.file("a.mp4"))
        try writeClip(to: folder.file("b.mp4"))
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.file("a.mp4")))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.file("b.mp4")))
        #expect(!a.isEmpty)
        #expect(a == b)
    }

    @Test func oddSizeIsPaddedToEven() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("odd.mp4")
        // Left half black, right half white, so the repeated last column is white.
        var frame = Bitmap.solid(width: 63, height: 47, 0, 0, 0)
        for y in 0..<47 {
            for x in 32..<63 {
                frame.pixels.replaceSubrange((y * 63 + x) * 4..<(y * 63 + x) * 4 + 4, with: [255, 255, 255, 255])
            }
        }
        let writer = try MP4Writer(path: path, width: 63, height: 47, fps: 24)
        #expect(writer.encodedWidth == 64 && writer.encodedHeight == 48)
        for _ in 0..<8 { try writer.write(frame) }
        try writer.finish()

        let probe = try VideoProbe(path: path)
        #expect(probe.width == 64 && probe.height == 48)
        #expect(probe.frameCount == 8)
        #expect(isClose(probe.rgb(frame: 4, x: 8, y: 8), [0, 0, 0]))
        #expect(isClose(probe.rgb(frame: 4, x: 63, y: 47), [255, 255, 255]))
        #expect(isClose(probe.rgb(frame: 4, x: 63, y: 0), [255, 255, 255]))
    }

    @Test func fractionalFrameRateKeepsExactTiming() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("ntsc.mp4")
        try writeClip(to: path, frames: 15, fps: 30_000.0 / 1001)
        let probe = try VideoProbe(path: path)
        #expect(probe.frameCount == 15)
        #expect(abs(probe.frameRate - 30_000.0 / 1001) < 0.0001)
        #expect(abs(probe.duration - 15 * 1001 / 30_000.0) <= 1001 / 30_000.0)
    }

    @Test func invalidSettingsAreRefusedBeforeAnyFileExists() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("bad.mp4")
        #expect(throws: MediaError.invalidSettings(path: path, reason: "crf must be 0…51, not 60")) {
            try MP4Writer(path: path, width: 64, height: 48, fps: 30, crf: 60)
        }
        #expect(throws: MediaError.self) { try MP4Writer(path: path, width: 64, height: 48, fps: 0) }
        #expect(throws: MediaError.self) { try MP4Writer(path: path, width: 64, height: 48, fps: .nan) }
        let error = #expect(throws: MediaError.self) {
            try MP4Writer(path: path, width: 64, height: 48, fps: 30, preset: "fastest")
        }
        #expect(error?.description.contains("fastest") == true)
        #expect(try folder.entries() == [])
    }

    @Test func wrongFrameSizeAbandonsTheOutput() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("clip.mp4")
        let writer = try MP4Writer(path: path, width: 64, height: 48, fps: 30)
        try writer.write(clipFrame(0))
        #expect(throws: MediaError.frameSizeMismatch(path: path, expectedWidth: 64, expectedHeight: 48,
                                                     width: 32, height: 48)) {
            try writer.write(.solid(width: 32, height: 48, 0, 0, 0))
        }
        #expect(try folder.entries() == [])
        #expect(throws: MediaError.outputClosed(path: path)) { try writer.write(clipFrame(1)) }
        #expect(throws: MediaError.outputClosed(path: path)) { try writer.finish() }
        writer.cancel()
    }

    @Test func finishWithoutFramesFailsAndLeavesNothing() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("empty.mp4")
        let writer = try MP4Writer(path: path, width: 64, height: 48, fps: 30)
        #expect(throws: MediaError.noFrames(path: path)) { try writer.finish() }
        #expect(try folder.entries() == [])
    }
}
