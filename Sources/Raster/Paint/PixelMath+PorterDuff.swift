/// SwiftUI's Porter–Duff blend modes and Core Graphics' `plusDarker`, on
/// premultiplied RGBA8 (Porter & Duff 1984; W3C Compositing Level 1 § 9.1).
/// Every form leaves the destination as it is under a transparent source,
/// which `BlendSpan` relies on to skip such pixels.
extension Blend {
    /// Source atop: Sc·Da + Dc·(1 − Sa); alpha Da.
    static func sourceAtop(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let sa = src >> 24, da = dst >> 24
        @inline(__always)
        func lane(_ shift: UInt32) -> UInt32 {
            let s = (src >> shift) & 0xFF, d = (dst >> shift) & 0xFF
            return min(PixelMath.div255(s &* da &+ d &* (255 &- sa)), da) << shift
        }
        return lane(0) | lane(8) | lane(16) | da << 24
    }

    /// Destination over: the destination composited source-over onto the source.
    @inline(__always)
    static func destinationOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        PixelMath.over(dst, src)
    }

    /// Destination out: every channel of the destination times 1 − Sa.
    @inline(__always)
    static func destinationOut(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        PixelMath.scale(dst, 255 &- (src >> 24))
    }

    /// Core Graphics documents `plusDarker` for opaque pixels only,
    /// R = max(0, 1 − ((1 − D) + (1 − S))) = max(0, S + D − 1). With alpha it
    /// is the premultiplied sum less the part where the alphas overlap,
    /// max(0, Sc + Dc − Sa·Da), of alpha Sa + Da − Sa·Da: the reading AppKit's
    /// results agree with (as GNUstep's libs-back measured for its
    /// `NSCompositePlusDarker`), and the one that keeps the destination under a
    /// transparent source. Integers ×255, rounded once.
    static func plusDarker(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let sa = src >> 24, da = dst >> 24
        let overlap = sa &* da
        let alpha = sa &+ da &- PixelMath.div255(overlap)
        @inline(__always)
        func lane(_ shift: UInt32) -> UInt32 {
            let sum = (((src >> shift) & 0xFF) &+ ((dst >> shift) & 0xFF)) &* 255
            return min(sum > overlap ? PixelMath.div255(sum &- overlap) : 0, alpha) << shift
        }
        return lane(0) | lane(8) | lane(16) | alpha << 24
    }
}
