import Geometry
import Pixels

/// SwiftUI's `shadow(color:radius:x:y:)` on a layer: the content's alpha
/// times the shadow colour, moved by the offset, blurred, and put *under*
/// the content in the same bitmap (destination-over), so the rasterizer
/// calls it once the node's content is in its layer and before the layer's
/// own blur, opacity and blend (the scene format's effect order).
///
/// Because blurring is linear, blurring colour × alpha equals colour ×
/// blurred alpha; the shadow is built in premultiplied RGBA and blurred with
/// `GaussianBlur` (transparent edges), reusing `BlurScratch` memory. A
/// fractional offset moves the alpha bilinearly (1/256-pixel steps), so an
/// animated offset glides instead of snapping to whole pixels.
enum DropShadow {
    /// Draws the shadow of `content` under it, in place.
    ///
    /// - Parameters:
    ///   - layer: premultiplied RGBA8 pixels, `width` × `height`, holding the
    ///     node's content; transparent outside `content`.
    ///   - content: the box of the layer holding content (its dirty box).
    ///   - color: straight-alpha sRGB; its alpha is the shadow's opacity.
    ///   - offset: in pixels, y down.
    ///   - sigmaX, sigmaY: blur standard deviations in pixels (0: a hard shadow).
    ///   - limit: where the shadow is needed (nil: the whole layer) — a layer
    ///     reaching beyond the frame needs it only as far as what follows reads.
    ///   - rows: the only rows to write (a band's); the shadow is laid out
    ///     as for the whole layer, so those rows get the same bits.
    /// - Returns: the pixels the shadow may have changed (empty if none):
    ///   union it into the layer's dirty box.
    @discardableResult
    static func draw(under layer: UnsafeMutablePointer<UInt32>, width: Int, height: Int, content: PixelBox,
                     color: Color, offset: Point, sigmaX: Double, sigmaY: Double,
                     within limit: PixelBox? = nil, rows: Range<Int> = 0..<Int.max,
                     scratch: BlurScratch) -> PixelBox {
        let bounds = PixelBox(minX: 0, minY: 0, maxX: width, maxY: height)
        let ink = color.premultipliedPixel
        let source = content.intersection(bounds)
        guard ink >> 24 > 0, !source.isEmpty, offset.x.isFinite, offset.y.isFinite else { return .empty }
        let (ox, fx) = split(offset.x), (oy, fy) = split(offset.y)
        // Where the moved alpha is non-zero; a fractional offset spreads it one pixel further.
        let moved = PixelBox(minX: source.minX + ox, minY: source.minY + oy,
                             maxX: source.maxX + ox + (fx > 0 ? 1 : 0), maxY: source.maxY + oy + (fy > 0 ? 1 : 0))
        let reachX = GaussianBlur.reach(sigma: sigmaX, exact: scratch.exact)
        let reachY = GaussianBlur.reach(sigma: sigmaY, exact: scratch.exact)
        let output = moved.grown(reachX, reachY).intersection(bounds).intersection(limit ?? bounds)
        guard !output.isEmpty else { return .empty }
        let written = PixelBox(minX: output.minX, minY: max(output.minY, rows.lowerBound),
                               maxX: output.maxX, maxY: min(output.maxY, rows.upperBound))
        guard !written.isEmpty else { return output }
        // The buffer holds the output and every moved pixel the blur reads for it.
        let box = output.union(moved.intersection(output.grown(reachX, reachY)))
        let bw = box.maxX - box.minX, bh = box.maxY - box.minY
        let buffer = scratch.shadow(bw * bh)
        buffer.update(repeating: 0, count: bw * bh)

        let fill = moved.intersection(box)
        let w00 = UInt32((256 - fx) * (256 - fy)), w10 = UInt32(fx * (256 - fy))
        let w01 = UInt32((256 - fx) * fy), w11 = UInt32(fx * fy)
        @inline(__always) func alpha(_ x: Int, _ y: Int) -> UInt32 {
            x >= source.minX && x < source.maxX && y >= source.minY && y < source.maxY ? layer[y * width + x] >> 24 : 0
        }
        for y in fill.minY..<fill.maxY {
            let row = buffer + (y - box.minY) * bw - box.minX
            let ly = y - oy
            for x in fill.minX..<fill.maxX {
                let lx = x - ox
                let a = (alpha(lx, ly) &* w00 &+ alpha(lx - 1, ly) &* w10 &+ alpha(lx, ly - 1) &* w01
                    &+ alpha(lx - 1, ly - 1) &* w11 &+ 32768) >> 16
                if a != 0 { row[x] = a == 255 ? ink : PixelMath.scale(ink, a) }
            }
        }

        let local = PixelBox(minX: written.minX - box.minX, minY: written.minY - box.minY,
                             maxX: written.maxX - box.minX, maxY: written.maxY - box.minY)
        GaussianBlur.blur(source: buffer, destination: buffer, width: bw, height: bh, region: local,
                          sigmaX: sigmaX, sigmaY: sigmaY, edge: .transparent, scratch: scratch)

        for y in written.minY..<written.maxY {
            let shadow = buffer + (y - box.minY) * bw - box.minX
            let row = layer + y * width
            for x in output.minX..<output.maxX {
                let s = shadow[x], d = row[x]
                if s != 0 && d >> 24 != 255 { row[x] = PixelMath.over(d, s) }
            }
        }
        return output
    }

    /// The bitmap form, with one σ for both axes.
    @discardableResult
    static func draw(under layer: inout Bitmap, content: PixelBox, color: Color, offset: Point, sigma: Double,
                     rows: Range<Int> = 0..<Int.max, scratch: BlurScratch) -> PixelBox {
        let width = layer.width, height = layer.height
        return layer.pixels.withUnsafeMutableBytes { raw in
            draw(under: raw.bindMemory(to: UInt32.self).baseAddress!, width: width, height: height,
                 content: content, color: color, offset: offset, sigmaX: sigma, sigmaY: sigma, rows: rows,
                 scratch: scratch)
        }
    }

    /// Whole pixels and a fraction in 1/256 (0…255), the fraction rounded;
    /// offsets beyond a million pixels are clamped (nothing is visible there).
    static func split(_ v: Double) -> (Int, Int) {
        let clamped = min(max(v, -1.0e6), 1.0e6)
        let whole = clamped.rounded(.down)
        var whole256 = Int(whole), fraction = Int(((clamped - whole) * 256).rounded())
        if fraction == 256 { whole256 += 1; fraction = 0 }
        return (whole256, fraction)
    }
}
