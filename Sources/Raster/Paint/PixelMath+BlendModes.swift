import DisplayList
import Geometry

/// The separable blend modes of W3C Compositing and Blending Level 1 (§ 9),
/// composited source-over, on premultiplied RGBA8 (the non-separable and
/// Porter–Duff modes have files of their own).
///
/// With Sc, Dc premultiplied and Sa, Da alpha (all 0…1), every mode gives
///     result = Sc·(1 − Da) + Dc·(1 − Sa) + Sa·Da·B(Sc/Sa, Dc/Da),
///     alpha  = Sa + Da − Sa·Da.
/// Most B's multiply out into closed forms that need no un-premultiplying
/// (the forms Skia uses); those are evaluated in integers scaled by 255²
/// and rounded once with `div255`, so results are exact to the nearest
/// 8-bit value and the same on every machine. Soft light needs a square
/// root and is evaluated in `Double` (IEEE-exact operations only).
extension PixelMath {
    /// `src` blended onto `dst` with `mode`; both premultiplied RGBA8.
    @inline(__always)
    static func blend(_ src: UInt32, _ dst: UInt32, mode: BlendMode) -> UInt32 {
        switch mode {
        case .normal: return over(src, dst)
        case .multiply: return Blend.multiply(src, dst)
        case .screen: return Blend.screen(src, dst)
        case .overlay: return Blend.overlay(src, dst)
        case .darken: return Blend.darken(src, dst)
        case .lighten: return Blend.lighten(src, dst)
        case .colorDodge: return Blend.colorDodge(src, dst)
        case .colorBurn: return Blend.colorBurn(src, dst)
        case .softLight: return Blend.softLight(src, dst)
        case .hardLight: return Blend.hardLight(src, dst)
        case .difference: return Blend.difference(src, dst)
        case .exclusion: return Blend.exclusion(src, dst)
        case .hue: return Blend.hue(src, dst)
        case .saturation: return Blend.saturation(src, dst)
        case .color: return Blend.color(src, dst)
        case .luminosity: return Blend.luminosity(src, dst)
        case .sourceAtop: return Blend.sourceAtop(src, dst)
        case .destinationOver: return Blend.destinationOver(src, dst)
        case .destinationOut: return Blend.destinationOut(src, dst)
        case .plusDarker: return Blend.plusDarker(src, dst)
        case .plus: return Blend.plus(src, dst)
        }
    }
}

/// One function per mode, each applying a per-channel formula to R, G, B
/// (premultiplied, ×255² scale) with the common alpha Sa + Da − Sa·Da.
enum Blend {
    /// Applies `channel(s, d, sa, da)`, which returns the channel's result
    /// times 255 (0…255²), to R, G and B, and computes alpha. A result above
    /// the alpha (only possible through rounding) is clamped to it.
    @inline(__always)
    static func separable(_ src: UInt32, _ dst: UInt32,
                          _ channel: (UInt32, UInt32, UInt32, UInt32) -> UInt32) -> UInt32 {
        let sa = src >> 24, da = dst >> 24
        let alpha = sa &+ da &- PixelMath.div255(sa &* da)
        @inline(__always)
        func lane(_ shift: UInt32) -> UInt32 {
            let s = (src >> shift) & 0xFF, d = (dst >> shift) & 0xFF
            let c = PixelMath.div255(min(channel(s, d, sa, da), 255 * 255))
            return min(c, alpha) << shift
        }
        return lane(0) | lane(8) | lane(16) | alpha << 24
    }

    /// Sc·(1 − Da) + Dc·(1 − Sa), ×255: the part of every mode outside the overlap.
    @inline(__always)
    static func outside(_ s: UInt32, _ d: UInt32, _ sa: UInt32, _ da: UInt32) -> UInt32 {
        s &* (255 &- da) &+ d &* (255 &- sa)
    }

