import DisplayList
import Geometry

/// Draws display lists into bitmaps.
///
/// One rasterizer per worker thread: it owns scratch memory (coverage cells,
/// layer bitmaps) that is reused from frame to frame, so drawing allocates
/// nothing in steady state. Drawing never fails; invalid geometry (NaN,
/// empty paths) simply covers nothing.
public final class Rasterizer {
    /// Coverage cells for the path being filled (see `CoverageAccumulator`).
    private let cells = CellBuffer()
    /// Open layers, innermost last; each remembers the opacity it will be composited with.
    private var layers: [(bitmap: Bitmap, opacity: Double, dirty: PixelBox)] = []
    /// Finished layer bitmaps kept for reuse.
    private var spareLayers: [Bitmap] = []

    public init() {}

    /// Renders `list` into a new bitmap.
    public func render(_ list: DisplayList) -> Bitmap {
        var bitmap = Bitmap(width: list.width, height: list.height)
        render(list, into: &bitmap)
        return bitmap
    }

    /// Renders `list` into `bitmap`, which must have the list's size; its old
    /// contents are replaced.
    public func render(_ list: DisplayList, into bitmap: inout Bitmap) {
        precondition(bitmap.width == list.width && bitmap.height == list.height, "bitmap size must match the display list")
        clear(&bitmap, to: list.background)
        layers.removeAll(keepingCapacity: true)
        layers.append((bitmap, 1, PixelBox.empty))
        bitmap = Bitmap(width: 1, height: 1) // release our reference while drawing in place
        for item in list.items {
            switch item {
            case let .fill(path, transform, paint, rule):
                fill(path, transform: transform, paint: paint, rule: rule)
            case .beginLayer(let opacity):
                var layer = spareLayers.popLast() ?? Bitmap(width: list.width, height: list.height)
                if layer.width != list.width || layer.height != list.height {
                    layer = Bitmap(width: list.width, height: list.height)
                }
                layers.append((layer, opacity, PixelBox.empty))
            case .endLayer:
                endLayer()
            }
        }
        while layers.count > 1 { endLayer() }
        bitmap = layers.removeLast().bitmap
    }

    private func clear(_ bitmap: inout Bitmap, to color: Color) {
        let c = color.premultipliedRGBA8
        let pattern = UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
        bitmap.pixels.withUnsafeMutableBytes { raw in
            raw.bindMemory(to: UInt32.self).update(repeating: UInt32(littleEndian: pattern))
        }
    }

    /// Composites the innermost layer onto the one below, over the area drawn,
    /// and clears that area so the bitmap can be reused.
    private func endLayer() {
        guard layers.count > 1 else { return }
        var top = layers.removeLast()
        let box = top.dirty
        let opacity = UInt32((min(max(top.opacity, 0), 1) * 255).rounded())
        let width = top.bitmap.width
        if !box.isEmpty {
            top.bitmap.pixels.withUnsafeMutableBytes { srcRaw in
                layers[layers.count - 1].bitmap.pixels.withUnsafeMutableBytes { dstRaw in
                    let src = srcRaw.bindMemory(to: UInt32.self).baseAddress!
                    let dst = dstRaw.bindMemory(to: UInt32.self).baseAddress!
                    let count = box.maxX - box.minX
                    for y in box.minY..<box.maxY {
                        let s = src + y * width + box.minX, d = dst + y * width + box.minX
                        for i in 0..<count where s[i] != 0 {
                            d[i] = PixelMath.over(opacity == 255 ? s[i] : PixelMath.scale(s[i], opacity), d[i])
                        }
                        s.update(repeating: 0, count: count)
                    }
                }
            }
            layers[layers.count - 1].dirty = layers[layers.count - 1].dirty.union(box)
        }
        spareLayers.append(top.bitmap)
    }

    private func fill(_ path: Path, transform: Transform, paint: DisplayPaint, rule: FillRule) {
        let target = layers.count - 1
        let width = layers[target].bitmap.width, height = layers[target].bitmap.height
        let bounds = path.controlBounds
        guard !bounds.isEmpty else { return }
        let device = transform.boundingBox(of: bounds)
        let box = PixelBox(covering: device).intersection(PixelBox(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !box.isEmpty else { return }
        cells.prepare(width: box.maxX - box.minX, height: box.maxY - box.minY)
        var accumulator = CoverageAccumulator(cells: cells.cells, bits: cells.bits, stride: cells.stride,
                                              wordsPerRow: cells.wordsPerRow,
                                              width: Double(cells.width), height: Double(cells.height),
                                              originX: Double(box.minX), originY: Double(box.minY))
        Flattener.flatten(path, transform: transform, into: &accumulator)

        guard case .solid(let color) = paint else { return }
        let c = color.premultipliedRGBA8
        layers[target].dirty = layers[target].dirty.union(box)
        layers[target].bitmap.pixels.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self).baseAddress!
            var painter = SolidPainter(origin: pixels + box.minY * width + box.minX, rowPixels: width,
                                       color: PixelMath.pack(c.r, c.g, c.b, c.a))
            CoverageSweep.sweep(cells, rule: rule, into: &painter)
        }
    }
}
