/// Porter–Duff source-over on premultiplied RGBA8: dst = src + dst·(1 − srcα).
enum SourceOver {
    /// Composites a solid premultiplied colour over one row of pixels, each
    /// weighted by its coverage (0…255).
    @inline(__always)
    static func solidSpan(_ dst: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int,
                          r: UInt32, g: UInt32, b: UInt32, a: UInt32) {
        let opaque = a == 255
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            let p = dst + i * 4
            if c == 255 && opaque {
                p[0] = UInt8(r); p[1] = UInt8(g); p[2] = UInt8(b); p[3] = 255
                continue
            }
            let sr = c == 255 ? r : div255(r * c), sg = c == 255 ? g : div255(g * c)
            let sb = c == 255 ? b : div255(b * c), sa = c == 255 ? a : div255(a * c)
            let inv = 255 - sa
            p[0] = UInt8(sr + div255(UInt32(p[0]) * inv))
            p[1] = UInt8(sg + div255(UInt32(p[1]) * inv))
            p[2] = UInt8(sb + div255(UInt32(p[2]) * inv))
            p[3] = UInt8(sa + div255(UInt32(p[3]) * inv))
        }
    }

    /// Composites premultiplied `src` pixels over `dst`, all scaled by
    /// `opacity` (0…255): how a finished layer joins the one below it.
    static func layerSpan(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, count: Int, opacity: UInt32) {
        for i in 0..<count {
            let s = src + i * 4, p = dst + i * 4
            var sa = UInt32(s[3])
            if sa == 0 { continue }
            var sr = UInt32(s[0]), sg = UInt32(s[1]), sb = UInt32(s[2])
            if opacity != 255 {
                sr = div255(sr * opacity); sg = div255(sg * opacity)
                sb = div255(sb * opacity); sa = div255(sa * opacity)
            }
            let inv = 255 - sa
            p[0] = UInt8(sr + div255(UInt32(p[0]) * inv))
            p[1] = UInt8(sg + div255(UInt32(p[1]) * inv))
            p[2] = UInt8(sb + div255(UInt32(p[2]) * inv))
            p[3] = UInt8(sa + div255(UInt32(p[3]) * inv))
        }
    }
}
