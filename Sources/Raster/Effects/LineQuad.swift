/// Four equally shaped lines of pixels that a blur pass works on together:
/// each line is summed on its own, and then one output position of all four
/// is finished and stored at once — four adjacent pixels of a row, which is
/// what turns the transposing writes of a separable blur into 16-byte stores.
///
/// Each line is read as a run of `before` copies of its `left` edge pixel,
/// `inside` pixels from memory, and `after` copies of its `right` edge
/// pixel — transparent edges pad with 0, clamped edges with the end pixels —
/// so no line is copied just to pad it. Missing lanes (fewer than four lines
/// left) repeat the last line and are not stored.
struct LineQuad {
    let lines: (UnsafePointer<UInt32>, UnsafePointer<UInt32>, UnsafePointer<UInt32>, UnsafePointer<UInt32>)
    let before: Int
    let inside: Int
    let after: Int
    /// Edge pixels, packed RGBA8 per lane.
    let left: SIMD4<UInt32>
    let right: SIMD4<UInt32>
    /// Real lines (1…4).
    let lanes: Int

    var count: Int { before + inside + after }

    /// Lines `base + k·stride` (k < lanes) whose pixels 0..<available exist,
    /// read at positions from..<from+count.
    init(_ base: UnsafePointer<UInt32>, stride: Int, lanes: Int, available: Int, from: Int, count: Int,
         edge: BlurEdge) {
        let lo = min(max(from, 0), available), hi = max(min(from + count, available), lo)
        before = min(max(lo - from, 0), count)
        inside = hi - lo
        after = count - before - inside
        self.lanes = lanes
        let l0 = base, l1 = base + min(1, lanes - 1) * stride
        let l2 = base + min(2, lanes - 1) * stride, l3 = base + min(3, lanes - 1) * stride
        lines = (l0 + lo, l1 + lo, l2 + lo, l3 + lo)
        if edge == .clamp {
            left = SIMD4(l0[0], l1[0], l2[0], l3[0])
            let e = available - 1
            right = SIMD4(l0[e], l1[e], l2[e], l3[e])
        } else {
            left = .zero
            right = .zero
        }
    }

    /// The inside pixels and edge pixels of line k (0…3).
    @inline(__always)
    func line(_ k: Int) -> (pixels: UnsafePointer<UInt32>, left: UInt32, right: UInt32) {
        switch k {
        case 0: (lines.0, left[0], right[0])
        case 1: (lines.1, left[1], right[1])
        case 2: (lines.2, left[2], right[2])
        default: (lines.3, left[3], right[3])
        }
    }

    /// Calls `body` with line k's pixels in order, edges included, as bytes R, G, B, A.
    @inline(__always)
    func forEach(line k: Int, _ body: (SIMD4<UInt8>) -> Void) {
        let (pixels, l, r) = line(k)
        let left = unsafeBitCast(l, to: SIMD4<UInt8>.self), right = unsafeBitCast(r, to: SIMD4<UInt8>.self)
        let raw = UnsafeRawPointer(pixels)
        for _ in 0..<before { body(left) }
        for i in 0..<inside { body(raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt8>.self)) }
        for _ in 0..<after { body(right) }
    }

    /// The four lines' pixels at position i.
    @inline(__always)
    func pixels(at i: Int) -> SIMD4<UInt32> {
        if i < before { return left }
        let k = i - before
        if k >= inside { return right }
        return SIMD4(lines.0[k], lines.1[k], lines.2[k], lines.3[k])
    }

    /// Stores the real lanes of `v` at out[0…lanes−1] (one output position
    /// of every line, side by side).
    @inline(__always)
    func store(_ v: SIMD4<UInt32>, to out: UnsafeMutablePointer<UInt32>) {
        if lanes == 4 {
            UnsafeMutableRawPointer(out).storeBytes(of: v, as: SIMD4<UInt32>.self)
        } else {
            for k in 0..<lanes { out[k] = v[k] }
        }
    }
}
