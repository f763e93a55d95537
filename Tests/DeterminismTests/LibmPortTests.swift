import Testing
import Foundation
import Determinism

/// The fdlibm ports (exp, log, pow) against the C library (which is correctly
/// rounded or within an ulp for these): the same values to about 1e-15 relative.
@Suite struct LibmPortTests {
    static let samples: [Double] = (-400...400).map { Double($0) * 0.0731 } + [1e-300, 5e-10, 0.5, 1, 2, 700, 1e5, 123456.789]

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-15, _ name: String, _ x: Double) {
        let ok = a == b || abs(a - b) <= tolerance * abs(b)
        #expect(ok, "\(name)(\(x)) = \(a), expected \(b)")
    }

    @Test func expAndLog() {
        for x in Self.samples {
            close(DeterministicMath.exp(x), Foundation.exp(x), 1e-15, "exp", x)
            if x > 0 { close(DeterministicMath.log(x), Foundation.log(x), 1e-15, "log", x) }
        }
        #expect(DeterministicMath.exp(0) == 1)
        #expect(DeterministicMath.exp(710) == .infinity)
        #expect(DeterministicMath.exp(-746) == 0)
        #expect(DeterministicMath.exp(-740) > 0)   // subnormal results survive
        #expect(DeterministicMath.log(1) == 0)
        #expect(DeterministicMath.log(0) == -.infinity)
        #expect(DeterministicMath.log(-1).isNaN)
    }

    @Test func power() {
        for (x, y) in [(2.0, 10.0), (2, 0.5), (10, -3), (0.5, 3.7), (7.3, 1.25), (-2, 3), (-2, 4), (-8, 101), (3, 70), (1.0001, 10000)] {
            close(DeterministicMath.pow(x, y), Foundation.pow(x, y), 1e-15, "pow \(x) ^", y)
        }
        // IEEE 754 / C99 special cases, bit for bit (signs of zeros and infinities included).
        let specials: [(Double, Double)] = [
            (-0.0, 3), (-0.0, -3), (-0.0, 2), (0, -2), (-.infinity, 3), (-.infinity, -3), (-.infinity, 2),
            (.infinity, -0.5), (-1, .infinity), (0.5, .infinity), (0.5, -.infinity), (2, -.infinity),
            (-8, 1.0 / 3), (0x1p-1030, 2), (0x1p-1030, 0.5), (-2, 1e20), (1.0000001, 1e10), (0.9999999, -1e10),
            (2, 1023.99), (2, 1024), (2, -1074), (2, -1075.5), (-3, -0.5), (.nan, 0), (1, .nan),
        ]
        for (x, y) in specials {
            let a = DeterministicMath.pow(x, y), b = Foundation.pow(x, y)
            #expect((a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern || abs(a - b) <= 1e-15 * abs(b), "pow(\(x), \(y)) = \(a), expected \(b)")
        }
        #expect(DeterministicMath.pow(3, 2) == 9)
        #expect(DeterministicMath.pow(-2, 0.5).isNaN)
        #expect(DeterministicMath.pow(0, -1) == .infinity)
        #expect(DeterministicMath.pow(0, 2.5) == 0)
        #expect(DeterministicMath.pow(5, 0) == 1)
    }
}
