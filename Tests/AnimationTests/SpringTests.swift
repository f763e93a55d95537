import Testing
import Animation
import Determinism

@Suite struct SpringTests {
    /// (name, spring, x0, v0): one per regime, plus a start with velocity.
    static let cases: [(String, Spring, Double, Double)] = [
        ("default, from rest", .default, -0.4, 0),
        ("under-damped, moving", Spring(response: 0.3, dampingFraction: 0.3), 1, 6),
        ("critical", Spring(stiffness: 100, damping: 20), 1, -5),
        ("critical via response", Spring(response: 0.5, dampingFraction: 1), -2, 0),
        ("over-damped", Spring(stiffness: 100, damping: 50), 1, 2),
        ("over-damped, barely", Spring(stiffness: 100, damping: 20.0001), 1, 3),
        ("interpolating, heavy", Spring(stiffness: 170, damping: 15, mass: 2), 0.5, -1),
    ]

    static let times = [0, 0.01, 0.05, 0.1, 0.2, 0.35, 0.6, 1.0, 1.7]

    @Test(arguments: cases) func closedFormMatchesIntegration(name: String, spring: Spring, x0: Double, v0: Double) {
        for t in Self.times {
            let reference = Reference.spring(spring, x0: x0, v0: v0, time: t)
            #expect(abs(spring.displacement(at: t, from: x0, velocity: v0) - reference.x) < 1e-4, "\(name) x at \(t)")
            #expect(abs(spring.velocity(at: t, from: x0, velocity: v0) - reference.v) < 1e-4, "\(name) v at \(t)")
        }
    }

    @Test func regimesFollowTheDampingRatio() {
        #expect(Spring.default.dampingRatio < 1)
        #expect(Spring(response: 0.5, dampingFraction: 1).dampingRatio == 1)
        #expect(Spring(stiffness: 100, damping: 50).dampingRatio > 1)
        // SwiftUI's definitions: k = (2π/response)², c = 4π·ζ/response, m = 1.
        let s = Spring(response: 0.55, dampingFraction: 0.825)
        #expect(abs(s.stiffness - (2 * DeterministicMath.pi / 0.55) * (2 * DeterministicMath.pi / 0.55)) < 1e-12)
        #expect(abs(s.damping - 4 * DeterministicMath.pi * 0.825 / 0.55) < 1e-12)
        #expect(s.mass == 1)
    }

    @Test func defaultSpringOvershoots() {
        // From 0 to 1: value = 1 + displacement.
        let peak = stride(from: 0.0, through: 1.0, by: 0.005)
            .map { 1 + Spring.default.displacement(at: $0, from: -1, velocity: 0) }.max()!
        #expect(peak > 1)
        #expect(peak < 1.02)  // ζ = 0.825 overshoots by e^(−πζ/√(1−ζ²)) ≈ 1 %
    }

    @Test(arguments: cases) func settlesWithinOneThousandthOfTheDistance(name: String, spring: Spring, x0: Double, v0: Double) {
        let settle = spring.settleTime(from: x0, velocity: v0)
        let threshold = Spring.settleFraction * abs(x0)
        #expect(settle > 0 && settle < 10, "\(name): \(settle)")
        #expect(abs(spring.displacement(at: settle * (1 - 1e-9), from: x0, velocity: v0)) > threshold, "\(name) just before")
        for k in 0...400 {
            let t = settle + Double(k) * 0.01
            #expect(abs(spring.displacement(at: t, from: x0, velocity: v0)) <= threshold, "\(name) at \(t)")
        }
    }

    @Test func settleTimeEdgeCases() {
        #expect(Spring.default.settleTime(from: 0, velocity: 0) == 0)
        #expect(Spring(stiffness: 10, damping: 0).settleTime(from: 1, velocity: 0) == .infinity)
        // On the target but moving: measured against v0/ω0.
        let s = Spring.default
        let settle = s.settleTime(from: 0, velocity: 2)
        #expect(settle > 0 && settle < 2)
    }

    /// A motion's settle time inside a timeline: exactly the target after it.
    @Test func afterSettlingTheValueIsExactlyTheTarget() throws {
        let timeline = try Timeline(
            variables: [TimelineVariable(name: "x", initial: .number(1))],
            events: [TimelineEvent(at: 0, animation: AnimationSpec(curve: .spring(.default)),
                                   set: [.init(variable: "x", value: .number(1.4))])])
        let x = timeline.index(of: "x")!
        let settle = Spring.default.settleTime(from: -0.4, velocity: 0)
        #expect(timeline.value(of: x, at: settle + 1e-9) == .number(1.4))
        #expect(timeline.value(of: x, at: 1000) == .number(1.4))
        #expect(abs(timeline.value(of: x, at: settle - 1e-9).number - 1.4) > 0.0004)
    }
}
