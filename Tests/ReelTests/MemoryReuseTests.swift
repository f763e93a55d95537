#if canImport(Glibc)
import Glibc
import Pipeline
import Testing

/// Regression: the allocator settings were compiled out (the C file tested
/// `__GLIBC__` before any header had defined it), so no block was filled and
/// a video's bytes depended on which thread allocated x264's memory.
@Suite struct MemoryReuseTests {
    @Test func blocksAreHandedOutFilled() throws {
        MemoryReuse.configure()
        // Larger than glibc's per-thread cache serves, smaller than the mmap threshold.
        let size = 256 << 10
        let block = try #require(malloc(size))
        defer { free(block) }
        let bytes = block.bindMemory(to: UInt8.self, capacity: size)
        // glibc fills with the complement of the perturb byte 0x55.
        #expect((0..<size).allSatisfy { bytes[$0] == 0xAA })
    }
}
#endif
