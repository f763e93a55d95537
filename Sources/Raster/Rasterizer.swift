import CSpanBlend
import DisplayList
import Geometry
import Pixels

/// Draws display lists into bitmaps.
///
/// One rasterizer per worker thread: it owns scratch memory (coverage cells,
/// spans, masks, blur buffers, layer bitmaps) reused from frame to frame, so
/// drawing allocates nothing in steady state. Drawing never fails: invalid
/// geometry (NaN, empty paths, singular transforms) or a missing image simply
/// covers nothing.
///
/// This file dispatches the display list's items and accumulates coverage;
/// the layer stack (its bitmap pool and clips) is in `Rasterizer+Layers`,
/// backdrops in `Rasterizer+Backdrop`, paint selection in `Rasterizer+Paint`,
/// sprites and glyphs in their folders.
public final class Rasterizer {
    /// Decoded images by name, premultiplied, for image paints and sprites;
    /// a name not found here may be a built-in image (`BuiltInSprites`).
    let images: [String: Bitmap]
    /// The pixels of video frames (nil: a scene without video layers).
    let videoFrames: VideoFrameSource?
    let cells = CellBuffer()
    /// Fills swept ahead of painting them band by band (`Rasterizer+Bins`).
    let recording = CoverageRecording()
    /// Whether overlapping fills are painted band by band; off, every fill
    /// is painted in turn (the same bytes: tests compare the two).
    var binning = true
    let spans = SpanScratch()
    let blurScratch: BlurScratch
    /// Gradient colour tables kept from draw to draw.
    let gradients = GradientCache()
    /// The frame's clear colour while the clear is deferred (see `ClearingPainter`):
    /// set by `render`, written out by the first fill or anything else that
    /// touches the frame's pixels.
    var pendingClear: UInt32?
    /// Rows at the top of the frame already cleared while the rest of the
    /// clear is still deferred: text clears only down to the glyphs it draws,
    /// so each line lands on rows still in cache from their clear.
    var clearedRows = 0
    /// Sprite textures (mip chains, rendered pictures), built on first use.
    let spriteCache = SpriteCache()
    /// Glyph masks, shared with the render's other rasterizers.
    let glyphMasks: GlyphMaskCache
    var glyphScratch = GlyphScratch()
    /// Coverage of a clip or backdrop shape over a box, one byte per pixel.
    var mask: [UInt8] = []
    /// Open layers, innermost last; the first is the frame itself.
    var layers: [LayerState] = []
    /// Finished layer bitmaps, transparent, kept for reuse.
    var spareLayers: [Bitmap] = []
    /// The frame's layers' boxes, found as it begins.
    var layerBounds = LayerBounds()
    /// What is kept from frame to frame to take over unchanged items (nil: off).
    let reuse: FrameReuse?
    /// The rows this rasterizer writes: all of them, or a band (`BandRenderer`).
    var window = RowWindow(height: 0)
    /// Bytes of frame and layer memory the last draw's passes went over: the
    /// clear, each fill's, glyph run's and sprite batch's box, each layer's
    /// composite (read and written) and blur. An estimate of memory traffic
    /// (a box counts in full even where a shape covers part of it).
    public internal(set) var passBytes = 0

    /// `glyphMasks` should be shared by all rasterizers of one render, so
    /// each glyph mask is built once.
    /// `exactBlur` runs every blur at full resolution (see `BlurResolution`).
    /// `reuse` takes over, from the frames this rasterizer drew before, the
    /// pixels of unchanged items (`FrameReuse`).
    public init(images: [String: Bitmap] = [:], videoFrames: VideoFrameSource? = nil,
                glyphMasks: GlyphMaskCache = GlyphMaskCache(),
                exactBlur: Bool = BlurResolution.exactFromEnvironment, reuse: Bool = FrameReuse.enabledByEnvironment) {
        self.images = images
        self.videoFrames = videoFrames
        self.reuse = reuse ? FrameReuse() : nil
        blurScratch = BlurScratch(exact: exactBlur)
        self.glyphMasks = glyphMasks
    }

    /// Renders `list` into `spare` when it has the list's size (a frame
    /// buffer handed back for reuse), else into a new bitmap. The spare is
    /// consumed: a reference left with the caller made the first write copy
    /// the whole frame (a fresh 12 MB, its pages faulted in, every frame).
    public func render(_ list: DisplayList, reusing spare: consuming Bitmap? = nil) -> Bitmap {
        render(list, encoded: nil, reusing: consume spare)
    }

