import Testing
import Animation
import Determinism

/// SwiftUI's `Spring(duration:bounce:)` and its presets: response =
/// duration, damping fraction 1 − bounce (bounce ≥ 0) or 1 / (1 + bounce)
/// (bounce < 0); `smooth`, `snappy`, `bouncy` bounce 0, 0.15, 0.3 over 0.5 s.
@Suite struct SpringPresetTests {
    static let pi = DeterministicMath.pi

    /// k = (2π / duration)², c = 4π · fraction / duration, m = 1 (to 1e-12).
    @Test(arguments: [(0.5, 0.3, 0.7), (0.4, 0.0, 1.0), (1.0, 1.0, 0.0), (0.5, -0.5, 2.0)])
    func durationAndBounceGiveSwiftUIsSpring(duration: Double, bounce: Double, fraction: Double) {
        let s = Spring(duration: duration, bounce: bounce)
        #expect(abs(s.stiffness - (2 * Self.pi / duration) * (2 * Self.pi / duration)) < 1e-9)
        #expect(abs(s.damping - 4 * Self.pi * fraction / duration) < 1e-12)
        #expect(abs(s.dampingRatio - fraction) < 1e-12 && s.mass == 1)
    }

    @Test func presetsHaveSwiftUIsBounces() {
        #expect(Spring.preset("smooth") == Spring(duration: 0.5, bounce: 0))
        #expect(Spring.preset("snappy") == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.preset("bouncy") == Spring(duration: 0.5, bounce: 0.3))
        #expect(Spring.preset("bouncy", duration: 0.3, extraBounce: 0.1) == Spring(duration: 0.3, bounce: 0.3 + 0.1))
        #expect(Spring.preset("springy") == nil)
        // smooth does not overshoot (critically damped); bouncy does.
        #expect(Spring.preset("smooth")!.dampingRatio == 1)
        let bouncy = Spring.preset("bouncy")!
        let peak = stride(from: 0.0, through: 1.0, by: 0.005).map { 1 + bouncy.displacement(at: $0, from: -1, velocity: 0) }.max()!
        #expect(peak > 1.01)
    }
}
