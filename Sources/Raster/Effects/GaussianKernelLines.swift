/// Direct convolution of four lines at once with a small symmetric Gaussian
/// kernel (σ < 2, radius ≤ 6), the small-σ half of `GaussianBlur`.
///
/// Weights are whole numbers summing to 256 and channels whole numbers up to
/// 255, so every product and partial sum is an integer below 2²⁴: `Float`
/// arithmetic on them is exact — integer arithmetic using the float units,
/// which SSE2 multiplies four lanes at a time. The kernel's symmetry halves
/// the multiplies (the pixels at ±k are added first). The sum is divided by
/// 256 (exact) and rounded to nearest, ties to even.
enum GaussianKernelLines {
    /// Output position j of the four lines (centred on line position
    /// j + radius) goes to `emit(j, pixels)`; the quad holds count + 2·radius positions.
    @inline(__always)
    static func apply(_ quad: LineQuad, count: Int, weights: [UInt64], scratch: BlurScratch,
                      emit: (Int, SIMD4<UInt32>) -> Void) {
        let radius = weights.count - 1
        let kernel = scratch.stage2(Float.self, radius + 1)
        for k in 0...radius { kernel[k] = Float(weights[k]) }
        let values = scratch.stage1(Channels<SIMD4<Float>>.self, quad.count)
        let scale = SIMD4<Float>(repeating: 1.0 / 256)
        var t = 0
        quad.forEach { v in
            let c = Channels(packed: v)
            values[t] = Channels(r: SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: c.r)),
                                 g: SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: c.g)),
                                 b: SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: c.b)),
                                 a: SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: c.a)))
            let j = t &- 2 &* radius
            t &+= 1
            guard j >= 0 else { return }
            let centre = values + (j &+ radius)
            let w0 = kernel[0]
            var sum = Channels(r: centre[0].r * w0, g: centre[0].g * w0, b: centre[0].b * w0, a: centre[0].a * w0)
            for k in 1...radius {
                let w = kernel[k], p = centre[-k], q = centre[k]
                sum.r += (p.r + q.r) * w
                sum.g += (p.g + q.g) * w
                sum.b += (p.b + q.b) * w
                sum.a += (p.a + q.a) * w
            }
            let out = Channels(r: nearestInteger(sum.r * scale), g: nearestInteger(sum.g * scale),
                               b: nearestInteger(sum.b * scale), a: nearestInteger(sum.a * scale))
            emit(j, out.packed)
        }
    }
}
