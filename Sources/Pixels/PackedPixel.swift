import Geometry

/// One pixel of a `Bitmap` read as a `UInt32`: bytes R, G, B, A in memory,
/// so R is the low byte and A the top byte on the little-endian machines
/// Swift targets. Everything that draws or stores a colour as a pixel packs
/// it here, so the layout is written down once.
public enum PackedPixel {
    /// Packs 8-bit channels (premultiplied, as `Bitmap` stores them).
    @inlinable @inline(__always)
    public static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }
}

extension Color {
    /// The colour as the rasterizer composites it: `premultipliedRGBA8`
    /// (clamped, rounded to nearest) packed as `PackedPixel`.
    public var premultipliedPixel: UInt32 {
        let p = premultipliedRGBA8
        return PackedPixel.pack(p.r, p.g, p.b, p.a)
    }
}
