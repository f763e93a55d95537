/// Direct convolution of four lines with a small symmetric Gaussian kernel
/// (σ < 2, radius ≤ 6), the small-σ half of `GaussianBlur`.
///
/// Weights are in 1/256 and sum to 256, so every weighted sum of 8-bit
/// channels fits 16 bits: the lines are widened to 16-bit lanes once, two
/// lines side by side, and one SIMD multiply weighs a pixel of each (eight
/// channels). The kernel's symmetry halves the multiplies — the pixels at
/// ±k are added first (a side weight is below 86, so 510·86 still fits).
/// Integer-exact, rounded once, half up.
enum GaussianKernelLines {
    /// Output position j of the four lines (centred on line position
    /// j + radius) goes to `emit(j, pixels)`, lane k for line k; the quad
    /// holds count + 2·radius positions.
    @inline(__always)
    static func apply(_ quad: LineQuad, count: Int, weights: SIMD8<UInt16>, radius: Int, scratch: BlurScratch,
                      emit: (Int, SIMD4<UInt32>) -> Void) {
        // Every kernel is treated as radius 6 (zero weights beyond its own),
        // so the tap loop has a fixed length and unrolls completely; the
        // widened lines get the extra positions as zeros on both sides.
        let pad = maximumRadius - radius
        let total = quad.count, stride = total + 2 &* pad
        // Lines 0 and 1 interleaved per position, then lines 2 and 3.
        let wide = scratch.stage1(SIMD8<UInt16>.self, 2 &* stride)
        for half in 0..<2 {
            (wide + half &* stride).update(repeating: .zero, count: pad)
            (wide + half &* stride + pad + total).update(repeating: .zero, count: pad)
        }
        let halves = UnsafeMutableRawPointer(wide)
        for k in 0..<4 {
            let line = min(k, quad.lanes - 1)
            var offset = ((k >> 1) &* stride &+ pad) &* 16 &+ (k & 1) &* 8
            quad.forEach(line: line) { pixel in
                halves.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: pixel), toByteOffset: offset,
                                  as: SIMD4<UInt16>.self)
                offset &+= 16
            }
        }
        func weight(_ k: Int) -> SIMD8<UInt16> {
            SIMD8(repeating: weights[k]) // 0 past the radius
        }
        let w0 = weight(0), w1 = weight(1), w2 = weight(2), w3 = weight(3)
        let w4 = weight(4), w5 = weight(5), w6 = weight(6)
        let half = SIMD8<UInt16>(repeating: 128)
        let pairs01 = UnsafePointer(wide) + maximumRadius, pairs23 = pairs01 + stride
        @inline(__always) func convolve(_ c: UnsafePointer<SIMD8<UInt16>>) -> SIMD8<UInt16> {
            var s = c[0] &* w0 &+ half
            s &+= (c[-1] &+ c[1]) &* w1
            s &+= (c[-2] &+ c[2]) &* w2
            s &+= (c[-3] &+ c[3]) &* w3
            s &+= (c[-4] &+ c[4]) &* w4
            s &+= (c[-5] &+ c[5]) &* w5
            s &+= (c[-6] &+ c[6]) &* w6
            return s &>> 8
        }
        for j in 0..<count {
            // Eight-lane narrowing on each half (the sixteen-lane one is not
            // reliably inlined by the compiler).
            let p01 = SIMD8<UInt8>(truncatingIfNeeded: convolve(pairs01 + j))
            let p23 = SIMD8<UInt8>(truncatingIfNeeded: convolve(pairs23 + j))
            emit(j, unsafeBitCast(SIMD2(unsafeBitCast(p01, to: UInt64.self), unsafeBitCast(p23, to: UInt64.self)),
                                  to: SIMD4<UInt32>.self))
        }
    }

    /// The largest radius a kernel has: ⌈3σ⌉ for σ < 2.
    static let maximumRadius = 6
}
