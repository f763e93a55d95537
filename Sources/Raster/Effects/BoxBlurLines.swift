/// Three successive box blurs along four lines (the W3C Filter Effects
/// approximation of a Gaussian, see `BlurAxis`), at a cost per pixel that
/// does not depend on the box sizes.
///
/// A box of size n is (1 − zⁿ)/(1 − z) as a polynomial in the shift z. The
/// last box is a sliding sum (add the entering pixel, subtract the leaving
/// one); the other two are (1 − z^n1)(1 − z^n2) applied to the second
/// running sum of that: two more additions per pixel, then three taps
/// (1 − 2z^d + z^2d when n1 = n2 = d, which the W3C sizes d, d, d and
/// d, d, d + 1 both allow). The running sums overflow, but wrapping integer
/// arithmetic keeps them exact modulo 2³², and the tap sum — the true,
/// unnormalised triple-box sum S ≤ 255·n1·n2·n3 — fits, so S is exact. The
/// four channels of a pixel travel together in one SIMD vector.
///
/// S is divided by N = n1·n2·n3 once (not rounded after each box) with one
/// single-precision multiply by 1/N and `nearestInteger`: basic IEEE 754
/// operations, the same bits on every machine, equal to the correctly
/// rounded S/N except within ~10⁻⁴ of a half-integer. (An exact integer
/// reciprocal needs 64-bit lane multiplies, which made the blur ~1.7× slower
/// on SSE2.) A flat area stays exactly flat. Boxes too large for S < 2³¹
/// (size > 203, σ > ~107) use 64-bit sums and a `Double` multiply.
enum BoxBlurLines {
    /// Output position j of the four lines (centred on line position
    /// j + reach, reach = the boxes' total half-width) goes to
    /// `emit(j, pixels)`, lane k for line k; the quad holds
    /// count + n1 + n2 + n3 − 3 positions.
    @inline(__always)
    static func apply(_ quad: LineQuad, count: Int, sizes: (Int, Int, Int), scratch: BlurScratch,
                      emit: (Int, SIMD4<UInt32>) -> Void) {
        let n = sizes.0 * sizes.1 * sizes.2
        if 255 * n < 1 << 31 {
            run(quad, count, sizes, scratch, Narrow(divisor: n), emit: emit)
        } else {
            run(quad, count, sizes, scratch, Wide(divisor: n), emit: emit)
        }
    }

    @inline(__always)
    private static func run<N: Normalizer>(_ quad: LineQuad, _ count: Int, _ sizes: (Int, Int, Int),
                                           _ scratch: BlurScratch, _ normalizer: N,
                                           emit: (Int, SIMD4<UInt32>) -> Void) {
        typealias Sum = N.Sum
        let (n1, n2, n3) = sizes
        let total = quad.count
        // Per line: the pixels widened (behind n3 zeros), y = box n3 of them
        // (a sliding sum), then the second running sum of y, the four lines
        // interleaved per position: prefix[4t + k].
        let prefix = scratch.stage1(Sum.self, 4 &* total)
        let widened = scratch.stage2(Sum.self, total &+ n3)
        widened.update(repeating: .zero, count: n3)
        for k in 0..<quad.lanes {
            var w = widened + n3
            quad.forEach(line: k) { pixel in
                w.pointee = N.widen(pixel)
                w += 1
            }
            let entering = UnsafePointer(widened + n3), leaving = UnsafePointer(widened)
            let q = prefix + k
            var box = Sum.zero, p1 = Sum.zero, p2 = Sum.zero
            for t in 0..<total {
                box &+= entering[t] &- leaving[t]
                p1 &+= box
                p2 &+= p1
                q[4 &* t] = p2
            }
        }
        // Missing lanes repeat the last line.
        for k in quad.lanes..<4 {
            for t in 0..<total { prefix[4 &* t &+ k] = prefix[4 &* t &+ quad.lanes &- 1] }
        }
        // Output j's window ends at position j + lag; the remaining boxes are
        // (1 − z^n1)(1 − z^n2) on the running sums: taps at 0, n1, n2, n1 + n2
        // below that, never before position 0 (n3 ≥ 3).
        let end = prefix + 4 &* (total &- count)
        if n1 == n2 {
            // 1 − 2z^d + z^2d
            let d = 4 &* n1, d2 = 8 &* n1
            for j in 0..<count {
                let p = end + 4 &* j
                @inline(__always) func tap(_ p: UnsafeMutablePointer<Sum>) -> Sum {
                    let middle = p[-d]
                    return (p[0] &+ p[-d2]) &- (middle &+ middle)
                }
                emit(j, normalizer.finish(tap(p), tap(p + 1), tap(p + 2), tap(p + 3)))
            }
        } else {
            let o1 = 4 &* n1, o2 = 4 &* n2, o12 = 4 &* (n1 &+ n2)
            for j in 0..<count {
                let p = end + 4 &* j
                @inline(__always) func tap(_ p: UnsafeMutablePointer<Sum>) -> Sum {
                    (p[0] &+ p[-o12]) &- (p[-o1] &+ p[-o2])
                }
                emit(j, normalizer.finish(tap(p), tap(p + 1), tap(p + 2), tap(p + 3)))
            }
        }
    }

