/// The rows of the frame one rasterizer draws when a frame is split into
/// horizontal bands drawn on several threads (`BandRenderer`).
///
/// A band rasterizer runs the whole display list with the geometry of a
/// whole-frame draw — every item's box, every layer's drawn box, every clip
/// mask is computed over the same pixels, so coverage and blur grids come
/// out in the same bits — and only writes pixels in `drawn`: its band plus
/// a halo, in every layer (beyond the frame's top and bottom too, in layers
/// lying there). Row-local work (fills, glyphs, sprites, compositing,
/// clips, masks, colour filters) makes exact rows; a blur, a shadow or a
/// backdrop reads rows around its output, so rows near a halo's edge stop
/// being exact: `exact` tracks what is left, and the band is good when it
/// still holds the band.
struct RowWindow {
    /// The rows the band stands for.
    let band: Range<Int>
    /// Rows written: the band and its halo. They reach beyond the frame's
    /// top and bottom in a layer lying beyond the frame (`LayerExtent`),
    /// whose rows there blur and shadow into the frame as in a whole-frame
    /// draw; the frame itself writes `frameRows`.
    let drawn: Range<Int>
    /// Rows whose pixels, in every layer, are those of a whole-frame draw.
    private(set) var exact: Range<Int>
    /// The band and its halo (`drawn`, also in a dry run).
    private let haloRows: Range<Int>
    let frameHeight: Int
    /// Whether every row of every layer is drawn: the whole-frame draw.
    let isWhole: Bool

    /// Every row of a frame `height` rows tall, and of every layer beyond it:
    /// the whole-frame draw.
    init(height: Int) {
        band = 0..<height
        drawn = Self.everyRow
        exact = Self.everyRow
        haloRows = Self.everyRow
        frameHeight = height
        isWhole = true
    }

    /// `band` and `halo` rows above and below it (beyond the frame too, for
    /// layers reaching there), within a frame `frameHeight` rows tall. With
    /// `exactRows` (more than the halo), the frame holds what a whole-frame
    /// draw has that far around the band — a band going on after the bands
    /// made the frame exact around each other, for the backdrop that reads
    /// it (`BandPhases`); after it, `keepToHalo`.
    /// `writing` false writes no row but still tracks which would be exact:
    /// a dry run that finds the halo a band needs at the cost of the list's
    /// geometry alone.
    init(band: Range<Int>, halo: Int, exactRows: Int = 0, frameHeight: Int, writing: Bool = true) {
        self.band = band.clamped(to: 0..<frameHeight)
        let halo = max(halo, 0), margin = max(exactRows, halo)
        exact = self.band.lowerBound - margin..<self.band.upperBound + margin
        haloRows = self.band.lowerBound - halo..<self.band.upperBound + halo
        drawn = writing ? haloRows : self.band.lowerBound..<self.band.lowerBound
        self.frameHeight = frameHeight
        isWhole = false
    }

    /// Rows beyond any layer's (layers reach at most `LayerExtent.maxMargin`
    /// beyond the frame), small enough to add pixel offsets to.
    private static let everyRow = -(1 << 40)..<(1 << 40)

    /// The drawn rows of the frame itself.
    var frameRows: Range<Int> { drawn.clamped(to: 0..<frameHeight) }

    /// Limits the exact rows to the band and its halo: beyond them only the
    /// frame was exact, and only the backdrop that read it had that use.
    mutating func keepToHalo() {
        exact = exact.clamped(to: haloRows)
    }

    /// Whether every row of the band is still exact.
    var holdsBand: Bool { shortfall == 0 }

    /// Rows of the band no longer exact on its worse side (0: none).
    var shortfall: Int { max(exact.lowerBound - band.lowerBound, band.upperBound - exact.upperBound, 0) }

    /// Whether a box of pixels has rows in the window.
    func draws(_ box: PixelBox) -> Bool {
        !drawn.isEmpty && box.minY < drawn.upperBound && box.maxY > drawn.lowerBound
    }

    /// `box` cut to the drawn rows.
    func cut(_ box: PixelBox) -> PixelBox {
        guard !isWhole else { return box }
        let rows = PixelBox(minX: box.minX, minY: drawn.lowerBound, maxX: box.maxX, maxY: drawn.upperBound)
        return box.intersection(rows)
    }

    /// The drawn rows as rows of `box` (0 is its first row).
    func rows(of box: PixelBox) -> Range<Int> {
        guard !isWhole else { return 0..<(box.maxY - box.minY) }
        let low = min(max(drawn.lowerBound - box.minY, 0), box.maxY - box.minY)
        let high = max(min(drawn.upperBound - box.minY, box.maxY - box.minY), low)
        return low..<high
    }

    /// Records that pixels of rows `output` were computed from the rows up to
    /// `above` before and `below` after each of them (a blur's reach, a
    /// shadow's offset) in a bitmap lying over `source` (a layer's box, or
    /// the frame's): where that reaches past an edge of the exact rows
    /// within `source` — beyond it there is nothing to read, in a band as
    /// in the whole frame — the rows within that distance of the edge are
    /// no longer exact.
    mutating func read(for output: PixelBox, above: Int, below: Int, in source: PixelBox) {
        guard !isWhole, !output.isEmpty else { return }
        var low = exact.lowerBound, high = exact.upperBound
        // Output rows within `above` of the low edge read rows below it
        // (rows the output does not reach are left as they were).
        if low > source.minY && output.minY - above < low && output.maxY > low { low = min(low + above, output.maxY) }
        if high < source.maxY && output.maxY + below > high && output.minY < high { high = max(high - below, output.minY) }
        // Edges pulled past each other leave no exact row.
        exact = low < high ? low..<high : band.lowerBound..<band.lowerBound
    }
}
