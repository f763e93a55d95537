/// Where a video writer's time went, in nanoseconds of the calling thread,
/// summed over the frames written: the RGBA → YUV conversion, and the wait
/// in the encoder (libx264 returns from a frame only once one of its
/// threads can take it, so this is the time the encoder held the caller up).
/// For benchmarks that split a frame's cost by stage.
public struct VideoWriteTimes: Sendable {
    public var conversion: UInt64 = 0
    public var encoding: UInt64 = 0
}
