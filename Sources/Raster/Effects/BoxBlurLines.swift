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
/// single-precision multiply by 1/N, rounded to nearest by adding 1.5·2²³
/// (the sum's low mantissa bits then hold the integer): basic IEEE 754
/// operations, the same bits on every machine, equal to the correctly
/// rounded S/N except within ~10⁻⁴ of a half-integer. (An exact integer
/// reciprocal needs 64-bit lane multiplies, which made the blur ~1.7× slower
/// on SSE2.) A flat area stays exactly flat. Boxes too large for S < 2³¹
/// (size > 203, σ > ~107) use 64-bit sums, shifted into range before the
/// multiply.
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
        // The box of size n3 and two running sums per line, the four lines
        // interleaved per position: prefix[4t + k].
        let prefix = scratch.stage1(Sum.self, 4 &* total)
        N.runningSums(quad, n3, scratch, into: prefix)
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

    /// The box of size n3 (a sliding sum: add the entering pixel, subtract
    /// the leaving one) and the two running sums of one line at a time, into
    /// prefix[4t + k].
    static func runningSumsByLine(_ quad: LineQuad, _ n3: Int, _ scratch: BlurScratch,
                                  into prefix: UnsafeMutablePointer<SIMD4<UInt64>>) {
        typealias Sum = SIMD4<UInt64>
        let total = quad.count
        let widened = scratch.stage2(Sum.self, total &+ n3)
        widened.update(repeating: .zero, count: n3)
        for k in 0..<quad.lanes {
            var w = widened + n3
            quad.forEach(line: k) { pixel in
                w.pointee = Sum(truncatingIfNeeded: pixel)
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
    }

    /// The box of size n3 and the two running sums for all four lines of
    /// the quad at once, into prefix[4t + k]: the box in 16-bit lanes, lines
    /// 0 and 1 in one vector and 2 and 3 in another, the running sums in
    /// 32 bits. A box sum may wrap on the way (entering before leaving) but
    /// ends exact, as it is below 2¹⁶.
    @inline(__always)
    static func runningSumsInPairs(_ quad: LineQuad, _ n3: Int, _ scratch: BlurScratch,
                                   into prefix: UnsafeMutablePointer<SIMD4<UInt32>>) {
        let total = quad.count
        // recent[2t], recent[2t + 1]: positions t − n3 of the line pairs, n3 zeros first.
        let recent = scratch.stage2(SIMD8<UInt16>.self, 2 &* (total &+ n3))
        recent.update(repeating: .zero, count: 2 &* n3)
        var box01 = SIMD8<UInt16>.zero, box23 = SIMD8<UInt16>.zero
        var s0 = SIMD4<UInt32>.zero, s1 = SIMD4<UInt32>.zero, s2 = SIMD4<UInt32>.zero, s3 = SIMD4<UInt32>.zero
        var r0 = SIMD4<UInt32>.zero, r1 = SIMD4<UInt32>.zero, r2 = SIMD4<UInt32>.zero, r3 = SIMD4<UInt32>.zero
        var entering = recent + 2 &* n3, leaving = UnsafePointer(recent), q = prefix
        @inline(__always) func widen(_ a: UInt32, _ b: UInt32) -> SIMD8<UInt16> {
            SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(UInt64(a) | UInt64(b) &<< 32, to: SIMD8<UInt8>.self))
        }
        @inline(__always) func step(_ x01: SIMD8<UInt16>, _ x23: SIMD8<UInt16>) {
            entering[0] = x01
            entering[1] = x23
            box01 = box01 &+ (x01 &- leaving[0])
            box23 = box23 &+ (x23 &- leaving[1])
            entering += 2
            leaving += 2
            s0 &+= SIMD4<UInt32>(truncatingIfNeeded: box01.lowHalf)
            s1 &+= SIMD4<UInt32>(truncatingIfNeeded: box01.highHalf)
            s2 &+= SIMD4<UInt32>(truncatingIfNeeded: box23.lowHalf)
            s3 &+= SIMD4<UInt32>(truncatingIfNeeded: box23.highHalf)
            r0 &+= s0; r1 &+= s1; r2 &+= s2; r3 &+= s3
            q[0] = r0; q[1] = r1; q[2] = r2; q[3] = r3
            q += 4
        }
        let left01 = widen(quad.left[0], quad.left[1]), left23 = widen(quad.left[2], quad.left[3])
        for _ in 0..<quad.before { step(left01, left23) }
        let (l0, l1, l2, l3) = quad.lines
        for i in 0..<quad.inside { step(widen(l0[i], l1[i]), widen(l2[i], l3[i])) }
        let right01 = widen(quad.right[0], quad.right[1]), right23 = widen(quad.right[2], quad.right[3])
        for _ in 0..<quad.after { step(right01, right23) }
    }

    /// Divides four lines' sums S by N, rounds, and packs one pixel per line.
    protocol Normalizer {
        associatedtype Sum: SIMD where Sum.Scalar: FixedWidthInteger
        static func runningSums(_ quad: LineQuad, _ n3: Int, _ scratch: BlurScratch,
                                into prefix: UnsafeMutablePointer<Sum>)
        func finish(_ s0: Sum, _ s1: Sum, _ s2: Sum, _ s3: Sum) -> SIMD4<UInt32>
    }

    /// 32-bit sums: one single-precision multiply by 1/N, plus 1.5·2²³ so
    /// that the nearest integer (0…255, ties to even) lands in the low byte
    /// of the float's bits; narrowing to bytes keeps just that.
    struct Narrow: Normalizer {
        let scale: SIMD4<Float>

        init(divisor n: Int) {
            scale = SIMD4(repeating: 1 / Float(n))
        }

        /// Boxes here are at most 203 wide, so the sliding box fits 16 bits.
        @inline(__always)
        static func runningSums(_ quad: LineQuad, _ n3: Int, _ scratch: BlurScratch,
                                into prefix: UnsafeMutablePointer<SIMD4<UInt32>>) {
            runningSumsInPairs(quad, n3, scratch, into: prefix)
        }

        @inline(__always)
        func level(_ s: SIMD4<UInt32>) -> SIMD4<UInt32> {
            unsafeBitCast(SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: s)) * scale + 12_582_912,
                          to: SIMD4<UInt32>.self)
        }

        @inline(__always)
        func finish(_ s0: SIMD4<UInt32>, _ s1: SIMD4<UInt32>, _ s2: SIMD4<UInt32>,
                    _ s3: SIMD4<UInt32>) -> SIMD4<UInt32> {
            // Eight-lane narrowing twice (the sixteen-lane one is not reliably
            // inlined by the compiler, which then calls it per pixel).
            let p01 = SIMD8<UInt8>(truncatingIfNeeded: SIMD8(lowHalf: level(s0), highHalf: level(s1)))
            let p23 = SIMD8<UInt8>(truncatingIfNeeded: SIMD8(lowHalf: level(s2), highHalf: level(s3)))
            return unsafeBitCast(SIMD2(unsafeBitCast(p01, to: UInt64.self), unsafeBitCast(p23, to: UInt64.self)),
                                 to: SIMD4<UInt32>.self)
        }
    }

    /// 64-bit sums (boxes above 203). S is shifted right by k bits so that
    /// it fits 31, then finished like `Narrow` with the scale 2^k/N: the bits
    /// shifted out move S/N by less than 2^k/N ≤ 255/2³⁰, far below a step.
    struct Wide: Normalizer {
        let scale: SIMD4<Float>
        let shift: SIMD4<UInt64>

        init(divisor n: Int) {
            var k = 0
            while 255 * n >> k >= 1 << 31 { k += 1 }
            shift = SIMD4(repeating: UInt64(k))
            scale = SIMD4(repeating: Float(Double(1 << k) / Double(n)))
        }

        static func runningSums(_ quad: LineQuad, _ n3: Int, _ scratch: BlurScratch,
                                into prefix: UnsafeMutablePointer<SIMD4<UInt64>>) {
            runningSumsByLine(quad, n3, scratch, into: prefix)
        }

        @inline(__always)
        func level(_ s: SIMD4<UInt64>) -> SIMD4<UInt32> {
            let small = SIMD4<Int32>(truncatingIfNeeded: s &>> shift)
            return unsafeBitCast(SIMD4<Float>(small) * scale + 12_582_912, to: SIMD4<UInt32>.self)
        }

        @inline(__always)
        func finish(_ s0: SIMD4<UInt64>, _ s1: SIMD4<UInt64>, _ s2: SIMD4<UInt64>,
                    _ s3: SIMD4<UInt64>) -> SIMD4<UInt32> {
            let p01 = SIMD8<UInt8>(truncatingIfNeeded: SIMD8(lowHalf: level(s0), highHalf: level(s1)))
            let p23 = SIMD8<UInt8>(truncatingIfNeeded: SIMD8(lowHalf: level(s2), highHalf: level(s3)))
            return unsafeBitCast(SIMD2(unsafeBitCast(p01, to: UInt64.self), unsafeBitCast(p23, to: UInt64.self)),
                                 to: SIMD4<UInt32>.self)
        }
    }
}
