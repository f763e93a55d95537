import CFFmpeg
import Foundation
import Media
import Testing

/// ProRes 4444 is near-lossless: after RGB → 10-bit limited-range YUV → RGB,
/// flat colours come back within a few levels and alpha within one.
private let colourTolerance = 2
private let alphaTolerance = 1

@Suite struct MOVWriterTests {
    @Test func proRes4444KeepsAlphaAndStraightColour() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("clip.mov")
        try AlphaClip.write(to: MOVWriter(path: path, width: AlphaClip.width, height: AlphaClip.height, fps: 24))

        let probe = try VideoProbe(path: path, keepAlpha: true)
        #expect(probe.codecName == "prores")
        #expect(probe.codecTag == "ap4h")
        #expect(probe.profile == 4)   // FF_PROFILE_PRORES_4444
        // Written from yuva444p10le; FFmpeg 5.1's decoder gives 4444 as 12-bit.
        #expect(probe.pixelFormat.hasPrefix("yuva444p"), "\(probe.pixelFormat)")
        #expect(probe.decodedPixelFormat.hasPrefix("yuva444p"), "\(probe.decodedPixelFormat)")
        #expect(probe.width == AlphaClip.width && probe.height == AlphaClip.height)
        #expect(probe.frameCount == AlphaClip.frameCount)
        #expect(abs(probe.duration - 20.0 / 24) < 0.001)
        #expect(abs(probe.frameRate - 24) < 0.001)
        #expect(probe.primaries == AVCOL_PRI_BT709)
        #expect(probe.transfer == AVCOL_TRC_BT709)
        #expect(probe.matrix == AVCOL_SPC_BT709)
        let problems = AlphaClip.mismatches(probe, colour: colourTolerance, alpha: alphaTolerance)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func oddSizeIsStoredAsIs() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("odd.mov")
        let writer = try MOVWriter(path: path, width: 63, height: 47, fps: 30)
        for _ in 0..<3 { try writer.write(.solid(width: 63, height: 47, 0, 64, 0, 128)) }
        try writer.finish()
        let probe = try VideoProbe(path: path, keepAlpha: true)
        #expect(probe.width == 63 && probe.height == 47)
        #expect(probe.frameCount == 3)
        let pixel = probe.rgba(frame: 2, x: 62, y: 46)
        #expect(maxDifference(pixel, [0, 128, 0, 128]) <= colourTolerance, "\(pixel)")
    }

    @Test func sameFramesGiveIdenticalBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for name in ["a.mov", "b.mov"] {
            try AlphaClip.write(to: MOVWriter(path: folder.file(name), width: 64, height: 48, fps: 24))
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.file("a.mov")))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.file("b.mov")))
        #expect(!a.isEmpty)
        #expect(a == b)
    }

    @Test func indexPrecedesMediaData() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try AlphaClip.write(to: MOVWriter(path: folder.file("clip.mov"), width: 64, height: 48, fps: 24))
        let boxes = VideoProbe.topLevelBoxes(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("clip.mov")))))
        let moov = try #require(boxes.firstIndex(of: "moov"))
        let mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat, "\(boxes)")
    }
}
