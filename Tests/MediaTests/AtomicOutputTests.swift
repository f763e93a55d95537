import Foundation
import Media
import Testing

/// Tests run as root in CI, where permission bits are ignored, so "cannot
/// write here" is produced with a missing parent or a parent that is a file.
@Suite struct AtomicOutputTests {
    /// A killed run's temporary (its process gone) is removed by the next
    /// write of the same output; one of a live process is left alone.
    @Test func leftoversOfKilledRunsAreCleanedUp() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let dead = try ScratchFolder.finishedProcessID(), alive = getppid()
        try folder.write(".image.png.partial-\(dead)", [1, 2, 3])
        try folder.write(".image.png.partial-\(alive)", [4])
        try folder.write(".other.png.partial-\(dead)", [5])
        try PNGCodec.write(.solid(width: 2, height: 2, 9, 9, 9), to: folder.file("image.png"))
        #expect(try folder.entries() == [".image.png.partial-\(alive)", ".other.png.partial-\(dead)", "image.png"])
    }

    @Test func missingFolderFailsAtOpenNamingThePath() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("missing/clip.mp4")
        let error = #expect(throws: MediaError.self) { try MP4Writer(path: path, width: 64, height: 48, fps: 30) }
        #expect(error == .cannotWrite(path: path, reason: "No such file or directory"))
        #expect(error?.description == "cannot write \(path): No such file or directory")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try folder.entries() == [])
    }

    @Test func parentThatIsAFileFailsForEveryWriter() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("plain", [1])
        let video = folder.file("plain/clip.mp4")
        #expect(throws: MediaError.cannotWrite(path: video, reason: "Not a directory")) {
            try MP4Writer(path: video, width: 64, height: 48, fps: 30)
        }
        let image = folder.file("plain/image.png")
        #expect(throws: MediaError.cannotWrite(path: image, reason: "Not a directory")) {
            try PNGCodec.write(.solid(width: 4, height: 4, 0, 0, 0), to: image)
        }
        let frames = folder.file("plain/frames")
        let error = #expect(throws: MediaError.self) { try PNGSequenceWriter(directory: frames) }
        #expect(error == .cannotCreateFolder(path: frames, reason: "Not a directory"))
        #expect(error?.description.contains(frames) == true)
        #expect(try folder.entries() == ["plain"])
    }

    @Test func existingFolderAtTheFinalNameIsRefused() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("clip.mp4"), withIntermediateDirectories: false)
        #expect(throws: MediaError.cannotWrite(path: folder.file("clip.mp4"), reason: "Is a directory")) {
            try MP4Writer(path: folder.file("clip.mp4"), width: 64, height: 48, fps: 30)
        }
        #expect(try folder.entries() == ["clip.mp4"])
    }

    @Test func videoAppearsOnlyAfterFinish() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let writer = try MP4Writer(path: folder.file("clip.mp4"), width: 64, height: 48, fps: 30)
        for _ in 0..<5 { try writer.write(.solid(width: 64, height: 48, 10, 20, 30)) }
        let during = try folder.entries()
        #expect(!folder.exists("clip.mp4"))
        #expect(during.count == 1 && during[0].hasPrefix(".clip.mp4.partial-"), "\(during)")
        try writer.finish()
        #expect(try folder.entries() == ["clip.mp4"])
        writer.cancel()   // after finish: a no-op that keeps the file
        #expect(try folder.entries() == ["clip.mp4"])
    }

    @Test func cancelRemovesTheTemporaryAndIsIdempotent() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let writer = try MP4Writer(path: folder.file("clip.mp4"), width: 64, height: 48, fps: 30)
        for _ in 0..<5 { try writer.write(.solid(width: 64, height: 48, 10, 20, 30)) }
        writer.cancel()
        writer.cancel()
        #expect(try folder.entries() == [])
        #expect(throws: MediaError.outputClosed(path: folder.file("clip.mp4"))) {
            try writer.write(.solid(width: 64, height: 48, 0, 0, 0))
        }
    }

    @Test func droppingAnUnfinishedWriterRemovesTheTemporary() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        do {
            let writer = try MP4Writer(path: folder.file("clip.mp4"), width: 64, height: 48, fps: 30)
            try writer.write(.solid(width: 64, height: 48, 10, 20, 30))
            #expect(try folder.entries().count == 1)
        }
        #expect(try folder.entries() == [])
    }

    @Test func finishedFileReplacesAnOlderOne() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("image.png")
        try folder.write("image.png", Array("old".utf8))
        try PNGCodec.write(.solid(width: 4, height: 4, 1, 2, 3), to: path)
        #expect(try PNGCodec.read(contentsOf: path) == .solid(width: 4, height: 4, 1, 2, 3))
        #expect(try folder.entries() == ["image.png"])
    }
}
