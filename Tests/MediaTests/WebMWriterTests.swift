import CFFmpeg
import Foundation
import Media
import Testing

/// VP9 at crf 31 on flat colours, through limited-range 4:2:0 and back.
private let colourTolerance = 4
private let alphaTolerance = 3

@Suite struct WebMWriterTests {
    @Test func vp9KeepsAlphaAndStraightColour() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("clip.webm")
        try AlphaClip.write(to: WebMWriter(path: path, width: AlphaClip.width, height: AlphaClip.height, fps: 24))

        // libvpx-vp9 applies the alpha stream; FFmpeg's native vp9 would drop it.
        let probe = try VideoProbe(path: path, decoder: "libvpx-vp9", keepAlpha: true)
        #expect(probe.codecName == "vp9")
        #expect(probe.metadata["alpha_mode"] == "1", "\(probe.metadata)")
        #expect(probe.decodedPixelFormat == "yuva420p")
        #expect(probe.width == AlphaClip.width && probe.height == AlphaClip.height)
        #expect(probe.frameCount == AlphaClip.frameCount)
        #expect(abs(probe.duration - 20.0 / 24) <= 1.0 / 24, "\(probe.duration)")
        #expect(probe.primaries == AVCOL_PRI_BT709)
        #expect(probe.transfer == AVCOL_TRC_BT709)
        #expect(probe.matrix == AVCOL_SPC_BT709)
        #expect(probe.range == AVCOL_RANGE_MPEG)
        let problems = AlphaClip.mismatches(probe, colour: colourTolerance, alpha: alphaTolerance)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func oddSizeIsStoredAsIs() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("odd.webm")
        let writer = try WebMWriter(path: path, width: 63, height: 47, fps: 30)
        for _ in 0..<3 { try writer.write(.solid(width: 63, height: 47, 0, 64, 0, 128)) }
        try writer.finish()
        let probe = try VideoProbe(path: path, decoder: "libvpx-vp9", keepAlpha: true)
        #expect(probe.width == 63 && probe.height == 47)
        #expect(probe.frameCount == 3)
        for (x, y) in [(31, 23), (62, 46), (0, 46), (62, 0)] {
            let pixel = probe.rgba(frame: 2, x: x, y: y)
            #expect(maxDifference(pixel, [0, 128, 0, 128]) <= colourTolerance, "(\(x), \(y)): \(pixel)")
        }
    }

    @Test func sameFramesGiveIdenticalBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for name in ["a.webm", "b.webm"] {
            try AlphaClip.write(to: WebMWriter(path: folder.file(name), width: 64, height: 48, fps: 24))
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.file("a.webm")))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.file("b.webm")))
        #expect(!a.isEmpty)
        #expect(a == b)
    }

    @Test func invalidSettingsAreRefusedBeforeAnyFileExists() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("bad.webm")
        #expect(throws: MediaError.invalidSettings(path: path, reason: "VP9 crf must be 0…63, not 64")) {
            try WebMWriter(path: path, width: 64, height: 48, fps: 30, crf: 64)
        }
        #expect(throws: MediaError.invalidSettings(path: path, reason: "VP9 speed must be 0…5, not 6")) {
            try WebMWriter(path: path, width: 64, height: 48, fps: 30, speed: 6)
        }
        #expect(throws: MediaError.self) { try WebMWriter(path: path, width: 0, height: 48, fps: 30) }
        #expect(try folder.entries() == [])
    }
}
