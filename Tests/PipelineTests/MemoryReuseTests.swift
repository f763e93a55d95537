#if canImport(Glibc)
import Glibc
import Pipeline
import Testing

/// Regression: the allocator settings were compiled out (the C file tested
/// `__GLIBC__` before any header had defined it), so no block was filled and
/// a video's bytes depended on which thread allocated x264's memory.
@Suite struct MemoryReuseTests {
    /// The settings are applied in a child process (an exit test), never in
    /// the test process: switched on there for a few milliseconds, the fill
    /// overwrote whatever the other tests' threads freed meanwhile, and with
    /// the fill on from the start the suite crashed in Dispatch's event loop
    /// (`_dispatch_event_loop_drain`) while tests were spawning processes.
    @Test func blocksAreHandedOutFilled() async {
        await #expect(processExitsWith: .success) {
            MemoryReuse.configure()
            // Larger than glibc's per-thread cache serves, smaller than the mmap threshold.
            let size = 256 << 10
            guard let block = malloc(size) else { exit(2) }
            let bytes = block.bindMemory(to: UInt8.self, capacity: size)
            // glibc fills with the complement of the perturb byte 0x55.
            let filled = (0..<size).allSatisfy { bytes[$0] == 0xAA }
            free(block)
            exit(filled ? 0 : 1)
        }
    }
}
#endif
