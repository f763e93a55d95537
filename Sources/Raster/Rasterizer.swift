import DisplayList
import Geometry

/// Draws display lists into bitmaps.
///
/// One rasterizer per worker thread: it owns scratch memory (coverage cells,
/// spans, masks, blur buffers, layer bitmaps) reused from frame to frame, so
/// drawing allocates nothing in steady state. Drawing never fails: invalid
/// geometry (NaN, empty paths, singular transforms) or a missing image simply
/// covers nothing.
public final class Rasterizer {
    /// Decoded images by name, premultiplied, for image paints and sprites;
    /// a name not found here may be a built-in image (`BuiltInSprites`).
    let images: [String: Bitmap]
    let cells = CellBuffer()
    private let spans = SpanScratch()
    private let blurScratch: BlurScratch
    /// Gradient colour tables kept from draw to draw.
    private let gradients = GradientCache()
    /// The frame's clear colour while the clear is deferred (see `ClearingPainter`):
    /// set by `render`, written out by the first fill or anything else that
    /// touches the frame's pixels.
    private var pendingClear: UInt32?
    /// Rows at the top of the frame already cleared while the rest of the
    /// clear is still deferred: text clears only down to the glyphs it draws,
    /// so each line lands on rows still in cache from their clear.
    private var clearedRows = 0
    /// Written by `touchRows` (see there); never read.
    private var touched: UInt8 = 0
    /// Sprite textures (mip chains, rendered pictures), built on first use.
    let spriteCache = SpriteCache()
    /// Glyph masks, shared with the render's other rasterizers.
    let glyphMasks: GlyphMaskCache
    var glyphScratch = GlyphScratch()
    /// Coverage of a clip or backdrop shape over a box, one byte per pixel.
    private var mask: [UInt8] = []
    /// Open layers, innermost last; the first is the frame itself.
    private var layers: [LayerState] = []
    /// Finished layer bitmaps, transparent, kept for reuse.
    private var spareLayers: [Bitmap] = []

    private struct LayerState {
        var bitmap: Bitmap
        var layer: Layer
        /// Pixels drawn so far (everything outside is transparent).
        var dirty: PixelBox
    }

    /// `glyphMasks` should be shared by all rasterizers of one render, so
    /// each glyph mask is built once.
    /// `exactBlur` runs every blur at full resolution (see `BlurResolution`).
    public init(images: [String: Bitmap] = [:], glyphMasks: GlyphMaskCache = GlyphMaskCache(),
                exactBlur: Bool = BlurResolution.exactFromEnvironment) {
        self.images = images
        blurScratch = BlurScratch(exact: exactBlur)
        self.glyphMasks = glyphMasks
    }

    /// Renders `list` into `spare` when it has the list's size (a frame
    /// buffer handed back for reuse), else into a new bitmap.
    public func render(_ list: DisplayList, reusing spare: Bitmap? = nil) -> Bitmap {
        var bitmap = spare.flatMap { $0.width == list.width && $0.height == list.height ? $0 : nil }
            ?? Bitmap(width: list.width, height: list.height)
        render(list, into: &bitmap)
        return bitmap
    }

    /// Renders `list` into `bitmap`, which must have the list's size; its old
    /// contents are replaced.
    public func render(_ list: DisplayList, into bitmap: inout Bitmap) {
        precondition(bitmap.width == list.width && bitmap.height == list.height, "bitmap size must match the display list")
        let c = list.background.premultipliedRGBA8
        pendingClear = PixelMath.pack(c.r, c.g, c.b, c.a)
        clearedRows = 0
        layers.removeAll(keepingCapacity: true)
        layers.append(LayerState(bitmap: bitmap, layer: Layer(), dirty: .empty))
        bitmap = Bitmap(width: 1, height: 1) // drop our reference so the frame is drawn in place
        for item in list.items {
            switch item {
            case let .fill(path, transform, paint, rule):
                fill(path, transform: transform, paint: paint, rule: rule)
            case .beginLayer(let layer):
                beginLayer(layer, width: list.width, height: list.height)
            case .endLayer:
                endLayer()
            case .sprites(let batch):
                drawSprites(batch)
            case .glyphs(let run):
                drawGlyphs(run)
            }
        }
        while layers.count > 1 { endLayer() }
        writePendingClear()
        bitmap = layers.removeLast().bitmap
    }

