/// Sound in the one format Reel mixes and encodes: 48,000 samples per
/// second, two channels (left, right), 32-bit float, interleaved
/// (L R L R …), full scale ±1.
///
/// 48 kHz is what AAC in MP4 and Opus (which runs at 48 kHz inside) are
/// delivered at for video, so the mix is encoded without resampling again.
public struct SoundSamples: Sendable, Equatable {
    public static let sampleRate = 48_000
    public static let channels = 2

    /// `frameCount × channels` values.
    public var interleaved: [Float]

    public init(interleaved: [Float]) {
        precondition(interleaved.count % Self.channels == 0, "interleaved stereo needs an even count")
        self.interleaved = interleaved
    }

    /// `frames` frames of silence.
    public init(silence frames: Int) {
        interleaved = [Float](repeating: 0, count: frames * Self.channels)
    }

    /// Sample frames (one value per channel each).
    public var frameCount: Int { interleaved.count / Self.channels }

    /// Seconds.
    public var duration: Double { Double(frameCount) / Double(Self.sampleRate) }
}
