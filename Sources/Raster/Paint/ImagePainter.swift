/// Composites an image paint source-over, weighted by coverage, in one
/// pass: `ImageShader`'s sampling fused with `BlendSpan`'s normal blend,
/// without the span in between.
///
/// Positions are `ImageShader`'s 32.32 fixed-point ones (the same integer
/// start and step), the texels those of the image's `SpriteTexture` level 0
/// (spread into 16-bit lanes, with a transparent border), weighted by the
/// same 8-bit arithmetic two pixels at a time (`BilinearPairs`), then scaled
/// by opacity and coverage and blended as `BlendSpan` does: the same bits as
/// shading a span and compositing it. The border turns the
/// clamp-to-transparent edge into plain reads; a tiled image reads the
/// texture's `wrapped` level at positions wrapped into the image.
struct ImagePainter: CoveragePainter {
    /// Top-left pixel of the box in the target bitmap.
    let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per bitmap row.
    let rowPixels: Int
    /// Device coordinates of the box's top-left pixel.
    let originX: Int
    let originY: Int
    /// Level 0 of the image's texture, border included (`wrapped` when tiling).
    private let texels: UnsafePointer<UInt64>
    private let stride: Int
    /// When tiling, the image size in 32.32 fixed point; nil otherwise.
    private let wide: (u: Int64, v: Int64)?
    /// Image size in texels: padded indices 0…width by 0…height keep the
    /// 2×2 fetch inside the bordered level.
    private let maxU: UInt
    private let maxV: UInt
    /// `ImageShader.fixed`, moved one texel right and down for the border
    /// (not when tiling: the wrapped level has none).
    private let u0, v0, dux, dvx, duy, dvy: Int64
    /// 0…255.
    private let opacity: UInt32
    /// For an axis-aligned placement (u depends on x alone, v on y alone)
    /// of a sparse texture: each box column's u (wrapped when tiling) and
    /// the texture's empty blocks, so runs skip transparent pixels (`walkSparse`).
    private let sparse: (columns: [Int64], occupancy: TexelOccupancy)?

    /// nil when the shader does not sample in fixed point (huge transforms),
    /// the target is too large for its range or, when tiling, a step is not
    /// shorter than the image; draw those with `ShaderPainter`. `level` is
    /// the texture's level 0, or its `wrapped` level for a tiling shader;
    /// `texels` must stay alive while the painter is used.
    /// `occupancy` (the level's, when it has one) with `boxWidth` (the
    /// box's columns) lets an axis-aligned draw skip empty blocks.
    init?(_ shader: ImageShader, level: SpriteTexture.Level, texels: UnsafePointer<UInt64>,
          origin: UnsafeMutablePointer<UInt32>, rowPixels: Int, rows: Int, originX: Int, originY: Int,
          occupancy: TexelOccupancy? = nil, boxWidth: Int = 0) {
        // ImageShader samples in fixed point only for x, y < 65536.
        guard let f = shader.fixed, rowPixels < 65536, rows < 65536 else { return nil }
        let wide = (u: Int64(level.width) << 32, v: Int64(level.height) << 32)
        if shader.tile {
            guard abs(f.dux) < wide.u, abs(f.dvx) < wide.v else { return nil }
            self.wide = wide
        } else {
            self.wide = nil
        }
        self.origin = origin
        self.rowPixels = rowPixels
        self.originX = originX
        self.originY = originY
        self.texels = texels
        stride = level.stride
        maxU = UInt(level.width)
        maxV = UInt(level.height)
        let border: Int64 = shader.tile ? 0 : 1 << 32
        u0 = f.u0 &+ border; v0 = f.v0 &+ border
        dux = f.dux; dvx = f.dvx; duy = f.duy; dvy = f.dvy
        opacity = shader.opacity
        if let occupancy, f.dvx == 0, f.duy == 0, boxWidth > 0 {
            let u0 = self.u0, dux = f.dux, x0 = Int64(originX)
            sparse = ((0..<boxWidth).map { x in
                let u = u0 &+ (x0 &+ Int64(x)) &* dux
                return shader.tile ? ImageShader.wrap(u, wide.u) : u
            }, occupancy)
        } else {
            sparse = nil
        }
    }

    @inline(__always)
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32) {
        let px = Int64(originX &+ x), py = Int64(originY &+ y)
        // Opacity, then coverage, as the shader and the blend apply them.
        var sink = Sink(row: origin + (y &* rowPixels &+ x),
                        opacity: opacity < 255 ? BilinearPairs.factor(opacity) : nil,
                        coverage: coverage < 255 ? BilinearPairs.factor(coverage) : nil)
        let fu = u0 &+ px &* dux &+ py &* duy, fv = v0 &+ px &* dvx &+ py &* dvy
        if let sparse {
            walkSparse(sparse.columns, sparse.occupancy, fv: wide.map { ImageShader.wrap(fv, $0.v) } ?? fv,
                       x: x, count: count, into: &sink)
        } else if let wide {
            BilinearPairs.walkWrapped(texels, stride: stride, wideU: wide.u, wideV: wide.v,
                                      fu: ImageShader.wrap(fu, wide.u), fv: ImageShader.wrap(fv, wide.v),
                                      du: dux, dv: dvx, count: count, into: &sink)
        } else {
            BilinearPairs.walk(texels, stride: stride, maxU: maxU, maxV: maxV, fu: fu, fv: fv,
                               du: dux, dv: dvx, count: count, into: &sink)
        }
    }

    /// The run's pixels at the columns' positions and row position `fv`,
    /// two at a time from each pixel whose block holds texels: the others
    /// sample zero, which blends to nothing, as the plain walk skips them.
    @inline(__always)
    private func walkSparse(_ columns: [Int64], _ occupancy: TexelOccupancy, fv: Int64, x: Int, count: Int,
                            into sink: inout Sink) {
        let iv = Int(truncatingIfNeeded: fv >> 32)
        guard UInt(bitPattern: iv) <= maxV else { return }
        columns.withUnsafeBufferPointer { c in
            occupancy.blocks.withUnsafeBufferPointer { b in
                let u = c.baseAddress! + x, blocks = b.baseAddress! + iv &* occupancy.rowLength
                var i = 0
                while i < count {
                    let iu = Int(truncatingIfNeeded: u[i] >> 32)
                    guard UInt(bitPattern: iu) <= maxU, blocks[iu] != 0 else {
                        i &+= 1
                        continue
                    }
                    let pair = i &+ 1 < count
                    BilinearPairs.pair(texels, stride, maxU, maxV, (u[i], fv), pair ? (u[i &+ 1], fv) : (0, 0), i,
                                       pair: pair, &sink)
                    i &+= 2
                }
            }
        }
    }

    /// Scales the samples and blends them over one run of a row.
    private struct Sink: BilinearPairs.Sink {
        let row: UnsafeMutablePointer<UInt32>
        let opacity: BilinearPairs.Lanes?
        let coverage: BilinearPairs.Lanes?

        @inline(__always)
        mutating func composite(_ i: Int, pair: Bool, _ samples: BilinearPairs.Lanes) {
            var s = samples
            if let opacity { s = BilinearPairs.scale(s, opacity) }
            if let coverage { s = BilinearPairs.scale(s, coverage) }
            BilinearPairs.store(BilinearPairs.over(s, BilinearPairs.load(row, i, pair: pair)), row, i, pair: pair)
        }
    }
}