    /// Clears the frame's rows above `row` (all of them by default) if
    /// their clear is still deferred.
    func writePendingClear(upTo row: Int = .max) {
        guard let color = pendingClear, !layers.isEmpty else { return }
        let width = layers[0].bitmap.width, end = min(row, layers[0].bitmap.height)
        if end > clearedRows {
            layers[0].bitmap.pixels.withUnsafeMutableBytes { raw in
                let p = raw.bindMemory(to: UInt32.self).baseAddress!
                PixelFill.fill(p + clearedRows * width, with: color, count: (end - clearedRows) * width)
            }
            clearedRows = end
        }
        if clearedRows == layers[0].bitmap.height { pendingClear = nil }
    }

    /// Lends the current target layer's pixels (rows of `width` packed
    /// premultiplied pixels, `width` × `height`) to drawing code in other
    /// files; `body` returns the box it changed, which joins the layer's
    /// drawn area. When `body` writes only rows above `rows`, the frame's
    /// deferred clear is written only that far.
    func withTargetPixels(above rows: Int = .max,
                          _ body: (_ pixels: UnsafeMutablePointer<UInt32>, _ width: Int, _ height: Int) -> PixelBox) {
        let target = layers.count - 1
        if target == 0 { writePendingClear(upTo: rows) }
        let width = layers[target].bitmap.width, height = layers[target].bitmap.height
        let changed = layers[target].bitmap.pixels.withUnsafeMutableBytes { raw in
            body(raw.bindMemory(to: UInt32.self).baseAddress!, width, height)
        }
        layers[target].dirty = layers[target].dirty.union(changed.intersection(frameBox))
    }

    var frameBox: PixelBox {
        PixelBox(minX: 0, minY: 0, maxX: layers[0].bitmap.width, maxY: layers[0].bitmap.height)
    }

    // MARK: Fills

    private func fill(_ path: Path, transform: Transform, paint: DisplayPaint, rule: FillRule) {
        let target = layers.count - 1
        guard let box = accumulate(path, transform: transform, clippedTo: frameBox, touching: { box in
            if box.maxY - box.minY <= 64 && box.maxX - box.minX <= 64 && (target > 0 || pendingClear == nil) {
                touchRows(of: box, in: target)
            }
        }) else { return }
        self.paint(SweptCells(cells: cells, rule: rule), over: box, with: paint, transform: transform)
    }

