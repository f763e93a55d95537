import DisplayList
import Geometry

extension Rasterizer {
    /// Masks of more pixels than this are not cached (a glyph some 250 px
    /// tall): such runs are filled as paths, which costs no more.
    static let maxGlyphMaskPixels = 256 * 256

    /// Text: from cached glyph masks when the run is only moved and
    /// uniformly scaled, so every glyph keeps its shape in pixels; as one
    /// path fill of all outlines otherwise (rotation, skew, mirroring, huge
    /// glyphs), which is exact.
    func drawGlyphs(_ run: GlyphRun) {
        let t = run.transform
        guard t.b == 0, t.c == 0, t.a == t.d, t.a > 0, t.a.isFinite, t.tx.isFinite, t.ty.isFinite,
              let box = placeGlyphMasks(run) else { return fillGlyphOutlines(run) }
        guard !box.isEmpty else { return }
        let placed = glyphScratch.placed
        if case .solid(let color) = run.paint {
            let c = color.premultipliedRGBA8
            let packed = PixelMath.pack(c.r, c.g, c.b, c.a)
            withTargetPixels { pixels, width, _ in
                GlyphMaskCompositor.solid(packed, placed, into: pixels, rowPixels: width)
                return box
            }
        } else {
            writePendingClear() // masks arrive glyph by glyph, not row by row
            paint(GlyphMaskCoverage(placed: placed, box: box), over: box, with: run.paint, transform: t)
        }
    }

    /// Finds (or builds and shares) the mask of every glyph of `run` and
    /// places them in the frame (`glyphScratch.placed`); returns the pixels
    /// they cover, or nil when a glyph is too big for a mask.
    private func placeGlyphMasks(_ run: GlyphRun) -> PixelBox? {
        let scratch = glyphScratch
        scratch.keys.removeAll(keepingCapacity: true)
        scratch.origins.removeAll(keepingCapacity: true)
        scratch.placed.removeAll(keepingCapacity: true)
        let t = run.transform, n = GlyphMaskKey.subpixels, q = Double(n)
        for g in run.glyphs where !g.outline.isEmpty {
            let ppu = g.scale * t.a
            let x = (t.a * g.origin.x + t.tx) * q, y = (t.a * g.origin.y + t.ty) * q
            guard ppu > 0, ppu.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return nil }
            let qx = Int(x.rounded()), qy = Int(y.rounded())
            let sx = (qx % n + n) % n, sy = (qy % n + n) % n
            scratch.keys.append(GlyphMaskKey(id: g.id, outline: g.outline, pixelsPerUnit: ppu, subpixelX: sx, subpixelY: sy))
            scratch.origins.append(((qx - sx) / n, (qy - sy) / n))
        }
        scratch.found.removeAll(keepingCapacity: true)
        scratch.found.append(contentsOf: repeatElement(nil, count: scratch.keys.count))
        glyphMasks.lookup(scratch.keys, into: &scratch.found)
        var built: [GlyphMaskKey: GlyphMask] = [:]
        for i in scratch.keys.indices where scratch.found[i] == nil {
            let key = scratch.keys[i]
            if let mask = built[key] {
                scratch.found[i] = mask
                continue
            }
            guard let mask = buildGlyphMask(key) else { return nil }
            built[key] = mask
            scratch.found[i] = mask
        }
        if !built.isEmpty { glyphMasks.insert(Array(built.keys), Array(built.values)) }

        let frame = frameBox
        var box = PixelBox.empty
        for (i, found) in scratch.found.enumerated() {
            let mask = found!
            guard !mask.isEmpty else { continue }
            let x = scratch.origins[i].x + mask.left, y = scratch.origins[i].y + mask.top
            let top = max(0, frame.minY - y), bottom = min(mask.height, frame.maxY - y)
            let left = max(0, frame.minX - x), right = min(mask.width, frame.maxX - x)
            guard top < bottom, left < right else { continue }
            let rows = top..<bottom, columns = left..<right
            scratch.placed.append(PlacedGlyphMask(mask: mask, x: x, y: y, rows: rows, columns: columns))
            box = box.union(PixelBox(minX: x + columns.lowerBound, minY: y + rows.lowerBound,
                                     maxX: x + columns.upperBound, maxY: y + rows.upperBound))
        }
        return box
    }

    /// The mask of `key`, built with the cell buffer like any fill; nil when
    /// it would exceed `maxGlyphMaskPixels`.
    private func buildGlyphMask(_ key: GlyphMaskKey) -> GlyphMask? {
        let box = PixelBox(covering: key.transform.boundingBox(of: key.outline.controlBounds))
        guard !box.isEmpty else { return .empty }
        let width = box.maxX - box.minX, height = box.maxY - box.minY
        guard width * height <= Self.maxGlyphMaskPixels else { return nil }
        let stride = (width + 3) & ~3
        var bytes = [UInt8](repeating: 0, count: stride * height)
        accumulate(over: box) { Flattener.flatten(key.outline, transform: key.transform, into: &$0) }
        bytes.withUnsafeMutableBufferPointer { bytes in
            var painter = MaskPainter(origin: bytes.baseAddress!, rowBytes: stride)
            CoverageSweep.sweep(cells, rule: .nonzero, into: &painter)
        }
        let coverage = bytes.map { UInt32($0) &* 0x0001_0001 }
        return GlyphMask(box: box, coverage: coverage, stride: stride)
    }

    /// All outlines of `run` accumulated as one path and filled (nonzero).
    private func fillGlyphOutlines(_ run: GlyphRun) {
        var bounds = Rect.empty
        for g in run.glyphs where !g.outline.isEmpty {
            bounds = bounds.union(run.transform.concatenating(g.transform).boundingBox(of: g.outline.controlBounds))
        }
        let box = PixelBox(covering: bounds).intersection(frameBox)
        guard !box.isEmpty else { return }
        accumulate(over: box) { accumulator in
            for g in run.glyphs where !g.outline.isEmpty {
                Flattener.flatten(g.outline, transform: run.transform.concatenating(g.transform), into: &accumulator)
            }
        }
        paint(SweptCells(cells: cells, rule: .nonzero), over: box, with: run.paint, transform: run.transform)
    }
}

/// A rasterizer's reusable lists for placing one glyph run.
final class GlyphScratch {
    var keys: [GlyphMaskKey] = []
    var origins: [(x: Int, y: Int)] = []
    var found: [GlyphMask?] = []
    var placed: [PlacedGlyphMask] = []
}
