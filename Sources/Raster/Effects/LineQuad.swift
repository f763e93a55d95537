/// Four equally shaped lines of pixels that a blur pass works on together:
/// lane k of every vector belongs to line k, so one SIMD operation advances
/// four lines by one pixel (see `Channels`).
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

    /// Calls `body` with the four lines' pixels at each position in turn.
    @inline(__always)
    func forEach(_ body: (SIMD4<UInt32>) -> Void) {
        for _ in 0..<before { body(left) }
        let (a, b, c, d) = (UnsafeRawPointer(lines.0), UnsafeRawPointer(lines.1),
                            UnsafeRawPointer(lines.2), UnsafeRawPointer(lines.3))
        var i = 0
        // Four positions at a time: four loads and a 4×4 transpose.
        while i &+ 4 <= inside {
            let o = i &* 4
            let ra = a.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self)
            let rb = b.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self)
            let rc = c.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self)
            let rd = d.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self)
            body(SIMD4(ra[0], rb[0], rc[0], rd[0]))
            body(SIMD4(ra[1], rb[1], rc[1], rd[1]))
            body(SIMD4(ra[2], rb[2], rc[2], rd[2]))
            body(SIMD4(ra[3], rb[3], rc[3], rd[3]))
            i &+= 4
        }
        while i < inside {
            body(SIMD4(lines.0[i], lines.1[i], lines.2[i], lines.3[i]))
            i &+= 1
        }
        for _ in 0..<after { body(right) }
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

/// Four lanes of each colour channel held apart (planar), so that sums can
/// grow past 8 bits per channel without spilling into the next one.
struct Channels<V: SIMD> {
    var r, g, b, a: V
}

extension Channels where V == SIMD4<UInt32> {
    /// Packed RGBA8 per lane → planar 0…255.
    @inline(__always)
    init(packed v: SIMD4<UInt32>) {
        let m = SIMD4<UInt32>(repeating: 0xFF)
        self.init(r: v & m, g: (v &>> 8) & m, b: (v &>> 16) & m, a: v &>> 24)
    }

    /// Planar 0…255 → packed RGBA8 per lane.
    @inline(__always)
    var packed: SIMD4<UInt32> {
        r | g &<< 8 | b &<< 16 | a &<< 24
    }
}

extension Channels where V.Scalar: FixedWidthInteger {
    static var zero: Channels { Channels(r: .zero, g: .zero, b: .zero, a: .zero) }

    @inline(__always)
    static func &+ (x: Channels, y: Channels) -> Channels {
        Channels(r: x.r &+ y.r, g: x.g &+ y.g, b: x.b &+ y.b, a: x.a &+ y.a)
    }

    @inline(__always)
    static func &- (x: Channels, y: Channels) -> Channels {
        Channels(r: x.r &- y.r, g: x.g &- y.g, b: x.b &- y.b, a: x.a &- y.a)
    }
}

extension Channels where V == SIMD4<Float> {
    static var zero: Channels { Channels(r: .zero, g: .zero, b: .zero, a: .zero) }
}

/// Rounding to nearest without a conversion instruction: adding 1.5·2²³ to
/// a float in 0…2²² leaves its nearest integer (ties to even) in the low
/// mantissa bits, so the bits minus 0x4B40_0000 are that integer. Basic
/// IEEE 754 arithmetic, hence the same result on every machine.
@inline(__always)
func nearestInteger(_ x: SIMD4<Float>) -> SIMD4<UInt32> {
    unsafeBitCast(x + 12_582_912, to: SIMD4<UInt32>.self) &- 0x4B40_0000
}
