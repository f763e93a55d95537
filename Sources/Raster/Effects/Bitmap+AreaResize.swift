import Pixels

extension Bitmap {
    /// The bitmap scaled to `width` × `height` pixels by area averaging (a
    /// box filter over each target pixel's exact footprint): every source
    /// pixel contributes in proportion to how much of it the target pixel
    /// covers, as image editors' "area" or "box" downscaling does.
    ///
    /// Chosen for thumbnails: unlike bilinear sampling it never skips source
    /// pixels, so fine detail (text, particles) averages instead of
    /// flickering, and it needs no mip chain for large factors. Works on the
    /// premultiplied channels, so transparent edges take no colour from the
    /// pixels they hide. Integer arithmetic only (footprints measured in
    /// units of 1/width and 1/height of a source pixel), so the result is
    /// exact to the rounding of the last step and the same on every machine.
    /// Enlarging works too, as nearest-neighbour with averaged seams.
    public func resized(width newWidth: Int, height newHeight: Int) -> Bitmap {
        precondition(newWidth > 0 && newHeight > 0, "bitmap size must be positive")
        if newWidth == width && newHeight == height { return self }
        // Horizontal pass: per source row, each target column's sum of
        // overlap × channel, where a source pixel spans newWidth units and a
        // target pixel `width` units. Sums stay below 255 × width.
        let columns = Self.footprints(source: width, target: newWidth)
        var rows = [UInt32](repeating: 0, count: newWidth * height * 4)
        pixels.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let s = y * width * 4, d = y * newWidth * 4
                    for (x, span) in columns.enumerated() {
                        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
                        for (i, w) in span {
                            let p = s + i * 4
                            r += UInt32(src[p]) * w; g += UInt32(src[p + 1]) * w
                            b += UInt32(src[p + 2]) * w; a += UInt32(src[p + 3]) * w
                        }
                        dst[d + x * 4] = r; dst[d + x * 4 + 1] = g; dst[d + x * 4 + 2] = b; dst[d + x * 4 + 3] = a
                    }
                }
            }
        }
        // Vertical pass over the row sums, then one rounded division by the
        // whole footprint (width × height units).
        let lines = Self.footprints(source: height, target: newHeight)
        let total = UInt64(width) * UInt64(height)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        rows.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var sums = [UInt64](repeating: 0, count: newWidth * 4)
                for (y, span) in lines.enumerated() {
                    for k in sums.indices { sums[k] = 0 }
                    for (j, w) in span {
                        let s = j * newWidth * 4
                        for k in 0..<(newWidth * 4) { sums[k] += UInt64(src[s + k]) * UInt64(w) }
                    }
                    let d = y * newWidth * 4
                    for k in 0..<(newWidth * 4) { dst[d + k] = UInt8(min((sums[k] + total / 2) / total, 255)) }
                }
            }
        }
        return Bitmap(width: newWidth, height: newHeight, pixels: out)
    }

    /// For each of `target` pixels along an axis of `source` pixels: the
    /// source pixels it overlaps and by how much, in units where a source
    /// pixel is `target` long and a target pixel `source` long (so the
    /// weights of one target pixel add up to `source`).
    static func footprints(source: Int, target: Int) -> [[(index: Int, weight: UInt32)]] {
        (0..<target).map { t in
            let start = t * source, end = start + source
            var span: [(index: Int, weight: UInt32)] = []
            var i = start / target
            while i * target < end {
                let overlap = min(end, (i + 1) * target) - max(start, i * target)
                if overlap > 0 { span.append((i, UInt32(overlap))) }
                i += 1
            }
            return span
        }
    }
}
