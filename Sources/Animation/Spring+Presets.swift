/// SwiftUI's springs by duration and bounce (iOS 17's `Spring(duration:bounce:)`)
/// and its presets `.smooth`, `.snappy` and `.bouncy`.
extension Spring {
    /// `Spring(duration:bounce:)`: `duration` (seconds) is the response —
    /// the period of the undamped oscillation — and the damping fraction is
    /// 1 − bounce for a bounce of 0…1 (0: critically damped, no overshoot;
    /// 1: undamped) and 1 / (1 + bounce) for −1 < bounce < 0 (over-damped),
    /// the relation Apple gives in WWDC23's "Animate with springs". Mass 1,
    /// so stiffness (2π / duration)² and damping 4π · fraction / duration.
    public init(duration: Double, bounce: Double) {
        self.init(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// SwiftUI's presets and their base bounces: `smooth` none, `snappy`
    /// 0.15, `bouncy` 0.3, each 0.5 s unless given a duration.
    public static let presets: [(name: String, bounce: Double)] = [("smooth", 0), ("snappy", 0.15), ("bouncy", 0.3)]

    /// The preset `name` (`smooth(duration:extraBounce:)` and its kin):
    /// its base bounce plus `extraBounce`; nil for another name.
    public static func preset(_ name: String, duration: Double = 0.5, extraBounce: Double = 0) -> Spring? {
        presets.first { $0.name == name }.map { Spring(duration: duration, bounce: $0.bounce + extraBounce) }
    }
}
