/// A large Gaussian blur done at reduced resolution, as browsers and
/// compositors do (Skia's and WebRender's blur downscale large radii): the
/// pixels are averaged over f × f blocks (an area filter), the small image
/// is blurred exactly with σ' = √(σ² − f²/4) / f, and the result is sampled
/// back bilinearly. The area filter adds a variance of about f²/12 and the
/// bilinear tent f²/6; σ' takes both out, so the total spread matches σ.
///
/// Why the loss is invisible: a Gaussian of σ passes almost nothing above a
/// frequency of ~1/σ, so the blurred image is smooth on the scale of f ≤ σ/4
/// and is reconstructed by linear interpolation to well within one 8-bit
/// level; `BlurResolution.factor` keeps f there (a test measures ≥ 45 dB
/// PSNR against the exact path from the switch-over to σ = 200 px).
///
/// Deterministic: integer sums, integer division, 8-bit fixed-point
/// interpolation weights; the blocks sit on a grid anchored at the bitmap's
/// origin. Premultiplied colour stays ≤ alpha at every step (both are
/// averaged and weighted alike, rounding the same way).
enum ReducedBlur {
    /// One axis: block size `factor`, the small image's exact blur, and the
    /// full-resolution pixels read on each side of an output pixel.
    struct Axis {
        let factor: Int
        let small: BlurAxis
        let reach: Int

        /// The axis for σ (pixels) at the largest factor f ≤ `BlurResolution.factor`
        /// whose small boxes give the exact path's variance within 3 %
        /// (σ within 1.5 %: an edge moves by well under a level of 255); nil
        /// when none does: blur exactly.
        ///
        /// Variances add: the area filter (f² − 1)/12, three boxes of m small
        /// pixels f²·Σ(m² − 1)/12, the bilinear tent (f² − 1)/6. The boxes
        /// differ by at most 2 (closest to a Gaussian); their sizes are whole
        /// small pixels, so one factor may miss the target where the next fits.
        static func choose(sigma: Double) -> Axis? {
            let most = BlurResolution.factor(sigma: sigma)
            guard most > 1 else { return nil }
            let target = BlurAxis(sigma: sigma).twelveVariance
            for f in stride(from: most, through: 2, by: -1) {
                let rest = Double(target - 3 * (f * f - 1)) / Double(f * f) // Σ(m² − 1) wanted
                guard rest > 24 else { break }
                let m = Int((rest / 3 + 1).squareRoot())
                var best: (error: Int, boxes: (Int, Int, Int))?
                for a in max(m - 2, 3)...(m + 1) {
                    for b in a...(a + 2) {
                        for c in b...(a + 2) where (a + b + c) % 2 == 1 {
                            let total = 3 * (f * f - 1) + f * f * (a * a + b * b + c * c - 3)
                            if best == nil || abs(total - target) < best!.error { best = (abs(total - target), (a, b, c)) }
                        }
                    }
                }
                if let best, 100 * best.error <= 3 * target { return Axis(factor: f, small: BlurAxis(boxes: best.boxes)) }
            }
            return nil
        }

        /// Factor 1: the exact blur (used for an axis whose σ is small).
        init(exact sigma: Double) {
            self.init(factor: 1, small: BlurAxis(sigma: sigma))
        }

        private init(factor: Int, small: BlurAxis) {
            self.factor = factor
            self.small = small
            // Output x samples small pixels ⌊u⌋ and ⌊u⌋ + 1 (u = (x + ½)/f − ½),
            // each reading `small.reach` more: at most reach·f + 1.5 f − ½ pixels away.
            reach = small.reach * factor + (3 * factor + 1) / 2
        }

        /// Small indices sampled for output positions lo..<hi: (first, end).
        func sampled(_ lo: Int, _ hi: Int) -> (Int, Int) {
            (Axis.floorDiv(2 * lo + 1 - factor, 2 * factor), Axis.floorDiv(2 * (hi - 1) + 1 - factor, 2 * factor) + 2)
        }

