/// The non-separable blend modes of W3C Compositing and Blending Level 1
/// (§ 9.2: hue, saturation, color, luminosity), composited source-over on
/// premultiplied RGBA8.
///
/// The spec works on straight colour; as Skia does, the formulas are applied
/// to premultiplied colour cross-scaled instead — Sc·Da and Dc·Sa, with
/// Sa·Da in place of 1 — because `SetSat` and `SetLum` are homogeneous: the
/// result is Sa·Da·B(Cs, Cb) with no division by an alpha. Everything is in
/// integers (units of 1/(255²·100), so the luminosity weights 0.3, 0.59 and
/// 0.11 are exact) and every quotient is rounded to nearest, so results are
/// the same on every machine.
extension Blend {
    /// Three colour channels in units of 1/(255²·100).
    struct RGB {
        var c: (Int, Int, Int)

        /// 0.3 R + 0.59 G + 0.11 B, rounded.
        var lum: Int { Blend.divRound(30 * c.0 + 59 * c.1 + 11 * c.2, 100) }
        var sat: Int { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

        func map(_ f: (Int) -> Int) -> RGB { RGB(c: (f(c.0), f(c.1), f(c.2))) }

        /// W3C `SetLum` with `ClipColor` into [0, alpha]: the colour moved to
        /// luminosity `l`, then pulled toward its luminosity where a channel left the range.
        func withLum(_ l: Int, alpha: Int) -> RGB {
            let d = l - lum
            var r = map { $0 + d }
            let lum = r.lum, lo = min(r.c.0, r.c.1, r.c.2), hi = max(r.c.0, r.c.1, r.c.2)
            if lo < 0 { r = r.map { lum + Blend.divRound(($0 - lum) * lum, lum - lo) } }
            if hi > alpha { r = r.map { lum + Blend.divRound(($0 - lum) * (alpha - lum), hi - lum) } }
            return r
        }

        /// W3C `SetSat`: the largest channel becomes `s`, the smallest 0, the
        /// middle one keeps its place between them (all 0 for a grey).
        func withSat(_ s: Int) -> RGB {
            let hi = max(c.0, c.1, c.2), lo = min(c.0, c.1, c.2)
            guard hi > lo else { return RGB(c: (0, 0, 0)) }
            // Ties go to max before min, as the spec's ordering leaves open;
            // either choice gives the same channels.
            var maxDone = false, minDone = false
            return map { v in
                if v == hi && !maxDone { maxDone = true; return s }
                if v == lo && !minDone { minDone = true; return 0 }
                return Blend.divRound((v - lo) * s, hi - lo)
            }
        }
    }

    static func hue(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        nonSeparable(src, dst) { s, d, a in s.withSat(d.sat).withLum(d.lum, alpha: a) }
    }

    static func saturation(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        nonSeparable(src, dst) { s, d, a in d.withSat(s.sat).withLum(d.lum, alpha: a) }
    }

    static func color(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        nonSeparable(src, dst) { s, d, a in s.withLum(d.lum, alpha: a) }
    }

    static func luminosity(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        nonSeparable(src, dst) { s, d, a in d.withLum(s.lum, alpha: a) }
    }

    /// result = Sc·(1 − Da) + Dc·(1 − Sa) + Sa·Da·B(Cs, Cb), alpha Sa + Da − Sa·Da.
    /// `blend(s, d, a)` gets Sc·Da, Dc·Sa and Sa·Da (units 1/(255²·100)) and
    /// returns Sa·Da·B in the same units.
    @inline(__always)
    static func nonSeparable(_ src: UInt32, _ dst: UInt32, _ blend: (RGB, RGB, Int) -> RGB) -> UInt32 {
        let sa = src >> 24, da = dst >> 24
        let alpha = sa &+ da &- PixelMath.div255(sa &* da)
        func channels(_ p: UInt32, times k: UInt32) -> RGB {
            let f = Int(k) * 100
            return RGB(c: (Int(p & 0xFF) * f, Int((p >> 8) & 0xFF) * f, Int((p >> 16) & 0xFF) * f))
        }
        let both = Int(sa &* da) * 100
        let b = blend(channels(src, times: da), channels(dst, times: sa), both)
        @inline(__always)
        func lane(_ shift: UInt32, _ inside: Int) -> UInt32 {
            let s = (src >> shift) & 0xFF, d = (dst >> shift) & 0xFF
            let mixed = UInt32(divRound(min(max(inside, 0), both), 100)) &+ outside(s, d, sa, da)
            return min(PixelMath.div255(min(mixed, 255 * 255)), alpha) << shift
        }
        return lane(0, b.c.0) | lane(8, b.c.1) | lane(16, b.c.2) | alpha << 24
    }

    /// n / d rounded to nearest, halves away from zero (d > 0).
    @inline(__always)
    static func divRound(_ n: Int, _ d: Int) -> Int {
        n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d)
    }
}
