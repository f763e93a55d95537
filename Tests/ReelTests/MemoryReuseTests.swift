#if canImport(Glibc)
import Glibc
import Pipeline
import Testing

/// Regression: the allocator settings were compiled out (the C file tested
/// `__GLIBC__` before any header had defined it), so no block was filled and
/// a video's bytes depended on which thread allocated x264's memory.
@Suite struct MemoryReuseTests {
    /// `mallopt(M_PERTURB, 0)`; `<malloc.h>` is not part of Swift's Glibc module.
    static func stopFilling() {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-6, 0)
    }

    @Test func blocksAreHandedOutFilled() throws {
        MemoryReuse.configure()
        // The fill stays on only for this check: the test process's other
        // tests (Foundation's pipes, Dispatch) are not what it is for.
        defer { Self.stopFilling() }
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
