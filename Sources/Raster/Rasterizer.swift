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
    private var cells: UnsafeMutablePointer<Float>
    private var cellCapacity: Int
    /// One row of 8-bit coverage.
    private var coverageRow: [UInt8] = []
    /// Open layers, innermost last; each remembers the opacity it will be composited with.
    private var layers: [(bitmap: Bitmap, opacity: Double, dirty: PixelBox)] = []
    /// Finished layer bitmaps kept for reuse.
    private var spareLayers: [Bitmap] = []

    public init() {
        cellCapacity = 4096
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
    }

    deinit { cells.deallocate() }

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
            top.bitmap.pixels.withUnsafeMutableBufferPointer { src in
                layers[layers.count - 1].bitmap.pixels.withUnsafeMutableBufferPointer { dst in
                    for y in box.minY..<box.maxY {
                        let offset = (y * width + box.minX) * 4
                        SourceOver.layerSpan(dst.baseAddress! + offset, src.baseAddress! + offset,
                                             count: box.maxX - box.minX, opacity: opacity)
                        (src.baseAddress! + offset).update(repeating: 0, count: (box.maxX - box.minX) * 4)
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
        var device = Rect.empty
        for corner in [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
                       Point(bounds.maxX, bounds.maxY), Point(bounds.minX, bounds.maxY)] {
            device = device.including(transform.apply(corner))
        }
        let box = PixelBox(covering: device).intersection(PixelBox(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !box.isEmpty else { return }
        let boxWidth = box.maxX - box.minX, boxHeight = box.maxY - box.minY
        let stride = boxWidth + 2
        reserveCells(stride * boxHeight)
        var accumulator = CoverageAccumulator(cells: cells, stride: stride, width: Double(boxWidth),
                                              height: Double(boxHeight),
                                              originX: Double(box.minX), originY: Double(box.minY))
        Flattener.flatten(path, transform: transform, into: &accumulator)

        guard case .solid(let color) = paint else { return }
        let c = color.premultipliedRGBA8
        if coverageRow.count < boxWidth { coverageRow = [UInt8](repeating: 0, count: boxWidth) }
        let cells = self.cells
        layers[target].dirty = layers[target].dirty.union(box)
        layers[target].bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            coverageRow.withUnsafeMutableBufferPointer { coverage in
                for row in 0..<boxHeight {
                    let line = cells + row * stride
                    CoverageSweep.row(line, count: boxWidth, stride: stride, rule: rule, into: coverage.baseAddress!)
                    let dst = pixels.baseAddress! + ((box.minY + row) * width + box.minX) * 4
                    SourceOver.solidSpan(dst, coverage: coverage.baseAddress!, count: boxWidth,
                                         r: UInt32(c.r), g: UInt32(c.g), b: UInt32(c.b), a: UInt32(c.a))
                }
            }
        }
    }

    private func reserveCells(_ count: Int) {
        guard count > cellCapacity else { return }
        cells.deallocate()
        cellCapacity = max(count, cellCapacity * 2)
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
    }
}
