import DisplayList

/// A display list cut for drawing in bands at its frame-wide backdrops.
///
/// A backdrop opened on the frame itself (no layer open beneath it) reads
/// the frame's rows around every row it writes — a full-screen frosted
/// material reads a sixth of the frame around each band edge. Drawn with
/// halos, every band would draw those rows of everything beneath it as
/// well, and the reaches of several such backdrops add up. Instead the
/// bands stop before each one (a barrier): every band's rows are then
/// exact, each band copies the rows the backdrop reads around it from the
/// bands that own them, and drawing goes on with a halo for what follows
/// only. A phase is the items between two barriers.
struct BandPhases {
    /// The items of each phase; the first starts at the first visible item.
    let items: [Range<Int>]
    /// The rows the backdrop opening each phase reads above and below a
    /// row it writes (0 for the first phase).
    let barrierReach: [Int]
    /// The rows that always suffice as a phase's halo: every reach of the
    /// phase's blurs, shadows and backdrops, one after another.
    let totalReach: [Int]

    init(_ list: DisplayList, first: Int, exactBlur: Bool) {
        var starts = [first], barriers = [0], totals = [0], depth = 0
        for index in list.items.indices where index >= first {
            guard case .beginLayer(let layer) = list.items[index] else {
                if case .endLayer = list.items[index] { depth = max(depth - 1, 0) }
                continue
            }
            if depth == 0, index > first, let backdrop = layer.backdrop, backdrop.sigma >= 0.25 {
                let reach = GaussianBlur.reach(sigma: backdrop.sigma, exact: exactBlur)
                starts.append(index)
                barriers.append(reach)
                totals.append(0)
            }
            totals[totals.count - 1] += Rasterizer.reach(of: layer, exactBlur: exactBlur).total
            depth += 1
        }
        items = starts.indices.map { p in starts[p]..<(p + 1 < starts.count ? starts[p + 1] : list.items.count) }
        barrierReach = barriers
        totalReach = totals
    }
}
