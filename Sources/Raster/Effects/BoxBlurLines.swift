/// Three successive box blurs along four lines at once (the W3C Filter
/// Effects approximation of a Gaussian, see `BlurAxis`), at a cost per pixel
/// that does not depend on the box sizes.
///
/// A box of size n is (1 − zⁿ)/(1 − z) as a polynomial in the shift z, so
/// three boxes are (1 − z^n1)(1 − z^n2)(1 − z^n3) applied to the third
/// running (prefix) sum of the line: three additions per pixel, then four
/// (sizes d, d, d) or six (d, d, d + 1) taps of the prefix sums with
/// coefficients ±1, ±2, ±3. The prefix sums overflow, but wrapping integer
/// arithmetic keeps them exact modulo 2³², and the tap sum — the true,
/// unnormalised triple-box sum S ≤ 255·n1·n2·n3 — fits, so S is exact. The
/// prefix is computed just ahead of the taps, so the window the taps read
/// (3·d + 2 positions) stays in the L1 cache.
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
    /// j + reach, reach = the boxes' total half-width) goes to `emit(j, pixels)`;
    /// the quad holds count + n1 + n2 + n3 − 3 positions.
    @inline(__always)
    static func apply(_ quad: LineQuad, count: Int, sizes: (Int, Int, Int), scratch: BlurScratch,
                      emit: (Int, SIMD4<UInt32>) -> Void) {
        let n = sizes.0 * sizes.1 * sizes.2
        if 255 * n < 1 << 31 {
            let scale = SIMD4<Float>(repeating: 1 / Float(n))
            @inline(__always) func level(_ s: SIMD4<UInt32>) -> SIMD4<UInt32> {
                nearestInteger(SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: s)) * scale)
            }
            run(quad, count, sizes, scratch, emit: emit,
                split: { Channels(packed: $0) },
                finish: { s in Channels(r: level(s.r), g: level(s.g), b: level(s.b), a: level(s.a)).packed })
        } else {
            let scale = 1 / Double(n)
            // Nearest integer of S/N through the low mantissa bits of 1.5·2⁵², as in `nearestInteger`.
            @inline(__always) func level(_ s: SIMD4<UInt64>) -> SIMD4<UInt32> {
                var out = SIMD4<UInt32>()
                for k in 0..<4 {
                    let f = Double(s[k]) * scale + 6_755_399_441_055_744
                    out[k] = UInt32(truncatingIfNeeded: f.bitPattern &- 0x4338_0000_0000_0000)
                }
                return out
            }
            run(quad, count, sizes, scratch, emit: emit,
                split: { v in
                    let c = Channels(packed: v)
                    return Channels(r: SIMD4<UInt64>(truncatingIfNeeded: c.r), g: SIMD4<UInt64>(truncatingIfNeeded: c.g),
                                    b: SIMD4<UInt64>(truncatingIfNeeded: c.b), a: SIMD4<UInt64>(truncatingIfNeeded: c.a))
                },
                finish: { s in Channels(r: level(s.r), g: level(s.g), b: level(s.b), a: level(s.a)).packed })
        }
    }

    @inline(__always)
    private static func run<V: SIMD>(_ quad: LineQuad, _ count: Int, _ sizes: (Int, Int, Int), _ scratch: BlurScratch,
                                     emit: (Int, SIMD4<UInt32>) -> Void,
                                     split: (SIMD4<UInt32>) -> Channels<V>,
                                     finish: (Channels<V>) -> SIMD4<UInt32>)
        where V.Scalar: FixedWidthInteger {
        let (n1, n2, n3) = sizes
        let total = quad.count
        // Output j's window ends at position j + lag.
        let lag = total &- count
        // prefix[t + 3] = third running sum through position t; three zeros before.
        let prefix = scratch.stage1(Channels<V>.self, total &+ 3)
        prefix[0] = .zero; prefix[1] = .zero; prefix[2] = .zero
        // The taps of output j, in prefix indices below end + j.
        let end = prefix + (lag &+ 3)
        @inline(__always) func sweep(_ tap: (Int) -> Channels<V>) {
            var p1 = Channels<V>.zero, p2 = Channels<V>.zero, p3 = Channels<V>.zero
            var t = 0
            quad.forEach { v in
                p1 = p1 &+ split(v)
                p2 = p2 &+ p1
                p3 = p3 &+ p2
                prefix[t &+ 3] = p3
                let j = t &- lag
                if j >= 0 { emit(j, finish(tap(j))) }
                t &+= 1
            }
        }
        if n1 == n2 && n2 == n3 {
            // (1 − z^d)³ = 1 − 3z^d + 3z^2d − z^3d
            let d = n1
            let a = end, b = end - d, c = end - 2 &* d, e = end - 3 &* d
            sweep { j in
                let inner = c[j] &- b[j]
                return (a[j] &- e[j]) &+ (inner &+ inner &+ inner)
            }
        } else if n1 == n2 && n3 == n1 &+ 1 {
            // (1 − z^d)²(1 − z^(d+1)) = 1 − 2z^d + z^2d − z^(d+1) + 2z^(2d+1) − z^(3d+1)
            let d = n1
            let t0 = end, t1 = end - d, t2 = end - 2 &* d, t3 = end - (d &+ 1)
            let t4 = end - (2 &* d &+ 1), t5 = end - (3 &* d &+ 1)
            sweep { j in
                let twice = t4[j] &- t1[j]
                return (t0[j] &+ t2[j]) &- (t3[j] &+ t5[j]) &+ (twice &+ twice)
            }
        } else {
            // Any three sizes: the eight products of (1 − z^n).
            let o1 = end - n1, o2 = end - n2, o3 = end - n3, o12 = end - (n1 &+ n2)
            let o13 = end - (n1 &+ n3), o23 = end - (n2 &+ n3), o123 = end - (n1 &+ n2 &+ n3)
            sweep { j in
                (end[j] &- o1[j] &- o2[j] &- o3[j]) &+ (o12[j] &+ o13[j] &+ o23[j] &- o123[j])
            }
        }
    }
}
