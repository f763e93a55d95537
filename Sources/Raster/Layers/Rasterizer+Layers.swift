import DisplayList
import Pixels

/// The layer stack: every group with opacity, a blend mode, a clip, a
/// mask, colour filters, a shadow, a blur or a backdrop draws into a bitmap
/// of its own, taken from a pool of bitmaps, and is composited onto the
/// layer below when it closes. The frame itself is the bottom layer. A
/// layer lies over its parent, or beyond it when its blur or shadow reads
/// there (`LayerExtent`); drawing code addresses every layer in device
/// pixels (`withLayerPixels`).
extension Rasterizer {
    struct LayerState {
        var bitmap: Bitmap
        var layer: Layer
        /// Pixels drawn so far (everything outside is transparent).
        var dirty: PixelBox
        /// The device pixels the bitmap holds: its corner lies at or above
        /// and left of the frame's.
        var box: PixelBox
    }

    /// Opens `layer`, item `index` of the frame, over the current target: a
    /// transparent bitmap, or the blurred backdrop when the layer has one.
    /// It lies over what it can hold (`LayerBounds`) within its parent, in
    /// a pooled bitmap at least that large; a blur, a shadow or a backdrop
    /// gets its extent (`LayerExtent`), in a bitmap just that large, as
    /// they address it by its size.
    func beginLayer(_ layer: Layer, at index: Int) {
        writePendingClear() // the layer will be composited onto the frame (and a backdrop reads it)
        let bitmap: Bitmap, box: PixelBox
        if layer.blur < 0.25, layer.shadow == nil, layer.backdrop == nil {
            box = layerBounds.box(at: index).map { $0.cut(to: targetBox) } ?? targetBox
            bitmap = spareBitmap(holding: box)
        } else {
            box = LayerExtent.box(of: layer, over: targetBox, frame: frameBox, exact: blurScratch.exact)
            bitmap = spareBitmap(width: box.maxX - box.minX, height: box.maxY - box.minY)
        }
        var state = LayerState(bitmap: bitmap, layer: layer, dirty: .empty, box: box)
        if let backdrop = layer.backdrop { drawBackdrop(backdrop, into: &state) }
        layers.append(state)
    }

    /// Applies the innermost layer's clip, shadow and blur, composites it onto
    /// the layer below with its opacity and blend mode (or masks the layer
    /// below with it, for a mask layer), and clears the pixels it used so
    /// the bitmap can be reused.
    func endLayer() {
        guard layers.count > 1 else { return }
        var top = layers.removeLast()
        if top.layer.maskMode == nil { applyEffects(&top) }
        let drawn = top.dirty, shown = drawn.intersection(targetBox), layer = top.layer
        top.withPixels { origin, rowPixels in
            let box = shown.isEmpty ? .empty : shown
            reuse?.closeLayer(pixels: origin, rowPixels: rowPixels, box: box)
            composite(origin + box.minY * rowPixels + box.minX, rowPixels: rowPixels, box: box, layer: layer, clearing: true)
            Self.clear(window.cut(drawn), outside: window.cut(box), in: origin, rowPixels: rowPixels)
        }
        spareLayers.append(top.bitmap)
    }

    /// A closing layer's clip, colour filters, shadow and blur, in that order.
    /// The blur produces what the layer below shows; the shadow, what the blur reads.
    private func applyEffects(_ top: inout LayerState) {
        let shown = targetBox
        if let clip = top.layer.clip, !top.dirty.isEmpty {
            narrowToClip(clip, &top)
            if !top.dirty.isEmpty { applyClip(clip, to: &top) }
        }
        let corner = top.box
        func local(_ b: PixelBox) -> PixelBox { b.moved(-corner.minX, -corner.minY) }
        if !top.layer.colorFilters.isEmpty {
            ColorFilterPass(top.layer.colorFilters).filter(&top.bitmap, region: local(window.cut(top.dirty)))
        }
        let blur = top.layer.blur >= 0.25 ? GaussianBlur.reach(sigma: top.layer.blur, exact: blurScratch.exact) : 0
        if let shadow = top.layer.shadow, !top.dirty.isEmpty {
            let width = top.bitmap.width, height = top.bitmap.height, content = local(top.dirty)
            let rows = window.drawn.lowerBound - corner.minY..<window.drawn.upperBound - corner.minY
            let changed = top.bitmap.pixels.withUnsafeMutableBytes { raw in
                DropShadow.draw(under: raw.bindMemory(to: UInt32.self).baseAddress!, width: width, height: height,
                                content: content, color: shadow.color, offset: shadow.offset,
                                sigmaX: shadow.sigma, sigmaY: shadow.sigma, within: local(shown.grown(blur, blur)),
                                rows: rows, scratch: blurScratch)
            }.moved(corner.minX, corner.minY)
            let read = Self.rowsRead(by: shadow, exactBlur: blurScratch.exact)
            window.read(for: changed, above: read, below: read, in: corner)
            top.dirty = top.dirty.union(changed)
        }
        if blur > 0, !top.dirty.isEmpty {
            let grown = top.dirty.grown(blur, blur).intersection(shown)
            guard !grown.isEmpty else { return }
            GaussianBlur.blur(&top.bitmap, region: local(window.cut(grown)), sigma: top.layer.blur, edge: .transparent,
                              scratch: blurScratch)
            window.read(for: grown, above: blur, below: blur, in: corner)
            countPass(over: grown, times: 2)
            top.dirty = top.dirty.union(grown)
        }
    }