        /// Output position x: the small index at or left of its centre and the
        /// weight of the next one, in 1/256.
        func tap(_ x: Int) -> (index: Int, weight: UInt32) {
            let t = 2 * x + 1 - factor, i = Axis.floorDiv(t, 2 * factor)
            let w = ((t - i * 2 * factor) * 256 + factor) / (2 * factor)
            return w == 256 ? (i + 1, 0) : (i, UInt32(w))
        }

        static func floorDiv(_ a: Int, _ b: Int) -> Int {
            a >= 0 ? a / b : -((-a + b - 1) / b)
        }
    }

    /// Blurs `out` (within the bitmap) of `source` into `destination` (may be
    /// the same); see `GaussianBlur.blur`.
    static func blur(source: UnsafePointer<UInt32>, destination: UnsafeMutablePointer<UInt32>,
                     width: Int, height: Int, out: PixelBox, ax: Axis, ay: Axis,
                     edge: BlurEdge, scratch: BlurScratch) {
        let fx = ax.factor, fy = ay.factor
        // Small pixels the upsampling reads, and around them all that their
        // blur reads, also beyond the bitmap: blocks there average what the
        // exact blur reads there (transparent, or the edge pixels repeated),
        // and the result never depends on where the small image ends.
        let (ox0, ox1) = ax.sampled(out.minX, out.maxX), (oy0, oy1) = ay.sampled(out.minY, out.maxY)
        let sx0 = ox0 - ax.small.reach, sx1 = ox1 + ax.small.reach
        let sy0 = oy0 - ay.small.reach, sy1 = oy1 + ay.small.reach
        let sw = sx1 - sx0, sh = sy1 - sy0
        let small = scratch.reduced(sw * sh)
        downsample(source, width: width, height: height, fx: fx, fy: fy, into: small, x0: sx0, y0: sy0,
                   sw: sw, sh: sh, edge: edge, scratch: scratch)
        GaussianBlur.exactBlur(source: small, destination: small, width: sw, height: sh,
                               region: PixelBox(minX: ox0 - sx0, minY: oy0 - sy0, maxX: ox1 - sx0, maxY: oy1 - sy0),
                               ax: ax.small, ay: ay.small, edge: edge, scratch: scratch)
        upsample(small, sw: sw, x0: sx0, y0: sy0, ax: ax, ay: ay, into: destination, width: width, out: out,
                 scratch: scratch)
    }

