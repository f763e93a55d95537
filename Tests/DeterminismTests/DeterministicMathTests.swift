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
                worst = max(worst, abs(DeterministicMath.atan2Series(y, x) - atan2(y, x)))
            }
        }
        #expect(worst < 1e-15)
        #expect(DeterministicMath.atan2Series(0, 0) == 0)
        #expect(DeterministicMath.atan2Series(0, -1) == DeterministicMath.pi)
        #expect(abs(DeterministicMath.atan2Degrees(1, 0) - 90) < 1e-12)
        #expect(abs(DeterministicMath.atan2Degrees(-1, -1) + 135) < 1e-12)
    }
}