    /// Composites a finished layer's pixels over `box` (`source` at the
    /// box's corner, rows of `rowPixels`) onto the current target with the
    /// layer's opacity and blend mode — or, for a mask layer, masks the
    /// target with them (`applyMask`); `clearing` leaves the source
    /// transparent (a pooled bitmap), row by row while it is in cache.
    func composite(_ source: UnsafeMutablePointer<UInt32>, rowPixels: Int, box: PixelBox, layer: Layer, clearing: Bool) {
        if let mode = layer.maskMode {
            return applyMask(source, rowPixels: rowPixels, box: box, mode: mode, clearing: clearing)
        }
        guard !box.isEmpty else { return }
        let opacity = UInt32((min(max(layer.opacity, 0), 1) * 255).rounded())
        let count = box.maxX - box.minX, rows = window.cut(box)
        countPass(over: rows, times: 2)
        withLayerPixels(layers.count - 1) { dst, width in
            for y in rows.minY..<max(rows.minY, rows.maxY) {
                let s = source + (y - box.minY) * rowPixels
                BlendSpan.composite(s, onto: dst + y * width + box.minX, count: count, opacity: opacity, mode: layer.blend)
                if clearing { s.update(repeating: 0, count: count) }
            }
        }
        layers[layers.count - 1].dirty = layers[layers.count - 1].dirty.union(box)
    }

    /// Shrinks a clipped layer's drawn box to the clip's bounds, clearing
    /// what lies outside, when nothing after the clip reads it: the clip
    /// would make those pixels transparent, and a transparent pixel composited
    /// normally leaves the target as it is. A full-width level line clipped
    /// to a thermometer is then masked and composited over the thermometer,
    /// not over half the screen. (A shadow or blur spreads the clipped pixels
    /// and other blend modes change the target under transparent ones, so
    /// those layers keep their box.)
    private func narrowToClip(_ clip: ClipPath, _ state: inout LayerState) {
        guard state.layer.blend == .normal, state.layer.shadow == nil, state.layer.blur < 0.25 else { return }
        let bounds = clip.path.controlBounds
        let inside = bounds.isEmpty ? .empty
            : PixelBox(covering: clip.transform.boundingBox(of: bounds)).intersection(state.dirty)
        let box = state.dirty
        guard inside != box else { return }
        state.withPixels { Self.clear(window.cut(box), outside: window.cut(inside), in: $0, rowPixels: $1) }
        state.dirty = inside.isEmpty ? .empty : inside
    }

    /// Makes transparent the pixels of `box` that lie outside `inside` (a
    /// box within it, or empty), in rows of `rowPixels`.
    static func clear(_ box: PixelBox, outside inside: PixelBox, in pixels: UnsafeMutablePointer<UInt32>, rowPixels: Int) {
        guard !box.isEmpty else { return }
        for y in box.minY..<box.maxY {
            let row = pixels + y * rowPixels
            guard !inside.isEmpty, y >= inside.minY, y < inside.maxY else {
                (row + box.minX).update(repeating: 0, count: box.maxX - box.minX)
                continue
            }
            (row + box.minX).update(repeating: 0, count: inside.minX - box.minX)
            (row + inside.maxX).update(repeating: 0, count: box.maxX - inside.maxX)
        }
    }

