import Foundation
import Media
import Testing

/// The `FrameSink` contract, checked for every video format at once: nothing
/// under the final name before `finish()`, nothing at all after `cancel()` or
/// an error, errors that name the path, and no use after the end.
@Suite struct WriterLifecycleTests {
    static let formats: [OutputFormat] = [.mp4, .mov, .webm, .gif]

    private func open(_ format: OutputFormat, in folder: ScratchFolder) throws -> (any FrameSink, String) {
        let path = folder.file("clip." + format.rawValue)
        return (try makeWriter(path: path, width: 64, height: 48, fps: 25), path)
    }

    @Test(arguments: formats)
    func onlyTheTemporaryExistsUntilFinish(_ format: OutputFormat) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let (writer, _) = try open(format, in: folder)
        for i in 0..<5 { try writer.write(AlphaClip.frame(i * 4)) }
        let during = try folder.entries()
        // GIFWriter's frame spool is unlinked as soon as it is opened.
        #expect(during == [".clip.\(format.rawValue).partial-\(getpid())"], "\(during)")
        try writer.finish()
        #expect(try folder.entries() == ["clip." + format.rawValue])
        writer.cancel()
        #expect(try folder.entries() == ["clip." + format.rawValue])
    }

    @Test(arguments: formats)
    func cancelLeavesNothing(_ format: OutputFormat) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let (writer, path) = try open(format, in: folder)
        for i in 0..<5 { try writer.write(AlphaClip.frame(i * 4)) }
        writer.cancel()
        writer.cancel()
        #expect(try folder.entries() == [])
        #expect(throws: MediaError.outputClosed(path: path)) { try writer.write(AlphaClip.frame(0)) }
        #expect(throws: MediaError.outputClosed(path: path)) { try writer.finish() }
    }

    @Test(arguments: formats)
    func droppingAnUnfinishedWriterLeavesNothing(_ format: OutputFormat) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        do {
            let (writer, _) = try open(format, in: folder)
            try writer.write(AlphaClip.frame(0))
        }
        #expect(try folder.entries() == [])
    }

    @Test(arguments: formats)
    func wrongFrameSizeAbandonsTheOutput(_ format: OutputFormat) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let (writer, path) = try open(format, in: folder)
        try writer.write(AlphaClip.frame(0))
        #expect(throws: MediaError.frameSizeMismatch(path: path, expectedWidth: 64, expectedHeight: 48,
                                                     width: 32, height: 48)) {
            try writer.write(.solid(width: 32, height: 48, 0, 0, 0))
        }
        #expect(try folder.entries() == [])
        #expect(throws: MediaError.outputClosed(path: path)) { try writer.finish() }
    }

    @Test(arguments: formats)
    func finishWithoutFramesFailsAndLeavesNothing(_ format: OutputFormat) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let (writer, path) = try open(format, in: folder)
        #expect(throws: MediaError.noFrames(path: path)) { try writer.finish() }
        #expect(try folder.entries() == [])
    }

    @Test(arguments: formats)
    func unwritableFolderFailsAtOpenNamingThePath(_ format: OutputFormat) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("missing/clip." + format.rawValue)
        #expect(throws: MediaError.cannotWrite(path: path, reason: "No such file or directory")) {
            try makeWriter(path: path, width: 64, height: 48, fps: 25)
        }
        #expect(try folder.entries() == [])
    }

    @Test(arguments: formats)
    func finishedFileReplacesAnOlderOne(_ format: OutputFormat) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("clip." + format.rawValue, [1, 2, 3])
        let (writer, path) = try open(format, in: folder)
        try writer.write(AlphaClip.frame(0))
        writer.cancel()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
        let (second, _) = try open(format, in: folder)
        try second.write(AlphaClip.frame(0))
        try second.finish()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 3)
        #expect(try folder.entries() == ["clip." + format.rawValue])
    }
}
