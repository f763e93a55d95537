/// Where a video writer's time went, in nanoseconds of the calling thread,
/// summed over the frames written: the RGBA → YUV conversion, and the wait
/// for the encoder (it encodes the frame before on its own thread while the
/// caller converts, so this is the time it still held the caller up).
/// For benchmarks that split a frame's cost by stage.
public struct VideoWriteTimes: Sendable {
    public var conversion: UInt64 = 0
    public var encoding: UInt64 = 0
}
