import Testing
import Determinism
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct DeterministicMathTests {
    @Test func atan2MatchesTheCLibrary() {
        var worst = 0.0
        for i in 0..<720 {
            let (s, c) = DeterministicMath.sinCos(degrees: Double(i) * 0.5 + 0.123)
            for scale in [1e-3, 1.0, 7.5, 1e6] {
                let y = s * scale, x = c * scale
                worst = max(worst, abs(DeterministicMath.atan2(y, x) - atan2(y, x)))
            }
        }
        #expect(worst < 1e-15)
        #expect(DeterministicMath.atan2(0, 0) == 0)
        #expect(DeterministicMath.atan2(0, -1) == DeterministicMath.pi)
        #expect(DeterministicMath.atan2(1, 0) == DeterministicMath.pi / 2)
        #expect(DeterministicMath.atan2(-1, 0) == -DeterministicMath.pi / 2)
        #expect(DeterministicMath.atan2(1, 1) == DeterministicMath.pi / 4)
        #expect(abs(DeterministicMath.atan2Degrees(1, 0) - 90) < 1e-12)
        #expect(abs(DeterministicMath.atan2Degrees(-1, -1) + 135) < 1e-12)
    }

    /// The one trigonometry in radians, as springs and expressions use it:
    /// within max(1, |x|) × 1e-15 of the C library (the angle goes through
    /// degrees), tan within 1e-13 relative.
    @Test func radiansMatchTheCLibrary() {
        for x in (-400...400).map({ Double($0) * 0.0731 }) {
            let (s, c) = DeterministicMath.sinCos(radians: x)
            #expect(abs(s - sin(x)) <= 1e-15 * max(1, abs(x)), "sin(\(x))")
            #expect(abs(c - cos(x)) <= 1e-15 * max(1, abs(x)), "cos(\(x))")
            #expect(abs(s / c - tan(x)) <= 1e-13 * max(1, abs(tan(x))), "tan(\(x))")
        }
        #expect(DeterministicMath.sinCos(radians: DeterministicMath.pi / 2).sin == 1)
        #expect(DeterministicMath.sinCos(radians: 0) == (0, 1))
        #expect(DeterministicMath.sinCos(radians: .infinity).sin.isNaN)
    }
}