    /// Divides four lines' sums S by N, rounds, and packs one pixel per line.
    protocol Normalizer {
        associatedtype Sum: SIMD where Sum.Scalar: FixedWidthInteger
        static func widen(_ pixel: SIMD4<UInt8>) -> Sum
        func finish(_ s0: Sum, _ s1: Sum, _ s2: Sum, _ s3: Sum) -> SIMD4<UInt32>
    }

    /// 32-bit sums: one single-precision multiply by 1/N; the nearest
    /// integer lands in the low byte of the float's bits (`nearestInteger`),
    /// and masking keeps just that.
    struct Narrow: Normalizer {
        let scale: SIMD4<Float>

        init(divisor n: Int) {
            scale = SIMD4(repeating: 1 / Float(n))
        }

        @inline(__always)
        static func widen(_ pixel: SIMD4<UInt8>) -> SIMD4<UInt32> {
            SIMD4<UInt32>(truncatingIfNeeded: pixel)
        }

        @inline(__always)
        func level(_ s: SIMD4<UInt32>) -> SIMD4<UInt32> {
            unsafeBitCast(SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: s)) * scale + 12_582_912,
                          to: SIMD4<UInt32>.self)
        }

        @inline(__always)
        func finish(_ s0: SIMD4<UInt32>, _ s1: SIMD4<UInt32>, _ s2: SIMD4<UInt32>,
                    _ s3: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let q0 = level(s0), q1 = level(s1), q2 = level(s2), q3 = level(s3)
            // Transpose (line, channel) to (channel, line), then pack bytes.
            let r = SIMD4(q0[0], q1[0], q2[0], q3[0]), g = SIMD4(q0[1], q1[1], q2[1], q3[1])
            let b = SIMD4(q0[2], q1[2], q2[2], q3[2]), a = SIMD4(q0[3], q1[3], q2[3], q3[3])
            let m = SIMD4<UInt32>(repeating: 0xFF)
            return (r & m) | (g & m) &<< 8 | (b & m) &<< 16 | a &<< 24
        }
    }

    /// 64-bit sums (boxes above 203): nearest integer of S/N through the low
    /// mantissa bits of 1.5·2⁵², as in `nearestInteger`.
    struct Wide: Normalizer {
        let scale: Double

        init(divisor n: Int) {
            scale = 1 / Double(n)
        }

        @inline(__always)
        static func widen(_ pixel: SIMD4<UInt8>) -> SIMD4<UInt64> {
            SIMD4<UInt64>(truncatingIfNeeded: pixel)
        }

        func level(_ s: SIMD4<UInt64>) -> UInt32 {
            var out: UInt32 = 0
            for c in 0..<4 {
                let f = Double(s[c]) * scale + 6_755_399_441_055_744
                out |= UInt32(truncatingIfNeeded: f.bitPattern &- 0x4338_0000_0000_0000) << (8 * c)
            }
            return out
        }

        func finish(_ s0: SIMD4<UInt64>, _ s1: SIMD4<UInt64>, _ s2: SIMD4<UInt64>,
                    _ s3: SIMD4<UInt64>) -> SIMD4<UInt32> {
            SIMD4(level(s0), level(s1), level(s2), level(s3))
        }
    }
}
