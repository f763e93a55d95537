import CMemoryReuse
import Foundation
import Media
import Pixels
import Synchronization
import Testing

/// The same frames must give the same MP4 bytes however the encoder's
/// threads happen to be scheduled: x264's frame threads made the I-frame of
/// a small flat clip come out one byte longer now and then (its last
/// macroblock coded at another quantiser), with identical input.
///
/// x264 also reads some memory before writing it, so its bytes depend on
/// what the allocator hands out unless the allocator fills it with a fixed
/// byte, as `reel` sets it up (`MemoryReuse`). Run in this test process
/// without that setting, one clip in 400 differed under load; the check
/// runs in a child process with reel's allocator settings.
@Suite struct MP4ReproducibilityTests {
    @Test func encoderTimingDoesNotChangeTheBytes() async {
        await #expect(processExitsWith: .success) {
            reel_reuse_freed_memory(32 << 20, 256 << 20)
            try Self.encodeClipsAndCompare()
        }
    }

    private static func encodeClipsAndCompare() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let frame = Bitmap.solid(width: 64, height: 48, 127, 176, 140)
        let (workers, clipsEach) = (4, 100)
        let outputs = Mutex([Data?](repeating: nil, count: workers * clipsEach))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            // Uneven pauses between frames, different in every clip, so the
            // encoder's threads meet the frames at different moments.
            var state = UInt32(worker * 7919 + 1)
            for clip in 0..<clipsEach {
                let index = worker * clipsEach + clip
                let path = folder.file("clip-\(index).mp4")
                do {
                    let writer = try MP4Writer(path: path, width: 64, height: 48, fps: 10)
                    for _ in 0..<3 {
                        state = state &* 1_664_525 &+ 1_013_904_223
                        usleep(state >> 20)
                        try writer.write(frame)
                    }
                    usleep(3000)
                    try writer.finish()
                    outputs.withLock { $0[index] = FileManager.default.contents(atPath: path) }
                } catch {
                    print("clip \(index): \(error)")
                    exit(1)
                }
            }
        }
        let files = outputs.withLock { $0 }
        let first = try #require(files[0])
        let differing = files.indices.filter { files[$0] != first }
        if !differing.isEmpty {
            print("\(differing.count) of \(files.count) clips differ from the first, e.g. clip \(differing[0])")
            exit(1)
        }
    }
}
