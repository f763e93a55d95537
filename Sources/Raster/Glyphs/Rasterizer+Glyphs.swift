import DisplayList
import Geometry
import Pixels

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
        guard !box.isEmpty, drawsRows(of: box) else { return }
        let placed = glyphScratch.placed
        if case .solid(let color) = run.paint {
            let packed = color.premultipliedPixel
            withTargetPixels(above: box.maxY) { pixels, width, _ in // device (0, 0)
                GlyphMaskCompositor.solid(packed, placed, into: pixels, rowPixels: width)
                return box
            }
        } else {
            writePendingClear() // masks arrive glyph by glyph, not row by row
            paint(GlyphMaskCoverage(placed: placed, box: box), over: box, with: run.paint, transform: t)
        }
    }

    /// Finds the mask of every glyph of `run` — among this rasterizer's
    /// recent masks, else in the shared cache, else built and shared — and
    /// places them, in the run's order, in the frame (`glyphScratch.placed`);
    /// returns the pixels they cover, or nil when a glyph is too big for a mask.
    private func placeGlyphMasks(_ run: GlyphRun) -> PixelBox? {
        var scratch = GlyphScratch()
        swap(&scratch, &glyphScratch) // work on a local copy: no exclusivity checks per glyph
        defer { swap(&scratch, &glyphScratch) }
        scratch.reset()
        let t = run.transform, n = GlyphMaskKey.subpixels, q = Double(n)
        for g in run.glyphs where !g.outline.isEmpty {
            let ppu = g.scale * t.a
            let x = (t.a * g.origin.x + t.tx) * q, y = (t.a * g.origin.y + t.ty) * q
            guard ppu > 0, ppu.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return nil }
            let qx = Int(x.rounded()), qy = Int(y.rounded())
            let sx = (qx % n + n) % n, sy = (qy % n + n) % n
            scratch.origins.append(((qx - sx) / n, (qy - sy) / n))
            let slot = GlyphScratch.slot(id: g.id, pixelsPerUnit: ppu, subpixelX: sx, subpixelY: sy)
            if scratch.recent[slot].key.pixelsPerUnit == ppu && scratch.recent[slot].key.id == g.id
                && scratch.recent[slot].key.subpixelX == sx && scratch.recent[slot].key.subpixelY == sy
                && scratch.recent[slot].key.outline == g.outline {
                scratch.found.append(scratch.recent[slot].mask)
            } else {
                scratch.found.append(nil)
                scratch.misses.append(scratch.found.count - 1)
                scratch.missKeys.append(GlyphMaskKey(id: g.id, outline: g.outline, pixelsPerUnit: ppu,
                                                     subpixelX: sx, subpixelY: sy))
            }
        }
        if !scratch.misses.isEmpty {
            scratch.shared.removeAll(keepingCapacity: true)
            scratch.shared.append(contentsOf: repeatElement(nil, count: scratch.missKeys.count))
            glyphMasks.lookup(scratch.missKeys, into: &scratch.shared)
            var built: [GlyphMaskKey: GlyphMask] = [:]
            for (j, key) in scratch.missKeys.enumerated() {
                let mask: GlyphMask
                if let m = scratch.shared[j] ?? built[key] {
                    mask = m
                } else {
                    guard let m = buildGlyphMask(key) else { return nil }
                    built[key] = m
                    mask = m
                }
                scratch.found[scratch.misses[j]] = mask
                scratch.recent[GlyphScratch.slot(id: key.id, pixelsPerUnit: key.pixelsPerUnit,
                                                 subpixelX: key.subpixelX, subpixelY: key.subpixelY)] = RecentMask(key: key, mask: mask)
            }
            if !built.isEmpty { glyphMasks.insert(Array(built.keys), Array(built.values)) }
        }

        let frame = targetBox
        var box = PixelBox.empty
        for (i, found) in scratch.found.enumerated() {
            let mask = found!
            guard !mask.isEmpty else { continue }
            let x = scratch.origins[i].x + mask.left, y = scratch.origins[i].y + mask.top
            let top = max(0, frame.minY - y), bottom = min(mask.height, frame.maxY - y)
            let left = max(0, frame.minX - x), right = min(mask.width, frame.maxX - x)
            guard top < bottom, left < right else { continue }
            box = box.union(PixelBox(minX: x + left, minY: y + top, maxX: x + right, maxY: y + bottom))
            let rows = (top..<bottom).clamped(to: (window.drawn.lowerBound - y)..<(window.drawn.upperBound - y))
            guard !rows.isEmpty else { continue }
            scratch.placed.append(PlacedGlyphMask(mask: mask, x: x, y: y, rows: rows, columns: left..<right))
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
        var grid = [UInt8](repeating: 0, count: width * height)
        accumulate(over: box) { Flattener.flatten(key.outline, transform: key.transform, into: &$0) }
        grid.withUnsafeMutableBufferPointer { bytes in
            var painter = MaskPainter(origin: bytes.baseAddress!, rowBytes: width)
            CoverageSweep.sweep(cells, rule: .nonzero, into: &painter)
        }
        return GlyphMask(grid: grid, width: width, height: height, left: box.minX, top: box.minY)
    }

    /// All outlines of `run` accumulated as one path and filled (nonzero).
    private func fillGlyphOutlines(_ run: GlyphRun) {
        var bounds = Rect.empty
        for g in run.glyphs where !g.outline.isEmpty {
            bounds = bounds.union(run.transform.concatenating(g.transform).boundingBox(of: g.outline.controlBounds))
        }
        let box = PixelBox(covering: bounds).intersection(targetBox)
        guard !box.isEmpty, drawsRows(of: box) else { return }
        accumulate(over: box) { accumulator in
            for g in run.glyphs where !g.outline.isEmpty {
                Flattener.flatten(g.outline, transform: run.transform.concatenating(g.transform), into: &accumulator)
            }
        }
        paint(SweptCells(cells: cells, rule: .nonzero, rows: window.rows(of: box)), over: box, with: run.paint,
              transform: run.transform)
    }
}