    /// Paints `source`'s coverage of `box` (clipped to the frame) onto the
    /// current target with `paint`, whose geometry `transform` maps to pixels.
    /// The first fill over a deferred clear writes the clear with it, so a
    /// source must deliver rows in order while a clear is pending.
    func paint<S: CoverageSource>(_ source: S, over box: PixelBox, with paint: DisplayPaint, transform: Transform) {
        let target = layers.count - 1
        // Painting the clear with the fill needs every row still uncleared.
        if target == 0 && clearedRows > 0 { writePendingClear() }
        let width = layers[target].bitmap.width, height = layers[target].bitmap.height
        layers[target].dirty = layers[target].dirty.union(box)
        let spanPixels = spans.pixels(count: box.maxX - box.minX)
        let clearColor = target == 0 ? pendingClear : nil
        var cleared = false
        layers[target].bitmap.pixels.withUnsafeMutableBytes { raw in
            let frame = raw.bindMemory(to: UInt32.self).baseAddress!
            let origin = frame + box.minY * width + box.minX
            func sweep<P: CoveragePainter>(_ painter: P) {
                if let clearColor {
                    var clearing = ClearingPainter(painter, frame: frame, width: width, height: height,
                                                   color: clearColor, originY: box.minY)
                    source.emit(into: &clearing)
                    clearing.finish()
                    cleared = true
                } else {
                    var painter = painter
                    source.emit(into: &painter)
                }
            }
            func shade<Shader: SpanShader>(_ shader: Shader) {
                sweep(ShaderPainter(shader: shader, origin: origin, rowPixels: width, originX: box.minX,
                                    originY: box.minY, span: spanPixels, mode: .normal))
            }
            switch paint {
            case .solid(let color):
                let c = color.premultipliedRGBA8
                sweep(SolidPainter(origin: origin, rowPixels: width, color: PixelMath.pack(c.r, c.g, c.b, c.a),
                                   backdrop: clearColor))
            case let .linearGradient(gradient, start, end):
                guard let inverse = transform.inverted else { return source.discard() }
                shade(LinearGradientShader(table: gradients.table(for: gradient), start: start, end: end,
                                           inverse: inverse))
            case let .radialGradient(gradient, center, startRadius, endRadius):
                guard let inverse = transform.inverted else { return source.discard() }
                shade(RadialGradientShader(table: gradients.table(for: gradient), center: center,
                                           startRadius: startRadius, endRadius: endRadius, inverse: inverse))
            case let .image(name, imageTransform, tile, opacity):
                guard let image = BuiltInSprites.image(named: name, in: images),
                      let inverse = transform.concatenating(imageTransform).inverted else {
                    return source.discard()
                }
                let shader = ImageShader(image: image, inverse: inverse, tile: tile, opacity: opacity)
                // Whole-pixel placements copy texel rows into the span: faster than any sampling.
                guard !shader.copiesTexels, let texture = spriteCache.texture(.image(name), images: images) else {
                    return shade(shader)
                }
                let level = tile ? texture.wrapped : texture.base
                level.texels.withUnsafeBufferPointer { texels in
                    if let painter = ImagePainter(shader, level: level, texels: texels.baseAddress!, origin: origin,
                                                  rowPixels: width, rows: height, originX: box.minX, originY: box.minY) {
                        sweep(painter)
                    } else {
                        shade(shader)
                    }
                }
            }
        }
        if cleared { pendingClear = nil }
    }

    /// Accumulates `path`'s coverage into the cell buffer over the pixels it
    /// may touch within `limit`; nil (and nothing accumulated) when it touches none.
    func accumulate(_ path: Path, transform: Transform, clippedTo limit: PixelBox,
                    touching touch: (PixelBox) -> Void = { _ in }) -> PixelBox? {
        let bounds = path.controlBounds
        guard !bounds.isEmpty else { return nil }
        let box = PixelBox(covering: transform.boundingBox(of: bounds)).intersection(limit)
        guard !box.isEmpty else { return nil }
        touch(box)
        accumulate(over: box) { Flattener.flatten(path, transform: transform, into: &$0) }
        return box
    }

    /// Prepares the cell buffer for `box` (pixels) and lets `body` add
    /// outlines to it; coverage outside the box is dropped.
    func accumulate(over box: PixelBox, _ body: (inout CoverageAccumulator) -> Void) {
        cells.prepare(width: box.maxX - box.minX, height: box.maxY - box.minY)
        var accumulator = CoverageAccumulator(cells: cells.cells, bits: cells.bits, stride: cells.stride,
                                              wordsPerRow: cells.wordsPerRow,
                                              width: Double(cells.width), height: Double(cells.height),
                                              originX: Double(box.minX), originY: Double(box.minY))
        body(&accumulator)
    }

    /// Reads one pixel of every row of a small box of the target, so the
    /// cache and TLB misses of its rows (each row lies on another page of a
    /// frame) overlap with the coverage accumulation that follows instead of
    /// stalling the compositing one after another. The sum is kept only so
    /// the loads are not optimised away.
    private func touchRows(of box: PixelBox, in target: Int) {
        let width = layers[target].bitmap.width
        var sum: UInt8 = 0
        layers[target].bitmap.pixels.withUnsafeBufferPointer { p in
            var i = box.minY * width * 4 + box.minX * 4
            for _ in box.minY..<box.maxY {
                sum |= p[i]
                i += width * 4
            }
        }
        touched = sum
    }

