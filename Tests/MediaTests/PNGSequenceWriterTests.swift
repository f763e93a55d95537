import Foundation
import Media
import Pixels
import Testing

@Suite struct PNGSequenceWriterTests {
    @Test func framesAreNumberedByAbsoluteIndexAndDeterministic() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let directory = folder.file("out/frames")   // parent created too
        let writer = try PNGSequenceWriter(directory: directory, firstFrame: 98)
        let frames = (0..<3).map { Bitmap.solid(width: 16, height: 8, UInt8($0 * 40), 50, 60, 200) }
        for frame in frames { try writer.write(frame) }
        try writer.finish()

        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["frame_00098.png", "frame_00099.png", "frame_00100.png"])
        for (frame, name) in zip(frames, names) {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            #expect(bytes == (try PNGCodec.encode(frame)))
            #expect(maxDifference(try PNGCodec.read(contentsOf: directory + "/" + name).pixels, frame.pixels) <= 1)
        }
        #expect(PNGSequenceWriter.fileName(forFrame: 123_456) == "frame_123456.png")
        #expect(throws: MediaError.outputClosed(path: directory + "/frame_00101.png")) {
            try writer.write(frames[0])
        }
    }

    @Test func cancelKeepsCompleteFramesAndLeavesNoTemporaries() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let writer = try PNGSequenceWriter(directory: folder.path)
        try writer.write(.solid(width: 4, height: 4, 0, 0, 0))
        writer.cancel()
        writer.cancel()
        #expect(try folder.entries() == ["frame_00000.png"])
    }

    @Test func negativeFirstFrameIsRefused() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        #expect(throws: MediaError.self) { try PNGSequenceWriter(directory: folder.path, firstFrame: -1) }
    }
}
