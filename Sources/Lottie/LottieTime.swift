/// How a layer's frames become the seconds of the scene (or component) it
/// is written into: a composition's frame f is at f / fr seconds (the main
/// composition's canvas starts at its in point, `ip` / fr, so a render still
/// covers ip…op), and a layer's own frames are shifted by its start time
/// `st` and stretched by `sr`.
struct LottieTime {
    var fr: Double
    var start = 0.0
    var stretch = 1.0

    /// Seconds of a layer frame (keyframe times).
    func seconds(_ layerFrame: Double) -> Double { (start + layerFrame * stretch) / fr }

    /// Seconds of a composition frame (layer in and out points).
    func compositionSeconds(_ frame: Double) -> Double { frame / fr }

    /// The time of a layer that starts at `st` and is stretched by `sr`.
    func layer(start st: Double, stretch sr: Double) -> LottieTime {
        LottieTime(fr: fr, start: st, stretch: sr)
    }
}