    /// Renders a frame whose canonical bytes are made already (for the
    /// frame cache's key): frame reuse compares those instead of encoding
    /// the list again.
    public func render(_ frame: EncodedDisplayList, reusing spare: consuming Bitmap? = nil) -> Bitmap {
        render(frame.list, encoded: frame, reusing: consume spare)
    }

    private func render(_ list: DisplayList, encoded: EncodedDisplayList?, reusing spare: consuming Bitmap?) -> Bitmap {
        var bitmap: Bitmap
        if let spare = consume spare, spare.width == list.width, spare.height == list.height {
            bitmap = spare
        } else {
            bitmap = Bitmap(width: list.width, height: list.height)
        }
        render(list, encoded: encoded, into: &bitmap)
        return bitmap
    }

    /// Renders `list` into `bitmap`, which must have the list's size; its old
    /// contents are replaced.
    public func render(_ list: DisplayList, into bitmap: inout Bitmap) {
        render(list, encoded: nil, into: &bitmap)
    }

    /// `encoded`: the list's canonical bytes, when made already. With
    /// reuse, a `bitmap` holding a frame drawn here before is drawn over in
    /// the rows that changed only, and the frame drawn is tagged for that.
    func render(_ list: DisplayList, encoded: EncodedDisplayList?, into bitmap: inout Bitmap) {
        let tag = bitmap.contentTag // `begin` clears it: the frame is drawn over
        let visible = OpaqueCover.visible(list), clear = visible.background.premultipliedPixel
        layerBounds.measure(list)
        guard let reuse else {
            begin(list, into: &bitmap, window: RowWindow(height: list.height), visible: visible)
            drawItems(list, from: visible.first)
            bitmap = finish()
            return
        }
        let rows = reuse.prepare(encoded ?? reuse.encode(list), first: visible.first, clear: clear, into: tag,
                                 layers: layerBounds)
        let window = rows.map { RowWindow(band: $0, halo: 0, frameHeight: list.height) } ?? RowWindow(height: list.height)
        begin(list, into: &bitmap, window: window, visible: visible)
        drawItems(reuse)
        bitmap = finish()
        bitmap.contentTag = reuse.finish()
    }

    /// Takes `bitmap` as the frame, the only open layer, its clear deferred,
    /// and `window` as the rows to draw; returns what the list shows (the
    /// items from `first` on, over the `background`).
    @discardableResult
    func begin(_ list: DisplayList, into bitmap: inout Bitmap, window: RowWindow) -> (first: Int, background: Color) {
        let visible = OpaqueCover.visible(list)
        layerBounds.measure(list)
        begin(list, into: &bitmap, window: window, visible: visible)
        return visible
    }

    /// `begin` with what the list shows and its layers' boxes found already.
    private func begin(_ list: DisplayList, into bitmap: inout Bitmap, window: RowWindow,
                       visible: (first: Int, background: Color)) {
        precondition(bitmap.width == list.width && bitmap.height == list.height, "bitmap size must match the display list")
        bitmap.contentTag = 0
        self.window = window
        pendingClear = visible.background.premultipliedPixel
        clearedRows = window.frameRows.lowerBound
        passBytes = window.frameRows.count * list.width * 4
        layers.removeAll(keepingCapacity: true)
        layers.append(LayerState(bitmap: bitmap, layer: Layer(), dirty: .empty,
                                  box: PixelBox(minX: 0, minY: 0, maxX: list.width, maxY: list.height)))
        bitmap = Bitmap(width: 1, height: 1) // drop our reference so the frame is drawn in place
    }

    /// Closes the open layers, writes what is left of the clear and gives
    /// the frame back.
    func finish() -> Bitmap {
        while layers.count > 1 { endLayer() }
        writePendingClear()
        return layers.removeLast().bitmap
    }

    /// Draws `item`, item `index` of the frame's list.
    func draw(_ item: DisplayItem, at index: Int) {
        switch item {
        case let .fill(path, transform, paint, rule):
            fill(path, transform: transform, paint: paint, rule: rule)
        case .beginLayer(let layer):
            beginLayer(layer, at: index)
        case .endLayer:
            endLayer()
        case .sprites(let batch):
            drawSprites(batch)
        case .glyphs(let run):
            drawGlyphs(run)
        }
    }

