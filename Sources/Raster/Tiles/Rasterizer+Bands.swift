import DisplayList
import Pixels

/// Drawing a band of the frame (see `RowWindow`, `BandRenderer`).
extension Rasterizer {
    /// Whether an item over `box` writes rows of this rasterizer's window;
    /// when it does not, it is skipped, but its box still joins the target's
    /// drawn area, as in a whole-frame draw (clips, blurs and masks read
    /// that box, so it must not depend on the band).
    func drawsRows(of box: PixelBox) -> Bool {
        guard !window.draws(box) else { return true }
        let target = layers.count - 1
        layers[target].dirty = layers[target].dirty.union(box.intersection(targetBox))
        return false
    }

    /// The rows one layer's blur, shadow and backdrop read: the widest, and their sum.
    static func reach(of layer: Layer, exactBlur: Bool) -> (widest: Int, total: Int) {
        var widest = 0, total = 0
        func add(_ rows: Int) {
            widest = max(widest, rows)
            total += rows
        }
        if layer.blur >= 0.25 { add(GaussianBlur.reach(sigma: layer.blur, exact: exactBlur)) }
        if let shadow = layer.shadow { add(rowsRead(by: shadow, exactBlur: exactBlur)) }
        if let backdrop = layer.backdrop, backdrop.sigma >= 0.25 {
            add(GaussianBlur.reach(sigma: backdrop.sigma, exact: exactBlur))
        }
        return (widest, total)
    }

    /// Draws phase `p` of `list` (`BandPhases`) for `band` with `halo`
    /// rows around it: the first phase takes `bitmap` as the frame, a
    /// later one goes on from the frame the bands made exact around each
    /// other (`halo` plus the barrier's reach around the band, which its
    /// opening backdrop reads), and the last gives the frame back into
    /// `bitmap`. Returns whether the band's
    /// rows are still those of a whole-frame draw.
    func drawPhase(_ p: Int, of phases: BandPhases, list: DisplayList, into bitmap: inout Bitmap,
                   band: Range<Int>, halo: Int, writing: Bool) -> Bool {
        let window = RowWindow(band: band, halo: halo, exactRows: halo + phases.barrierReach[p], frameHeight: list.height,
                               writing: writing)
        var items = list.items[phases.items[p]]
        if p == 0 {
            _ = begin(list, into: &bitmap, window: window)
        } else {
            // The backdrop is the one reader of the frame made exact beyond the halo.
            self.window = window
            draw(items[items.startIndex], at: items.startIndex)
            items = items.dropFirst()
            self.window.keepToHalo()
        }
        for i in items.indices { draw(items[i], at: i) }
        let holds = self.window.holdsBand
        if p == phases.items.count - 1 { bitmap = finish() } else { writePendingClear() }
        return holds
    }

    /// The rows a shadow reads above or below a row it writes: its blur's
    /// reach, its vertical offset and the pixel a fractional offset adds.
    static func rowsRead(by shadow: LayerShadow, exactBlur: Bool) -> Int {
        let offset = shadow.offset.y.isFinite ? Int(min(abs(shadow.offset.y), 1e6).rounded(.up)) : 0
        return GaussianBlur.reach(sigma: shadow.sigma, exact: exactBlur) + offset + 1
    }
}

extension Rasterizer {
    /// Each phase's widest single reach: the halo it needs when no two
    /// reaches meet at a band's edge (a barrier's backdrop reads rows made
    /// exact for it).
    func startingHalos(of phases: BandPhases, list: DisplayList) -> [Int] {
        phases.items.indices.map { p in
            list.items[phases.items[p].dropFirst(p > 0 ? 1 : 0)].reduce(0) { widest, item in
                guard case .beginLayer(let layer) = item else { return widest }
                return max(widest, Self.reach(of: layer, exactBlur: blurScratch.exact).widest)
            }
        }
    }

    /// The halo each phase of `list` needs for `band` (`BandPhases`), found
    /// by dry runs (`writing: false`): each phase starts from its widest
    /// reach and grows by what the band fell short, up to the sum of its
    /// reaches (which always suffices); nil should that still fall short.
    /// `frame` is only passed through.
    func halos(for band: Range<Int>, of phases: BandPhases, list: DisplayList, frame: inout Bitmap) -> [Int]? {
        var halos = startingHalos(of: phases, list: list)
        while true {
            var short = false
            for p in phases.items.indices {
                if !drawPhase(p, of: phases, list: list, into: &frame, band: band, halo: halos[p], writing: false) {
                    guard halos[p] < phases.totalReach[p] else { return nil }
                    halos[p] = min(halos[p] + window.shortfall, phases.totalReach[p])
                    short = true
                }
            }
            if !short { return halos }
        }
    }
}