    /// Keeps only what lies inside the clip path (anti-aliased).
    private func applyClip(_ clip: ClipPath, to state: inout LayerState) {
        let box = state.dirty, rows = window.cut(box)
        guard !rows.isEmpty else { return }
        rasterizeMask(clip, over: box)
        let count = box.maxX - box.minX
        mask.withUnsafeBufferPointer { m in
            state.withPixels { pixels, width in
                for y in rows.minY..<max(rows.minY, rows.maxY) {
                    let row = pixels + y * width + box.minX, weights = m.baseAddress! + (y - box.minY) * count
                    for i in 0..<count where row[i] != 0 {
                        let k = UInt32(weights[i])
                        row[i] = k == 255 ? row[i] : PixelMath.scale(row[i], k)
                    }
                }
            }
        }
    }

    /// Fills the mask with `clip`'s coverage over `box` (a box-sized byte grid,
    /// zero outside the shape).
    func rasterizeMask(_ clip: ClipPath, over box: PixelBox) {
        let w = box.maxX - box.minX, h = box.maxY - box.minY
        if mask.count < w * h { mask = [UInt8](repeating: 0, count: w * h) }
        mask.withUnsafeMutableBufferPointer { m in
            m.baseAddress!.update(repeating: 0, count: w * h)
            guard let shapeBox = accumulate(clip.path, transform: clip.transform, clippedTo: box) else { return }
            var painter = MaskPainter(origin: m.baseAddress! + (shapeBox.minY - box.minY) * w + (shapeBox.minX - box.minX),
                                      rowBytes: w)
            CoverageSweep.sweep(cells, rule: clip.rule, into: &painter)
        }
    }

    /// A transparent bitmap of `width` × `height` from the pool, else a new
    /// one (in place of the pool's last, so the pool holds no more bitmaps
    /// than layers were open at once).
    func spareBitmap(width: Int, height: Int) -> Bitmap {
        if let i = spareLayers.lastIndex(where: { $0.width == width && $0.height == height }) {
            return spareLayers.remove(at: i)
        }
        _ = spareLayers.popLast()
        return Bitmap(width: width, height: height)
    }

    /// A transparent bitmap at least as large as `box`: the smallest in the
    /// pool that is, else a new one a quarter larger than the box (up to the
    /// frame's size), in place of the pool's smallest, so a layer growing
    /// from frame to frame takes a new bitmap a few times, not every frame.
    func spareBitmap(holding box: PixelBox) -> Bitmap {
        let width = max(1, box.maxX - box.minX), height = max(1, box.maxY - box.minY)
        func smaller(_ i: Int, _ j: Int) -> Bool {
            spareLayers[i].width * spareLayers[i].height < spareLayers[j].width * spareLayers[j].height
        }
        let holding = spareLayers.indices.lazy.filter { self.spareLayers[$0].width >= width && self.spareLayers[$0].height >= height }
        if let best = holding.min(by: smaller) { return spareLayers.remove(at: best) }
        if let smallest = spareLayers.indices.min(by: smaller) { spareLayers.remove(at: smallest) }
        let frame = frameBox
        func roomy(_ n: Int, _ limit: Int) -> Int { max(n, min(limit, (n + n / 4 + 31) / 32 * 32)) }
        return Bitmap(width: roomy(width, frame.maxX), height: roomy(height, frame.maxY))
    }

    /// The box of the layer drawn into: the frame, or beyond it in a layer with a blur or shadow.
    var targetBox: PixelBox { layers[layers.count - 1].box }

    /// Lends layer `index`'s pixels addressed in device pixels: `origin`
    /// is device pixel (0, 0) (within the bitmap: a layer's corner lies at
    /// or before the frame's), rows of `rowPixels`.
    func withLayerPixels<R>(_ index: Int,
                            _ body: (_ origin: UnsafeMutablePointer<UInt32>, _ rowPixels: Int) -> R) -> R {
        layers[index].withPixels(body)
    }

    /// Returns a scratch bitmap to the pool, transparent again: only `used`
    /// was written, so only it is cleared.
    func recycle(_ b: inout Bitmap, used box: PixelBox) {
        let width = b.width, count = box.maxX - box.minX
        b.pixels.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self).baseAddress!
            for y in box.minY..<box.maxY { (pixels + y * width + box.minX).update(repeating: 0, count: count) }
        }
        spareLayers.append(b)
    }
}

extension Rasterizer.LayerState {
    /// The bitmap's pixels addressed in device pixels (see `Rasterizer.withLayerPixels`).
    mutating func withPixels<R>(_ body: (_ origin: UnsafeMutablePointer<UInt32>, _ rowPixels: Int) -> R) -> R {
        let width = bitmap.width, corner = box
        return bitmap.pixels.withUnsafeMutableBytes { raw in
            body(raw.bindMemory(to: UInt32.self).baseAddress! - corner.minY * width - corner.minX, width)
        }
    }
}
