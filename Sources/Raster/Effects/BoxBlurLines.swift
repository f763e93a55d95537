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
            let scale = SIMD4<Float>(repeating: 1 / Float(n))
            // The nearest integer of S/N lands in the low byte of the float's
            // bits (see `nearestInteger`); truncating to bytes keeps just that.
            @inline(__always) func level(_ s: SIMD4<UInt32>) -> SIMD4<UInt32> {
                unsafeBitCast(SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: s)) * scale + 12_582_912,
                              to: SIMD4<UInt32>.self)
            }
            run(quad, count, sizes, scratch, emit: emit,
                unpack: { SIMD4<UInt32>(truncatingIfNeeded: $0) },
                finish: { s0, s1, s2, s3 in
                    let low = SIMD8(lowHalf: level(s0), highHalf: level(s1))
                    let high = SIMD8(lowHalf: level(s2), highHalf: level(s3))
                    return unsafeBitCast(SIMD16<UInt8>(truncatingIfNeeded: SIMD16(lowHalf: low, highHalf: high)),
                                         to: SIMD4<UInt32>.self)
                })
        } else {
            let scale = 1 / Double(n)
            // Nearest integer of S/N through the low mantissa bits of 1.5·2⁵², as in `nearestInteger`.
            @inline(__always) func level(_ s: SIMD4<UInt64>) -> UInt32 {
                var out: UInt32 = 0
                for c in 0..<4 {
                    let f = Double(s[c]) * scale + 6_755_399_441_055_744
                    out |= UInt32(truncatingIfNeeded: f.bitPattern &- 0x4338_0000_0000_0000) << (8 * c)
                }
                return out
            }
            run(quad, count, sizes, scratch, emit: emit,
                unpack: { SIMD4<UInt64>(truncatingIfNeeded: $0) },
                finish: { SIMD4(level($0), level($1), level($2), level($3)) })
        }
    }

    @inline(__always)
    private static func run<Sum: SIMD>(_ quad: LineQuad, _ count: Int, _ sizes: (Int, Int, Int), _ scratch: BlurScratch,
                                       emit: (Int, SIMD4<UInt32>) -> Void,
                                       unpack: (SIMD4<UInt8>) -> Sum,
                                       finish: (Sum, Sum, Sum, Sum) -> SIMD4<UInt32>)
        where Sum.Scalar: FixedWidthInteger {
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
                w.pointee = unpack(pixel)
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
                emit(j, finish(tap(p), tap(p + 1), tap(p + 2), tap(p + 3)))
            }
        } else {
            let o1 = 4 &* n1, o2 = 4 &* n2, o12 = 4 &* (n1 &+ n2)
            for j in 0..<count {
                let p = end + 4 &* j
                @inline(__always) func tap(_ p: UnsafeMutablePointer<Sum>) -> Sum {
                    (p[0] &+ p[-o12]) &- (p[-o1] &+ p[-o2])
                }
                emit(j, finish(tap(p), tap(p + 1), tap(p + 2), tap(p + 3)))
            }
        }
    }
}
