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
///
/// Memory is handed out filled with a fixed byte (glibc's `M_PERTURB`):
/// x264 reads some memory before writing it, so a video's bytes otherwise
/// depended on what the allocator handed out, which depends on the thread
/// that asked — rows of a batch encoded two at a time, on whichever worker
/// delivered their frames, came out in two versions in a third of the runs
/// under load (also in a standalone libavcodec program); none in 96 rows
/// with the fill. No cost was measurable in 60-frame renders at 1170 × 2532.
public enum MemoryReuse {
    public static func configure() {
        reel_reuse_freed_memory(32 << 20, 256 << 20)
    }
}
