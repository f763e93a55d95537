import Foundation
import Media
import Testing

/// A sequence cleans its folder of killed runs' temporaries once, when it
/// opens, rather than before every frame.
@Suite struct PNGSequenceLeftoverTests {
    @Test func leftoversOfKilledRunsAreRemovedWhenTheSequenceOpens() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let dead = try ScratchFolder.finishedProcessID(), alive = getppid()
        try folder.write(".frame_00007.png.partial-\(dead)", [1])
        try folder.write(".frame_00008.png.partial-\(alive)", [2])
        try folder.write(".poster.png.partial-\(dead)", [3])
        let writer = try PNGSequenceWriter(directory: folder.path)
        #expect(try folder.entries() == [".frame_00008.png.partial-\(alive)", ".poster.png.partial-\(dead)"])
        try writer.write(.solid(width: 2, height: 2, 1, 2, 3))
        try writer.finish()
        #expect(try folder.entries() == [".frame_00008.png.partial-\(alive)", ".poster.png.partial-\(dead)", "frame_00000.png"])
    }
}
