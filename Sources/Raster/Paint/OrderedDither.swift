/// Ordered dithering with the 8×8 Bayer matrix (B. E. Bayer, "An optimum
/// method for two-level rendition of continuous-tone pictures", 1973).
///
/// Gradients are computed with 8 fractional bits per channel; adding a
/// threshold that depends only on (x & 7, y & 7) before truncating to 8 bits
/// turns the lost fraction into a fine fixed pattern instead of visible bands
/// (which H.264 would otherwise turn into blocky steps). Chosen over blue
/// noise because it is a tiny, exactly reproducible table with the highest
/// possible pattern frequency, and over random noise because the same pixel
/// gets the same threshold in every frame, so static content stays static.
enum OrderedDither {
    /// Thresholds in 1/256 of an 8-bit step, row-major [y * 8 + x]: the matrix
    /// value b (0…63) becomes 4·b + 2, the centre of its 1/64 interval, so
    /// the 64 thresholds average exactly 128 (unbiased rounding) and a value
    /// with no fraction is never changed (thresholds stay below 256).
    static let thresholds: [UInt16] = {
        // Recursive construction: M(2n) = 4·M(n) tiled + M(2) per quadrant,
        // with M(2) = [[0, 2], [3, 1]].
        let m2 = [0, 2, 3, 1]
        var m = [0]
        var n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<(2 * n) {
                for x in 0..<(2 * n) {
                    next[y * 2 * n + x] = 4 * m[(y % n) * n + x % n] + m2[(y / n) * 2 + x / n]
                }
            }
            m = next
            n *= 2
        }
        return m.map { UInt16(4 * $0 + 2) }
    }()

    /// The thresholds repeated in four 16-bit lanes, to add to a colour held
    /// as four 8.8 fixed-point channels.
    static let laneThresholds: [SIMD4<UInt16>] = thresholds.map { SIMD4(repeating: $0) }
}