    /// Block averages of the small pixels sx0..<sx0+sw × sy0..<sy0+sh; a
    /// block reaching past the bitmap reads transparent or repeated edge
    /// pixels there, as `edge` says.
    private static func downsample(_ source: UnsafePointer<UInt32>, width: Int, height: Int, fx: Int, fy: Int,
                                   into small: UnsafeMutablePointer<UInt32>, x0: Int, y0: Int, sw: Int, sh: Int,
                                   edge: BlurEdge, scratch: BlurScratch) {
        // Two channels per 32-bit lane pair (0x00FF00FF masks): f·f ≤ 256
        // pixels of 255 fit in 16 bits.
        let evens = scratch.stage1(UInt32.self, 2 * sw), odds = evens + sw
        // Division by n as a multiply: ⌊x·m / 2³²⌋ with m = ⌊2³²/n⌋ + 1 is
        // ⌊x/n⌋ exactly for every x < 2¹⁶ (the error, below x/2³², stays under 1/n).
        let n = UInt64(fx * fy), half = n / 2, m = (1 << 32) / n + 1
        for j in 0..<sh {
            evens.update(repeating: 0, count: 2 * sw)
            for k in 0..<fy {
                var y = (y0 + j) * fy + k
                if y < 0 || y >= height {
                    guard edge == .clamp else { continue }
                    y = min(max(y, 0), height - 1)
                }
                let row = source + y * width
                for i in 0..<sw {
                    let start = (x0 + i) * fx
                    var e: UInt32 = 0, o: UInt32 = 0
                    if start >= 0 && start + fx <= width {
                        for x in start..<(start + fx) {
                            let p = row[x]
                            e &+= p & 0x00FF_00FF
                            o &+= (p >> 8) & 0x00FF_00FF
                        }
                    } else {
                        for x in start..<(start + fx) {
                            guard x >= 0 && x < width || edge == .clamp else { continue }
                            let p = row[min(max(x, 0), width - 1)]
                            e &+= p & 0x00FF_00FF
                            o &+= (p >> 8) & 0x00FF_00FF
                        }
                    }
                    evens[i] &+= e
                    odds[i] &+= o
                }
            }
            let dst = small + j * sw
            for i in 0..<sw {
                let e = UInt64(evens[i]), o = UInt64(odds[i])
                @inline(__always) func average(_ sum: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: ((sum + half) &* m) >> 32) }
                dst[i] = average(e & 0xFFFF) | average(o & 0xFFFF) << 8 | average(e >> 16) << 16 | average(o >> 16) << 24
            }
        }
    }

    /// Bilinear reconstruction of `out` from the blurred small image (rows
    /// of `sw` pixels, its corner the small pixel x0, y0): each small row
    /// the output needs is widened to the output's columns once (8 bits a
    /// channel, rounded), then every output row is the blend of two such
    /// rows, channel by channel in 16-bit lanes.
    private static func upsample(_ small: UnsafePointer<UInt32>, sw: Int, x0: Int, y0: Int, ax: Axis, ay: Axis,
                                 into destination: UnsafeMutablePointer<UInt32>, width: Int, out: PixelBox,
                                 scratch: BlurScratch) {
        let columns = out.maxX - out.minX
        let taps = scratch.taps(columns)
        for c in 0..<columns {
            let t = ax.tap(out.minX + c)
            taps[c] = (t.index - x0, t.weight)
        }
        // Two widened rows, for small rows `held.0` and `held.1`.
        let rows = scratch.stage2(UInt32.self, 2 * columns)
        var held = (Int.min, Int.min)
        func widened(_ j: Int) -> UnsafeMutablePointer<UInt32> {
            if held.0 == j { return rows }
            if held.1 == j { return rows + columns }
            // Replace the row not needed next: the lower one.
            let slot = held.0 < held.1 ? 0 : 1
            let row = rows + slot * columns, source = small + (j - y0) * sw
            for c in 0..<columns {
                let (i, w) = taps[c]
                row[c] = w == 0 ? source[i] : lerp(source[i], source[i + 1], w)
            }
            if slot == 0 { held.0 = j } else { held.1 = j }
            return row
        }
        for y in out.minY..<out.maxY {
            let (j, wy) = ay.tap(y)
            let target = destination + y * width + out.minX
            let upper = widened(j)
            if wy == 0 {
                target.update(from: upper, count: columns)
            } else {
                blendRows(upper, widened(j + 1), weight: wy, into: target, count: columns)
            }
        }
    }

    /// a + (b − a)·w/256 per channel, rounded.
    @inline(__always)
    private static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let v = 256 - w
        let lo = ((a & 0x00FF_00FF) &* v &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let hi = (((a >> 8) & 0x00FF_00FF) &* v &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
        return lo | hi
    }

    /// `count` pixels of `a` and `b` blended with weight `w`/256 of `b`,
    /// two pixels at a time: each channel in a 16-bit lane of a 64-bit word.
    private static func blendRows(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, weight w: UInt32,
                                  into target: UnsafeMutablePointer<UInt32>, count: Int) {
        let wb = UInt64(w), wa = 256 - UInt64(w)
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF, half: UInt64 = 0x0080_0080_0080_0080
        let a64 = UnsafeRawPointer(a), b64 = UnsafeRawPointer(b), t64 = UnsafeMutableRawPointer(target)
        var i = 0
        while i + 2 <= count {
            let x = a64.loadUnaligned(fromByteOffset: 4 * i, as: UInt64.self)
            let y = b64.loadUnaligned(fromByteOffset: 4 * i, as: UInt64.self)
            let lo = ((x & mask) &* wa &+ (y & mask) &* wb &+ half) >> 8 & mask
            let hi = (((x >> 8) & mask) &* wa &+ ((y >> 8) & mask) &* wb &+ half) & ~mask
            t64.storeBytes(of: lo | hi, toByteOffset: 4 * i, as: UInt64.self)
            i += 2
        }
        if i < count { target[i] = lerp(a[i], b[i], w) }
    }
}