    /// Clears the frame's rows above `row` (all of them by default) if
    /// their clear is still deferred.
    func writePendingClear(upTo row: Int = .max) {
        guard let color = pendingClear, !layers.isEmpty else { return }
        let width = layers[0].bitmap.width, end = min(row, window.frameRows.upperBound)
        if end > clearedRows {
            layers[0].bitmap.pixels.withUnsafeMutableBytes { raw in
                let p = raw.bindMemory(to: UInt32.self).baseAddress!
                PixelFill.fill(p + clearedRows * width, with: color, count: (end - clearedRows) * width)
            }
            clearedRows = end
        }
        if clearedRows >= window.frameRows.upperBound { pendingClear = nil }
    }

    /// Lends the current target layer's pixels to drawing code in other
    /// files, addressed in device pixels (`withLayerPixels`) and held over
    /// `box`; `body` returns the box it changed, which joins the layer's
    /// drawn area. When `body` writes only rows above `rows`, the frame's
    /// deferred clear is written only that far.
    func withTargetPixels(above rows: Int = .max,
                          _ body: (_ origin: UnsafeMutablePointer<UInt32>, _ rowPixels: Int, _ box: PixelBox) -> PixelBox) {
        let target = layers.count - 1
        if target == 0 { writePendingClear(upTo: rows) }
        let box = layers[target].box
        let changed = withLayerPixels(target) { body($0, $1, box) }.intersection(box)
        layers[target].dirty = layers[target].dirty.union(changed)
        countPass(over: changed)
    }

    /// Adds a pass over `box` (within the drawn rows) `times` to `passBytes`.
    func countPass(over box: PixelBox, times: Int = 1) {
        let drawn = window.cut(box)
        if !drawn.isEmpty { passBytes += (drawn.maxX - drawn.minX) * (drawn.maxY - drawn.minY) * 4 * times }
    }

    var frameBox: PixelBox {
        PixelBox(minX: 0, minY: 0, maxX: layers[0].bitmap.width, maxY: layers[0].bitmap.height)
    }

    // MARK: Fills and coverage

    private func fill(_ path: Path, transform: Transform, paint: DisplayPaint, rule: FillRule) {
        guard let box = box(of: path, transform: transform, clippedTo: targetBox) else { return }
        fill(path, transform: transform, paint: paint, rule: rule, over: box)
    }

    /// A fill whose box within the target is known already.
    func fill(_ path: Path, transform: Transform, paint: DisplayPaint, rule: FillRule, over box: PixelBox) {
        let target = layers.count - 1
        guard drawsRows(of: box) else { return }
        if box.maxY - box.minY <= 64 && box.maxX - box.minX <= 64 && (target > 0 || pendingClear == nil) {
            prefetchRows(of: box, in: target)
        }
        accumulate(over: box) { Flattener.flatten(path, transform: transform, into: &$0) }
        self.paint(SweptCells(cells: cells, rule: rule, rows: window.rows(of: box)), over: box, with: paint,
                   transform: transform)
    }

    /// The pixels `path` may touch within `limit`; nil when none.
    func box(of path: Path, transform: Transform, clippedTo limit: PixelBox) -> PixelBox? {
        let bounds = path.controlBounds
        guard !bounds.isEmpty else { return nil }
        let box = PixelBox(covering: transform.boundingBox(of: bounds)).intersection(limit)
        return box.isEmpty ? nil : box
    }

    /// Accumulates `path`'s coverage into the cell buffer over the pixels it
    /// may touch within `limit`; nil (and nothing accumulated) when it touches none.
    func accumulate(_ path: Path, transform: Transform, clippedTo limit: PixelBox) -> PixelBox? {
        guard let box = box(of: path, transform: transform, clippedTo: limit) else { return nil }
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

    /// Asks for the first and last pixel of every row of a small box of the
    /// target, so the cache and TLB misses of its rows (each row lies on
    /// another page of a frame) overlap with the coverage accumulation that
    /// follows instead of stalling the compositing one after another.
    private func prefetchRows(of box: PixelBox, in target: Int) {
        withLayerPixels(target) { origin, width in
            var row = origin + box.minY * width + box.minX
            let last = box.maxX - box.minX - 1
            for _ in box.minY..<box.maxY {
                reel_prefetch_for_write(row)
                reel_prefetch_for_write(row + last)
                row += width
            }
        }
    }
}
