import Geometry
import Pixels

/// What a blur reads beyond the bitmap's edges.
enum BlurEdge: Sendable {
    /// Transparent: a layer's `blur`, whose content fades out at its edges.
    case transparent
    /// The edge pixels repeat: a backdrop blur of what is already drawn, so a
    /// frosted panel at the frame's edge does not darken there.
    case clamp
}

/// Gaussian blur of premultiplied RGBA8, separable: every row of the
/// region (and the rows the vertical pass needs) is blurred horizontally and
/// stored transposed, then every column of that is blurred and written back,
/// so both passes read contiguous memory. Lines go four at a time
/// (`LineQuad`): one output position of four lines is four adjacent pixels
/// of the destination row, a single 16-byte store. See `BlurAxis` for the
/// kernels (a true Gaussian below σ = 2, three box blurs above; integer sums,
/// basic IEEE 754 operations only, hence the same bits on every machine) and
/// `BlurScratch` for memory. The horizontal result is rounded to 8 bits
/// before the vertical pass, so the result is mirror-symmetric exactly and
/// symmetric under transposition within 1.
///
/// Premultiplied input is what makes a blur correct at transparent edges:
/// colour and alpha are averaged alike, so no dark fringes appear.
enum GaussianBlur {
    /// Pixels the blur reads on each side of an output pixel, for σ in
    /// pixels: a layer blurred with σ grows by this much on every side.
    /// `exact`: as the blur of a scratch made with `exact` (see `BlurResolution`).
    static func reach(sigma: Double, exact: Bool) -> Int {
        (exact ? nil : ReducedBlur.Axis.choose(sigma: sigma))?.reach ?? BlurAxis(sigma: sigma).reach
    }

    /// Blurs `region` of `source` into the same pixels of `destination` (which
    /// may be `source`: the blur works in place). Pixels of `destination`
    /// outside the region are not touched; the blur reads up to
    /// `reach(sigma:exact:)` pixels around the region, within the bitmap.
    /// Large σ run at reduced resolution (`ReducedBlur`) unless `scratch.exact`.
    ///
    /// - Parameters:
    ///   - width, height: both bitmaps' size in pixels, rows of `width` pixels.
    ///   - region: pixels to produce (clipped to the bitmap).
    ///   - sigmaX, sigmaY: standard deviations in pixels; below 0.25 an axis is
    ///     left as it is, above twice the bitmap's size it is capped there.
    static func blur(source: UnsafePointer<UInt32>, destination: UnsafeMutablePointer<UInt32>,
                     width: Int, height: Int, region: PixelBox, sigmaX: Double, sigmaY: Double,
                     edge: BlurEdge, scratch: BlurScratch) {
        let out = region.intersection(PixelBox(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !out.isEmpty else { return }
        // A kernel wider than twice the bitmap is capped there: such a blur is
        // all but flat already (with transparent edges it keeps fading, by at
        // most a few levels in 255), and the work and memory stay bounded.
        let sx = min(sigmaX, 2 * Double(width)), sy = min(sigmaY, 2 * Double(height))
        let rx = scratch.exact ? nil : ReducedBlur.Axis.choose(sigma: sx)
        let ry = scratch.exact ? nil : ReducedBlur.Axis.choose(sigma: sy)
        if rx != nil || ry != nil {
            ReducedBlur.blur(source: source, destination: destination, width: width, height: height, out: out,
                             ax: rx ?? ReducedBlur.Axis(exact: sx), ay: ry ?? ReducedBlur.Axis(exact: sy),
                             edge: edge, scratch: scratch)
        } else {
            exactBlur(source: source, destination: destination, width: width, height: height, region: out,
                      ax: BlurAxis(sigma: sx), ay: BlurAxis(sigma: sy), edge: edge, scratch: scratch)
        }
    }

    /// The full-resolution blur of `region` (within the bitmap) with the given axes.
    static func exactBlur(source: UnsafePointer<UInt32>, destination: UnsafeMutablePointer<UInt32>,
                          width: Int, height: Int, region out: PixelBox, ax: BlurAxis, ay: BlurAxis,
                          edge: BlurEdge, scratch: BlurScratch) {
        let columns = out.maxX - out.minX
        if ax.isIdentity && ay.isIdentity {
            if UnsafePointer(destination) != source {
                for y in out.minY..<out.maxY {
                    (destination + y * width + out.minX).update(from: source + y * width + out.minX, count: columns)
                }
            }
            return
        }
        // Horizontal pass over every row the vertical pass will read, four
        // rows at a time; each output position is four rows of one column,
        // stored as four consecutive pixels of a row of `transposed`.
        let y0 = max(0, out.minY - ay.reach), y1 = min(height, out.maxY + ay.reach)
        let rows = y1 - y0
        let transposed = scratch.transposed(columns * rows)
        var y = y0
        while y < y1 {
            let quad = LineQuad(source + y * width, stride: width, lanes: min(4, y1 - y), available: width,
                                from: out.minX - ax.reach, count: columns + 2 * ax.reach, edge: edge)
            let column = transposed + (y - y0)
            ax.apply(quad, count: columns, scratch: scratch) { j, pixels in
                quad.store(pixels, to: column + j &* rows)
            }
            y += 4
        }
        // Vertical pass over four columns (rows of `transposed`) at a time;
        // each output position is four consecutive pixels of an image row.
        // A row missing from `transposed` lies beyond the bitmap's edge.
        let outRows = out.maxY - out.minY
        let corner = destination + out.minY * width + out.minX
        var c = 0
        while c < columns {
            let quad = LineQuad(transposed + c * rows, stride: rows, lanes: min(4, columns - c), available: rows,
                                from: out.minY - ay.reach - y0, count: outRows + 2 * ay.reach, edge: edge)
            let top = corner + c
            ay.apply(quad, count: outRows, scratch: scratch) { j, pixels in
                quad.store(pixels, to: top + j &* width)
            }
            c += 4
        }
    }

    /// Blurs `region` of a bitmap in place (see the pointer form).
    static func blur(_ bitmap: inout Bitmap, region: PixelBox, sigma: Double, edge: BlurEdge,
                     scratch: BlurScratch) {
        let width = bitmap.width, height = bitmap.height
        bitmap.pixels.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self).baseAddress!
            blur(source: pixels, destination: pixels, width: width, height: height, region: region,
                 sigmaX: sigma, sigmaY: sigma, edge: edge, scratch: scratch)
        }
    }
}
