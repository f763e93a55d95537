import DisplayList
import Pixels

/// Backdrops (frosted material): a layer that starts from a blur of what
/// lies beneath it, which is the frame with every open layer flattened
/// over it.
extension Rasterizer {
    /// Frosted material: the pixels beneath, blurred with clamped edges,
    /// kept inside the backdrop shape, with the tint laid over them.
    func drawBackdrop(_ backdrop: LayerBackdrop, into state: inout LayerState) {
        let shape = backdrop.shape
        let box = PixelBox(covering: shape.transform.boundingBox(of: shape.path.controlBounds)).intersection(frameBox)
        guard !box.isEmpty else { return }
        let frame = frameBox, width = frame.maxX, height = frame.maxY
        let count = box.maxX - box.minX, rows = window.cut(box)
        let tint = backdrop.tint?.premultipliedPixel ?? 0
        // What lies beneath is the frame with every open layer drawn over it
        // (their own clip, opacity and blend apply only later, when they
        // close): flatten them into a scratch bitmap over the area the blur
        // reads — unless none of them has drawn there yet (a group whose
        // first child is the frosted card), when the frame itself is read.
        var beneath: Bitmap
        let reach = backdrop.sigma >= 0.25 ? GaussianBlur.reach(sigma: backdrop.sigma, exact: blurScratch.exact) : 0
        var read = window.cut(PixelBox(minX: box.minX - reach, minY: box.minY - reach,
                                       maxX: box.maxX + reach, maxY: box.maxY + reach).intersection(frame))
        window.read(for: box, above: reach, below: reach, in: frame)
        state.dirty = box
        guard !rows.isEmpty else { return } // a band's rows elsewhere
        rasterizeMask(shape, over: box)
        if layers.dropFirst().allSatisfy({ $0.dirty.intersection(read).isEmpty }) {
            beneath = layers[0].bitmap
            read = .empty
        } else {
            var flat = spareBitmap(width: width, height: height)
            flatten(over: read, into: &flat)
            beneath = flat
        }
        let sigma = backdrop.sigma
        /// The backdrop over `box` into `dst` (frame-sized rows).
        func draw(into dst: UnsafeMutablePointer<UInt32>) {
            beneath.pixels.withUnsafeBytes { srcRaw in
                let src = srcRaw.bindMemory(to: UInt32.self).baseAddress!
                if sigma >= 0.25 {
                    GaussianBlur.blur(source: src, destination: dst, width: width, height: height, region: rows,
                                      sigmaX: sigma, sigmaY: sigma, edge: .clamp, scratch: blurScratch)
                } else {
                    for y in rows.minY..<max(rows.minY, rows.maxY) {
                        (dst + y * width + box.minX).update(from: src + y * width + box.minX, count: count)
                    }
                }
                mask.withUnsafeBufferPointer { m in
                    for y in rows.minY..<max(rows.minY, rows.maxY) {
                        let row = dst + y * width + box.minX, weights = m.baseAddress! + (y - box.minY) * count
                        var i = 0
                        while i < count {
                            // Inside the shape (mask 255) the tint is one colour over a
                            // run: the span loop; at its edge, pixel by pixel.
                            var end = i
                            while end < count && weights[end] == 255 { end += 1 }
                            if end > i {
                                if tint != 0 { PixelMath.overConstant(tint, inverse: 255 - tint >> 24, onto: row + i, count: end - i) }
                                i = end
                                continue
                            }
                            let k = UInt32(weights[i])
                            var p = PixelMath.scale(row[i], k)
                            if tint != 0 && k != 0 { p = PixelMath.over(PixelMath.scale(tint, k), p) }
                            row[i] = p
                            i += 1
                        }
                    }
                }
            }
        }
        if state.box == frame {
            state.withPixels { dst, _ in draw(into: dst) }
        } else {
            // A layer reaching beyond the frame gets the backdrop through a
            // frame-sized bitmap: the blur writes rows as long as those it reads.
            var staging = spareBitmap(width: width, height: height)
            staging.pixels.withUnsafeMutableBytes { raw in
                let src = raw.bindMemory(to: UInt32.self).baseAddress!
                draw(into: src)
                state.withPixels { dst, rowPixels in
                    for y in rows.minY..<rows.maxY {
                        (dst + y * rowPixels + box.minX).update(from: src + y * width + box.minX, count: count)
                    }
                }
            }
            recycle(&staging, used: rows)
        }
        if !read.isEmpty { recycle(&beneath, used: read) }
    }

    /// Copies the frame over `box` into `flat` (frame-sized) and draws each open layer over it.
    private func flatten(over box: PixelBox, into flat: inout Bitmap) {
        let width = flat.width, count = box.maxX - box.minX
        flat.pixels.withUnsafeMutableBytes { dstRaw in
            let dst = dstRaw.bindMemory(to: UInt32.self).baseAddress!
            for index in layers.indices {
                withLayerPixels(index) { src, rowPixels in
                    for y in box.minY..<box.maxY {
                        let s = src + y * rowPixels + box.minX, d = dst + y * width + box.minX
                        if index == 0 {
                            d.update(from: s, count: count)
                        } else {
                            BlendSpan.composite(s, onto: d, count: count, coverage: 255, mode: .normal)
                        }
                    }
                }
            }
        }
    }
}
