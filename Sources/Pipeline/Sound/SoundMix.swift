import Determinism
import Evaluation
import Media
import SceneModel

/// A scene's clips mixed into one stereo track at 48 kHz: a pure function of
/// the scene and its decoded sources, so any stretch of it is the same
/// samples whoever computes it — a 1-process render, shard 0 of a split, or
/// `--chunks` — on any thread count.
///
/// **Timeline.** Scene sample *p* is the moment *p* / 48,000 s. A clip
/// starts at sample round(`start` × 48,000) and plays its source from
/// round(`in` × 48,000) up to round(`out` × 48,000) (or the source's end),
/// once, or again and again with `loop`, until the mix ends.
/// **Level.** Each clip's samples are multiplied by 10^(`gain` / 20) and by
/// its `volume` at scene time, evaluated as every animated number is (so
/// keyframes, expressions and timeline variables work) at the edges of
/// blocks of `volumeBlock` samples, anchored at scene sample 0, and joined
/// by straight lines inside each block: a ramp has no steps, and the
/// stretch a render asks for does not change the values.
/// **Order.** The clips are added in the scene's order, in 32-bit float,
/// with no limiting: the same additions in the same order give the same
/// bits. A sum beyond ±1 clips in players; keep gains where it fits.
struct SoundMix: Sendable {
    /// Samples per volume evaluation: 32 at 48 kHz is ⅔ ms, finer than any
    /// fade can be heard to step, and 1,500 evaluations a second.
    static let volumeBlock = 32
    static let rate = SoundMix.Rate(SoundSamples.sampleRate)

    let scene: Scene
    /// One per clip of `scene.audio`, from the file's first sample.
    let sources: [SoundSamples]

    /// The mix from scene sample `first` (≥ 0), `count` frames long.
    func samples(from first: Int, count: Int) -> SoundSamples {
        var mix = SoundSamples(silence: count)
        for (clip, source) in zip(scene.audio, sources) {
            add(clip, source, into: &mix.interleaved, from: first, count: count)
        }
        return mix
    }

    /// Adds one clip's contribution to `out` (scene samples `first` ..< `first + count`).
    private func add(_ clip: AudioClip, _ source: SoundSamples, into out: inout [Float], from first: Int, count: Int) {
        let stretch = Self.stretch(clip, sourceFrames: source.frameCount)
        guard stretch.count > 0 else { return }
        let start = Self.rate.sample(at: clip.start)
        let gain = DeterministicMath.pow(10, clip.gain / 20)
        // Scene samples the clip sounds in, within the range asked for.
        let from = max(first, start)
        let until = clip.loop ? first + count : min(first + count, start + stretch.count)
        guard from < until else { return }
        let values = source.interleaved
        var p = from
        while p < until {
            // One volume block: from p to the next multiple of volumeBlock.
            let blockStart = p - p % Self.volumeBlock
            let blockEnd = min(blockStart + Self.volumeBlock, until)
            let v0 = volume(clip, atSample: blockStart), v1 = volume(clip, atSample: blockStart + Self.volumeBlock)
            let step = (v1 - v0) / Double(Self.volumeBlock)
            while p < blockEnd {
                var k = p - start
                if clip.loop { k %= stretch.count }
                let factor = Float(gain * (v0 + step * Double(p - blockStart)))
                let s = 2 * (stretch.lowerBound + k), o = 2 * (p - first)
                out[o] += values[s] * factor
                out[o + 1] += values[s + 1] * factor
                p += 1
            }
        }
    }

    /// The scene samples a video of `frames` (scene frame numbers, every
    /// `every`th) lasts: from the first frame's time to the end of the last
    /// frame's `every` frame times.
    static func range(_ canvas: Canvas, frames: [Int], every: Int) -> Range<Int> {
        guard let first = frames.first, let last = frames.last else { return 0..<0 }
        let start = rate.sample(at: canvas.time(ofFrame: first))
        return start..<max(start, rate.sample(at: canvas.time(ofFrame: last + every)))
    }

    /// The clip's volume at scene sample `p`, never below 0.
    private func volume(_ clip: AudioClip, atSample p: Int) -> Double {
        if case .constant(let v) = clip.volume { return max(v, 0) }
        let v = clip.volume.value(in: scene.context(at: Self.rate.seconds(p)))
        return v.isFinite ? max(v, 0) : 0
    }

    /// The source frames a clip plays: `in` to `out` (or the source's end).
    static func stretch(_ clip: AudioClip, sourceFrames: Int) -> Range<Int> {
        let from = min(rate.sample(at: clip.trimIn), sourceFrames)
        let to = min(clip.trimOut.map { rate.sample(at: $0) } ?? sourceFrames, sourceFrames)
        return from..<max(from, to)
    }

    /// How much of its file a clip can use in a mix that ends at `end`
    /// seconds: up to `out`, else (looping) all of it, else what plays
    /// before the end. Decoding stops there.
    static func sourceFramesNeeded(_ clip: AudioClip, until end: Double) -> Int {
        if let out = clip.trimOut { return rate.sample(at: out) }
        // A loop of a file longer than the whole scene never comes round,
        // so no clip needs more than `in` plus the scene's length.
        let playing = max(0, end - clip.start)
        return rate.sample(at: clip.trimIn + playing) + 1
    }

    /// Seconds ↔ sample positions at one rate.
    struct Rate: Sendable {
        let perSecond: Int
        init(_ perSecond: Int) { self.perSecond = perSecond }
        /// The sample nearest to `seconds` (halves round up).
        func sample(at seconds: Double) -> Int { Int((seconds * Double(perSecond)).rounded(.toNearestOrAwayFromZero)) }
        func seconds(_ sample: Int) -> Double { Double(sample) / Double(perSecond) }
    }
}