/// A rasterizer's reusable lists for placing one glyph run, and the masks
/// it used last: a small direct-mapped table looked at before the shared
/// cache, so a glyph drawn before costs neither a lock nor a full hash.
/// Which masks it holds never matters: every mask equals a fresh one.
struct GlyphScratch {
    /// Whole-pixel origin of each glyph with an outline, in run order.
    var origins: [(x: Int, y: Int)] = []
    /// Each such glyph's mask; nil until found.
    var found: [GlyphMask?] = []
    /// Indices in `found` of the glyphs not among the recent masks, and their keys.
    var misses: [Int] = []
    var missKeys: [GlyphMaskKey] = []
    /// The shared cache's masks for `missKeys` (nil: not built yet).
    var shared: [GlyphMask?] = []
    /// The masks to draw, in run order.
    var placed: [PlacedGlyphMask] = []
    var recent: [RecentMask] = []

    static let recentSlots = 1024

    /// Empties the lists (keeping their memory) and sizes the table.
    mutating func reset() {
        origins.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        misses.removeAll(keepingCapacity: true)
        missKeys.removeAll(keepingCapacity: true)
        placed.removeAll(keepingCapacity: true)
        if recent.isEmpty { recent = Array(repeating: .none, count: Self.recentSlots) }
    }

    /// The table slot of a key: a multiplicative hash of its hashed fields.
    static func slot(id: UInt64, pixelsPerUnit: Double, subpixelX: Int, subpixelY: Int) -> Int {
        let h = (id &* 0x9E37_79B9_7F4A_7C15) ^ (pixelsPerUnit.bitPattern &* 0xC2B2_AE3D_27D4_EB4F)
            ^ (UInt64(subpixelX &* GlyphMaskKey.subpixels &+ subpixelY) &* 0x1656_67B1_9E37_79F9)
        return Int(truncatingIfNeeded: (h ^ (h >> 29)) % UInt64(recentSlots))
    }
}

/// A slot of `GlyphScratch.recent`.
struct RecentMask {
    var key: GlyphMaskKey
    var mask: GlyphMask

    /// An empty slot: no key has a pixel size of 0.
    static let none = RecentMask(key: GlyphMaskKey(id: 0, outline: Path(), pixelsPerUnit: 0, subpixelX: 0, subpixelY: 0),
                                 mask: .empty)
}
