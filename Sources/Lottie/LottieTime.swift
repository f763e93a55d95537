/// How a layer's frames become the seconds of the scene (or component) it
/// is written into: a composition's time starts at its origin frame (the
/// animation's `ip` for the main one, 0 for a precomp), and a layer's own
/// frames are shifted by its start time `st` and stretched by `sr`.
struct LottieTime {
    var fr: Double
    var origin: Double
    var start = 0.0
    var stretch = 1.0

    /// Seconds of a layer frame (keyframe times).
    func seconds(_ layerFrame: Double) -> Double { (start + layerFrame * stretch - origin) / fr }

    /// Seconds of a composition frame (layer in and out points).
    func compositionSeconds(_ frame: Double) -> Double { (frame - origin) / fr }

    /// The time of a layer that starts at `st` and is stretched by `sr`.
    func layer(start st: Double, stretch sr: Double) -> LottieTime {
        LottieTime(fr: fr, origin: origin, start: st, stretch: sr)
    }
}