    /// Fills the mask with `clip`'s coverage over `box` (a box-sized byte grid,
    /// zero outside the shape).
    private func rasterizeMask(_ clip: ClipPath, over box: PixelBox) {
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

    // MARK: Layers

    private func beginLayer(_ layer: Layer, width: Int, height: Int) {
        writePendingClear() // the layer will be composited onto the frame (and a backdrop reads it)
        var bitmap = spareLayers.popLast() ?? Bitmap(width: width, height: height)
        if bitmap.width != width || bitmap.height != height { bitmap = Bitmap(width: width, height: height) }
        var state = LayerState(bitmap: bitmap, layer: layer, dirty: .empty)
        if let backdrop = layer.backdrop { drawBackdrop(backdrop, into: &state) }
        layers.append(state)
    }

    /// Frosted material: the pixels beneath, blurred with clamped edges,
    /// kept inside the backdrop shape, with the tint laid over them.
    private func drawBackdrop(_ backdrop: LayerBackdrop, into state: inout LayerState) {
        let shape = backdrop.shape
        let box = PixelBox(covering: shape.transform.boundingBox(of: shape.path.controlBounds)).intersection(frameBox)
        guard !box.isEmpty else { return }
        let width = state.bitmap.width, height = state.bitmap.height
        let count = box.maxX - box.minX
        rasterizeMask(shape, over: box)
        let tint = backdrop.tint.map { c -> UInt32 in
            let p = c.premultipliedRGBA8
            return PixelMath.pack(p.r, p.g, p.b, p.a)
        } ?? 0
        // What lies beneath is the frame with every open layer drawn over it
        // (their own clip, opacity and blend apply only later, when they
        // close): flatten them into a scratch bitmap over the area the blur
        // reads — unless none of them has drawn there yet (a group whose
        // first child is the frosted card), when the frame itself is read.
        var beneath: Bitmap
        let reach = backdrop.sigma >= 0.25 ? GaussianBlur.reach(sigma: backdrop.sigma, exact: blurScratch.exact) : 0
        var read = PixelBox(minX: box.minX - reach, minY: box.minY - reach,
                            maxX: box.maxX + reach, maxY: box.maxY + reach).intersection(frameBox)
        if layers.dropFirst().allSatisfy({ $0.dirty.intersection(read).isEmpty }) {
            beneath = layers[0].bitmap
            read = .empty
        } else {
            var flat = spareLayers.popLast() ?? Bitmap(width: width, height: height)
            if flat.width != width || flat.height != height { flat = Bitmap(width: width, height: height) }
            flatten(over: read, into: &flat)
            beneath = flat
        }
        beneath.pixels.withUnsafeBytes { srcRaw in
            state.bitmap.pixels.withUnsafeMutableBytes { dstRaw in
                let src = srcRaw.bindMemory(to: UInt32.self).baseAddress!
                let dst = dstRaw.bindMemory(to: UInt32.self).baseAddress!
                if backdrop.sigma >= 0.25 {
                    GaussianBlur.blur(source: src, destination: dst, width: width, height: height, region: box,
                                      sigmaX: backdrop.sigma, sigmaY: backdrop.sigma, edge: .clamp, scratch: blurScratch)
                } else {
                    for y in box.minY..<box.maxY {
                        (dst + y * width + box.minX).update(from: src + y * width + box.minX, count: count)
                    }
                }
                mask.withUnsafeBufferPointer { m in
                    for y in box.minY..<box.maxY {
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
        state.dirty = box
        if !read.isEmpty { recycle(&beneath, used: read) }
    }

    /// Copies the frame over `box` into `flat` and draws each open layer over it.
    private func flatten(over box: PixelBox, into flat: inout Bitmap) {
        let width = flat.width, count = box.maxX - box.minX
        flat.pixels.withUnsafeMutableBytes { dstRaw in
            let dst = dstRaw.bindMemory(to: UInt32.self).baseAddress!
            for (index, layer) in layers.enumerated() {
                layer.bitmap.pixels.withUnsafeBytes { srcRaw in
                    let src = srcRaw.bindMemory(to: UInt32.self).baseAddress!
                    for y in box.minY..<box.maxY {
                        let s = src + y * width + box.minX, d = dst + y * width + box.minX
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

    /// Returns a scratch bitmap to the pool, transparent again: only `used`
    /// was written, so only it is cleared.
    private func recycle(_ b: inout Bitmap, used box: PixelBox) {
        let width = b.width, count = box.maxX - box.minX
        b.pixels.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self).baseAddress!
            for y in box.minY..<box.maxY { (pixels + y * width + box.minX).update(repeating: 0, count: count) }
        }
        spareLayers.append(b)
    }

    /// Applies the innermost layer's clip, shadow and blur, composites it onto
    /// the layer below with its opacity and blend mode, and clears the pixels
    /// it used so the bitmap can be reused.
    private func endLayer() {
        guard layers.count > 1 else { return }
        var top = layers.removeLast()
        let frame = frameBox
        if let clip = top.layer.clip, !top.dirty.isEmpty { applyClip(clip, to: &top) }
        if let shadow = top.layer.shadow, !top.dirty.isEmpty {
            let changed = DropShadow.draw(under: &top.bitmap, content: top.dirty, color: shadow.color,
                                          offset: shadow.offset, sigma: shadow.sigma, scratch: blurScratch)
            top.dirty = top.dirty.union(changed)
        }
        if top.layer.blur >= 0.25, !top.dirty.isEmpty {
            let reach = GaussianBlur.reach(sigma: top.layer.blur, exact: blurScratch.exact)
            let grown = PixelBox(minX: top.dirty.minX - reach, minY: top.dirty.minY - reach,
                                 maxX: top.dirty.maxX + reach, maxY: top.dirty.maxY + reach).intersection(frame)
            GaussianBlur.blur(&top.bitmap, region: grown, sigma: top.layer.blur, edge: .transparent, scratch: blurScratch)
            top.dirty = grown
        }
        let box = top.dirty
        if !box.isEmpty {
            let opacity = UInt32((min(max(top.layer.opacity, 0), 1) * 255).rounded())
            let width = top.bitmap.width, count = box.maxX - box.minX, mode = top.layer.blend
            top.bitmap.pixels.withUnsafeMutableBytes { srcRaw in
                layers[layers.count - 1].bitmap.pixels.withUnsafeMutableBytes { dstRaw in
                    let src = srcRaw.bindMemory(to: UInt32.self).baseAddress!
                    let dst = dstRaw.bindMemory(to: UInt32.self).baseAddress!
                    for y in box.minY..<box.maxY {
                        let s = src + y * width + box.minX
                        BlendSpan.composite(s, onto: dst + y * width + box.minX, count: count, opacity: opacity, mode: mode)
                        s.update(repeating: 0, count: count)
                    }
                }
            }
            layers[layers.count - 1].dirty = layers[layers.count - 1].dirty.union(box)
        }
        spareLayers.append(top.bitmap)
    }

    /// Keeps only what lies inside the clip path (anti-aliased).
    private func applyClip(_ clip: ClipPath, to state: inout LayerState) {
        let box = state.dirty
        rasterizeMask(clip, over: box)
        let width = state.bitmap.width, count = box.maxX - box.minX
        mask.withUnsafeBufferPointer { m in
            state.bitmap.pixels.withUnsafeMutableBytes { raw in
                let pixels = raw.bindMemory(to: UInt32.self).baseAddress!
                for y in box.minY..<box.maxY {
                    let row = pixels + y * width + box.minX, weights = m.baseAddress! + (y - box.minY) * count
                    for i in 0..<count where row[i] != 0 {
                        let k = UInt32(weights[i])
                        row[i] = k == 255 ? row[i] : PixelMath.scale(row[i], k)
                    }
                }
            }
        }
    }
}

