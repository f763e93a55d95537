import CMemoryReuse

/// Keeps freed frame-sized memory in the process for the next frame.
///
/// glibc serves blocks above its mmap threshold with fresh mappings and
/// returns them to the kernel when freed, so every large buffer allocated
/// and freed per frame (libx264's, at least) comes back as new pages the
/// kernel must zero (at 1170 × 2532, a seventh of a render's CPU samples
/// were in zeroing pages). Serving blocks up to 32 MiB (glibc's limit) from
/// the heap, and keeping freed memory at its top, turns them into reused
/// memory. Peak memory is unchanged; it is only not handed back between
/// frames. Called once at the start of the executables.
public enum MemoryReuse {
    public static func configure() {
        reel_reuse_freed_memory(32 << 20, 256 << 20)
    }
}
