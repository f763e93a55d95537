import Animation

/// How content with a time of its own (a component's `use`, an item of a
/// `sequence`) reads its parent's time: After Effects' layer in point,
/// stretch and time remap, Remotion's `<Sequence from durationInFrames>`,
/// Lottie's precomp `st`, `sr` and `tm`.
public struct LocalClock: Sendable, Equatable {
    /// Parent time at which local time 0 starts and the content appears.
    public var begin: Double
    /// Parent seconds the content shows for; nil = from `begin` on.
    public var duration: Double?
    /// Local seconds per parent second.
    public var speed: Double
    /// The content's own length (a component's `duration`), which `loop`
    /// and `hold` refer to; nil = unbounded.
    public var length: Double?
    public var ending: Ending
    /// Local time as a function of the parent's (time remapping); replaces
    /// `begin` and `speed` in the mapping, not in when the content shows.
    public var remap: Animated<Double>?

    /// What the content does once local time passes its `length`.
    public enum Ending: String, Sendable, Equatable {
        /// Local time runs on past the length (and the content hides at
        /// the length when no `duration` is given).
        case run
        /// Local time starts again from 0 every `length` seconds.
        case loop
        /// The last instant stays until `duration` ends.
        case hold
    }

    public init(begin: Double = 0, duration: Double? = nil, speed: Double = 1, length: Double? = nil,
                ending: Ending = .run, remap: Animated<Double>? = nil) {
        self.begin = begin
        self.duration = duration
        self.speed = speed
        self.length = length
        self.ending = ending
        self.remap = remap
    }

    /// Parent seconds the content shows for: `duration`, else its length
    /// played once at `speed` (unless it loops or holds), else unbounded.
    public var shownFor: Double? {
        if let duration { return duration }
        guard ending == .run, let length, remap == nil else { return nil }
        return length / speed
    }

    /// Whether the content shows at parent time `t`: from `begin` for
    /// `shownFor` seconds (the end excluded, as a frame interval).
    public func shows(at t: Double) -> Bool {
        guard t >= begin else { return false }
        guard let d = shownFor else { return true }
        return t < begin + d
    }

    /// Local time for parent time `t`, given the remap's value there.
    public func localTime(at t: Double, remapped: Double?) -> Double {
        let local = remapped ?? (t - begin) * speed
        guard let length, length > 0 else { return local }
        switch ending {
        case .run: return local
        case .hold: return min(max(local, 0), length)
        case .loop:
            let r = local.truncatingRemainder(dividingBy: length)
            return r < 0 ? r + length : r
        }
    }
}
