/// How a timeline event moves its variables: SwiftUI's `Animation`, as data
/// (the `animation` object of a timeline event).
public struct AnimationSpec: Sendable, Equatable, Hashable {
    public var curve: AnimationCurve
    /// Seconds one pass takes along a timing curve; springs ignore it and
    /// last until they settle.
    public var duration: Double
    /// Seconds between the event and the start of the movement.
    public var delay: Double
    /// nil: one pass.
    public var repeats: AnimationRepeat?

    /// SwiftUI's defaults: `easeInOut`, 0.35 s, no delay, one pass.
    public init(curve: AnimationCurve = .default, duration: Double = 0.35, delay: Double = 0,
                repeats: AnimationRepeat? = nil) {
        self.curve = curve
        self.duration = duration
        self.delay = delay
        self.repeats = repeats
    }
}

/// The shape of an animation: a timing curve over a fixed duration, or a
/// spring that runs until it settles.
public enum AnimationCurve: Sendable, Equatable, Hashable {
    case timing(Curve)
    case spring(Spring)

    /// What an animation without `curve` uses: `easeInOut`, as in SwiftUI.
    public static let `default` = AnimationCurve.timing(.easeInOut)

    /// The format's spellings of the curves that are plain strings — the
    /// timing curves' (`Curve.named`), `spring` and SwiftUI's spring presets
    /// `smooth`, `snappy`, `bouncy` — for decoders.
    public static let named: [(name: String, curve: AnimationCurve)] =
        Curve.named.map { ($0.name, .timing($0.curve)) } + [("spring", .spring(.default))]
        + Spring.presets.map { ($0.name, .spring(Spring.preset($0.name)!)) }
}

/// `"repeat": {"count": n | "forever", "autoreverses": bool}`.
public struct AnimationRepeat: Sendable, Equatable, Hashable {
    public enum Count: Sendable, Equatable, Hashable {
        /// The number of passes, ≥ 1: 3 with autoreverses is there, back, there.
        case times(Int)
        case forever
    }

    public var count: Count
    /// Odd passes run backwards, from the new value to the old. When the
    /// passes end the variable holds its new value either way.
    public var autoreverses: Bool

    public init(count: Count, autoreverses: Bool = true) {
        self.count = count
        self.autoreverses = autoreverses
    }
}
