import DisplayList

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

    /// The rows `list`'s blurs, shadows and backdrops read beyond the rows
    /// they write: the widest one (the halo a band needs when no two of
    /// them meet at its edge), and their sum (the halo that always
    /// suffices, each taken one after another at the edge).
    static func reach(of list: DisplayList, exactBlur: Bool) -> (widest: Int, total: Int) {
        var widest = 0, total = 0
        func add(_ rows: Int) {
            widest = max(widest, rows)
            total += rows
        }
        for item in list.items {
            guard case .beginLayer(let layer) = item else { continue }
            if layer.blur >= 0.25 { add(GaussianBlur.reach(sigma: layer.blur, exact: exactBlur)) }
            if let shadow = layer.shadow { add(rowsRead(by: shadow, exactBlur: exactBlur)) }
            if let backdrop = layer.backdrop, backdrop.sigma >= 0.25 {
                add(GaussianBlur.reach(sigma: backdrop.sigma, exact: exactBlur))
            }
        }
        return (widest, total)
    }

    /// The rows a shadow reads above or below a row it writes: its blur's
    /// reach, its vertical offset and the pixel a fractional offset adds.
    static func rowsRead(by shadow: LayerShadow, exactBlur: Bool) -> Int {
        let offset = shadow.offset.y.isFinite ? Int(min(abs(shadow.offset.y), 1e6).rounded(.up)) : 0
        return GaussianBlur.reach(sigma: shadow.sigma, exact: exactBlur) + offset + 1
    }
}
