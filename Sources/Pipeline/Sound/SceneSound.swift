import Media
import SceneModel

/// The decoded sources of a scene's audio clips, read once before anything
/// is drawn and shared read-only by every worker; `mix` makes any stretch of
/// the scene's sound from them (see `SoundMix`).
public struct SceneSound: Sendable {
    let mix: SoundMix

    /// No clips, nothing decoded: for scenes without sound and for renders
    /// that write none.
    static func silent(_ scene: Scene) -> SceneSound {
        SceneSound(mix: SoundMix(scene: with(scene) { $0.audio = [] }, sources: []))
    }

    /// Whether the scene has clips to mix.
    public var isEmpty: Bool { mix.scene.audio.isEmpty }

    /// Decodes every clip's file (paths relative to the scene file), as far
    /// as a mix ending at `end` seconds can use it; a file read for another
    /// clip or scene (`shared`, a batch's rows) is not read again. Every
    /// failure is reported together, each at the clip's `file`.
    static func load(for scene: Scene, until end: Double, shared: SharedAssets? = nil) throws(RenderError) -> SceneSound {
        var sources: [SoundSamples] = [], problems: [Diagnostic] = []
        var decoded: [String: SoundSamples] = [:]
        for clip in scene.audio {
            let path = clip.file.resolved(from: scene.file)
            let needed = SoundMix.sourceFramesNeeded(clip, until: end)
            let key = "\(needed) \(path)"
            if let known = decoded[key] ?? shared?.sounds[key] {
                sources.append(known)
                continue
            }
            do {
                let source = try SoundDecoder.decode(contentsOf: path, maxFrames: needed)
                decoded[key] = source
                shared?.sounds[key] = source
                sources.append(source)
            } catch {
                let reason = (error as? SoundError)?.description ?? (error as? MediaError)?.description ?? "\(error)"
                problems.append(Diagnostic(file: scene.file, location: clip.file.location, path: clip.file.jsonPath, message: reason))
            }
        }
        guard problems.isEmpty else { throw .invalidScene(SceneLoadError(diagnostics: problems)) }
        return SceneSound(mix: SoundMix(scene: scene, sources: sources))
    }

    /// The sound of scene time `seconds` (the first video frame's time) for
    /// `frames` samples at 48 kHz.
    func samples(from first: Int, count: Int) -> SoundSamples {
        mix.samples(from: first, count: count)
    }

    /// The sound from the scene's start to `seconds`, at 48 kHz (the studio
    /// plays it beside the frames).
    public func samples(until seconds: Double) -> SoundSamples {
        samples(from: 0, count: max(0, Int((seconds * Double(SoundSamples.sampleRate)).rounded())))
    }

    /// Each clip as it plays in a mix ending at `end` seconds, for `reel info`.
    func tracks(until end: Double) -> [SceneInfo.TrackInfo] {
        zip(mix.scene.audio, mix.sources).map { clip, source in
            let stretch = SoundMix.stretch(clip, sourceFrames: source.frameCount)
            let available = max(0, end - clip.start)
            let from = SoundMix.rate.seconds(stretch.lowerBound), to = SoundMix.rate.seconds(stretch.upperBound)
            let once = to - from
            return SceneInfo.TrackInfo(
                file: clip.file.path, parameter: clip.parameter, start: clip.start,
                duration: clip.loop && once > 0 ? available : min(once, available),
                trimIn: from, trimOut: min(to, from + available), loop: clip.loop, gain: clip.gain,
                volumeAnimated: !clip.volume.isConstant)
        }
    }
}
