import SceneModel

/// Trim Paths (`tm`): the part of the outline from start + offset to end +
/// offset kept (start and end in percent, the offset in degrees, a turn
/// being the whole length), wrapping past the outline's end to its start
/// as After Effects does. A scene's `trim` stays within 0…1, so a trim that
/// wraps is drawn as copies of the paint, copy k trimmed to the range less k.
struct LottieTrim {
    var start: LottieProperty
    var end: LottieProperty
    var offset: LottieProperty
    /// Trims the paths one after another, as one long path (`m` 2), rather
    /// than each on its own (1, simultaneously).
    var oneAfterAnother = false
    /// Which copy: the range less this many turns.
    var shift = 0
    /// Whether this is one of the copies of a wrapping trim.
    var isCopy = false

    /// The most copies a wrapping trim is drawn as.
    static let maxCopies = 8

    private var animated: [LottieProperty] { [start, end, offset].filter(\.isAnimated) }

    /// Whether it keeps the whole path (from 0 % to 100 %, not moving).
    var keepsAll: Bool {
        !start.isAnimated && !end.isAnimated && start.first.first == 0 && end.first.first == 100
    }

    /// The trim with its ends in order: After Effects (and lottie-ios,
    /// lottie-web) keep the part between the smaller and the larger end
    /// whichever is the start; ends that cross while they move become a
    /// key per sampled frame.
    func ordered() -> LottieTrim {
        func at(_ p: LottieProperty, _ f: Double) -> Double { p.value(at: f).first ?? 0 }
        let frames = self.frames
        if frames.allSatisfy({ at(start, $0) <= at(end, $0) }) { return self }
        var trim = self
        if frames.allSatisfy({ at(start, $0) >= at(end, $0) }) {
            (trim.start, trim.end) = (end, start)
        } else {
            trim.start = LottieProperty(keys: frames.map { LottieProperty.Key(frame: $0, value: [min(at(start, $0), at(end, $0))]) })
            trim.end = LottieProperty(keys: frames.map { LottieProperty.Key(frame: $0, value: [max(at(start, $0), at(end, $0))]) })
        }
        return trim
    }

    /// The frames at which the range is looked at: every key, and every
    /// frame between the first key and the last.
    private var frames: [Double] {
        let keys = animated.flatMap { $0.keys.map(\.frame) }
        guard let lo = keys.min(), let hi = keys.max() else { return [0] }
        let whole = Int(lo.rounded(.up))...max(Int(lo.rounded(.up)), min(Int(hi.rounded(.down)), Int(lo.rounded(.up)) + LottieProperty.maxKeyedFrames))
        return (keys + whole.map(Double.init)).sorted()
    }

    private func fraction(_ p: LottieProperty, _ f: Double) -> Double {
        (p.value(at: f).first ?? 0) / 100 + (offset.value(at: f).first ?? 0) / 360 - Double(shift)
    }

    /// The copies needed (their shifts): k for which the range less k
    /// reaches into 0…1 at some frame; nil when more than `maxCopies`.
    var shifts: [Int]? {
        var lo = Double.infinity, hi = -Double.infinity
        for f in frames {
            let s = fraction(start, f), e = fraction(end, f)
            lo = min(lo, s, e); hi = max(hi, s, e)
        }
        guard lo.isFinite, hi.isFinite, hi > lo else { return [0] }
        let first = Int(lo.rounded(.down)), last = Int(hi.rounded(.up)) - 1
        guard last >= first else { return [0] }
        return last - first < Self.maxCopies ? Array(first...last) : nil
    }

    /// The scene's `trim`: [from, to] as animated numbers, keyed as the
    /// property that moves, or a key per frame when an end and the offset both move.
    func scene(_ time: LottieTime) -> SceneJSON {
        func side(_ p: LottieProperty) -> SceneJSON {
            let k = Double(shift)
            if !offset.isAnimated {
                let turn = (offset.first.first ?? 0) / 360
                return p.scene(0, time) { $0 / 100 + turn - k }
            }
            if !p.isAnimated {
                let base = (p.first.first ?? 0) / 100
                return offset.scene(0, time) { base + $0 / 360 - k }
            }
            return LottieProperty(keys: frames.map { LottieProperty.Key(frame: $0, value: [fraction(p, $0)]) }).scene(0, time)
        }
        return .array([side(start), side(end)])
    }
}