    static func multiply(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in s &* d &+ outside(s, d, sa, da) }
    }

    static func screen(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, _, _ in (s &+ d) &* 255 &- s &* d }
    }

    /// Hard light with source and destination exchanged.
    static func overlay(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in hardLightChannel(d, s, da, sa) }
    }

    static func hardLight(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in hardLightChannel(s, d, sa, da) }
    }

    /// 2·Sc·Dc if 2·Sc ≤ Sa, else Sa·Da − 2·(Da − Dc)·(Sa − Sc); plus the outside part.
    @inline(__always)
    static func hardLightChannel(_ s: UInt32, _ d: UInt32, _ sa: UInt32, _ da: UInt32) -> UInt32 {
        let inside = 2 &* s <= sa ? 2 &* s &* d : sa &* da &- 2 &* (da &- d) &* (sa &- s)
        return inside &+ outside(s, d, sa, da)
    }

    static func darken(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in (s &+ d) &* 255 &- max(s &* da, d &* sa) }
    }

    static func lighten(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in (s &+ d) &* 255 &- min(s &* da, d &* sa) }
    }

    /// B = 0 if Cb = 0, 1 if Cs = 1, else min(1, Cb / (1 − Cs)); in premultiplied
    /// terms Sa·min(Da, Dc·Sa / (Sa − Sc)), the quotient rounded to nearest.
    static func colorDodge(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in
            let rest = outside(s, d, sa, da)
            if d == 0 { return rest }
            if s >= sa { return sa &* da &+ rest }
            let q = (d &* sa &* sa &+ (sa &- s) / 2) / (sa &- s) // Sa²·Dc / (Sa − Sc), ×255²
            return min(sa &* da, q) &+ rest
        }
    }

    /// B = 1 if Cb = 1, 0 if Cs = 0, else 1 − min(1, (1 − Cb) / Cs); in
    /// premultiplied terms Sa·(Da − min(Da, (Da − Dc)·Sa / Sc)).
    static func colorBurn(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in
            let rest = outside(s, d, sa, da)
            if d >= da { return sa &* da &+ rest }
            if s == 0 { return rest }
            let q = ((da &- d) &* sa &* sa &+ s / 2) / s // Sa²·(Da − Dc) / Sc, ×255²
            return sa &* da &- min(sa &* da, q) &+ rest
        }
    }

    static func difference(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in (s &+ d) &* 255 &- 2 &* min(s &* da, d &* sa) }
    }

    static func exclusion(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, _, _ in (s &+ d) &* 255 &- 2 &* s &* d }
    }

    /// W3C soft light: B = Cb − (1 − 2Cs)·Cb·(1 − Cb) if Cs ≤ ½, else
    /// Cb + (2Cs − 1)·(D(Cb) − Cb), with D(Cb) = ((16Cb − 12)Cb + 4)Cb for
    /// Cb ≤ ¼ and √Cb above. Evaluated on un-premultiplied values in `Double`.
    static func softLight(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        separable(src, dst) { s, d, sa, da in
            let rest = outside(s, d, sa, da)
            guard sa > 0 && da > 0 else { return rest }
            let cs = Double(s) / Double(sa), cb = Double(d) / Double(da)
            let b: Double
            if cs <= 0.5 {
                b = cb - (1 - 2 * cs) * cb * (1 - cb)
            } else {
                let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                b = cb + (2 * cs - 1) * (dcb - cb)
            }
            let inside = Double(sa) * Double(da) * min(max(b, 0), 1)
            return UInt32(inside + 0.5) &+ rest
        }
    }

    /// `plusLighter`: every channel added, saturating at 255.
    static func plus(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let rb = (src & 0x00FF_00FF) &+ (dst & 0x00FF_00FF)
        let ga = ((src >> 8) & 0x00FF_00FF) &+ ((dst >> 8) & 0x00FF_00FF)
        // A lane that overflowed has bit 8 set: turn it into 0xFF.
        let rbSat = (rb | (((rb >> 8) & 0x0001_0001) &* 0xFF)) & 0x00FF_00FF
        let gaSat = (ga | (((ga >> 8) & 0x0001_0001) &* 0xFF)) & 0x00FF_00FF
        return rbSat | gaSat << 8
    }
}
