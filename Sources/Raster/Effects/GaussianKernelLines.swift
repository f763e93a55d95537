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
    static func apply(_ quad: LineQuad, count: Int, weights: [UInt64], scratch: BlurScratch,
                      emit: (Int, SIMD4<UInt32>) -> Void) {
        let radius = weights.count - 1
        let total = quad.count
        // Lines 0 and 1 interleaved per position, then lines 2 and 3.
        let wide = scratch.stage1(SIMD8<UInt16>.self, 2 &* total)
        let halves = UnsafeMutableRawPointer(wide)
        for k in 0..<4 {
            let line = min(k, quad.lanes - 1)
            var offset = (k >> 1) &* total &* 16 &+ (k & 1) &* 8
            quad.forEach(line: line) { pixel in
                let v = SIMD4<UInt16>(truncatingIfNeeded: pixel)
                halves.storeBytes(of: v, toByteOffset: offset, as: SIMD4<UInt16>.self)
                offset &+= 16
            }
        }
        let kernel = scratch.stage2(SIMD8<UInt16>.self, radius + 1)
        for k in 0...radius { kernel[k] = SIMD8<UInt16>(repeating: UInt16(weights[k])) }
        let half = SIMD8<UInt16>(repeating: 128)
        let w0 = kernel[0]
        let pairs01 = UnsafePointer(wide), pairs23 = pairs01 + total
        for j in 0..<count {
            let c01 = pairs01 + (j &+ radius), c23 = pairs23 + (j &+ radius)
            var s01 = c01[0] &* w0 &+ half, s23 = c23[0] &* w0 &+ half
            for k in 1...radius {
                let w = kernel[k]
                s01 &+= (c01[-k] &+ c01[k]) &* w
                s23 &+= (c23[-k] &+ c23[k]) &* w
            }
            let bytes = SIMD16<UInt8>(truncatingIfNeeded: SIMD16(lowHalf: s01 &>> 8, highHalf: s23 &>> 8))
            emit(j, unsafeBitCast(bytes, to: SIMD4<UInt32>.self))
        }
    }
}
