import DisplayList

/// The rows in which a frame can differ from a frame drawn before into the
/// same buffer: what a damage-tracking compositor (a browser's, ThorVG's
/// partial rendering) redraws instead of the whole frame.
///
/// A frame is compared unit by unit — a unit is an item drawn on the frame
/// itself or a whole layer at the top level — by their canonical bytes.
/// Every unit changes pixels only within its box (`LayerBounds`: a fill
/// its path's bounds, a layer what it can hold, as a layer composites only
/// what it drew), so a pixel outside the boxes of the units that differ
/// sees the same items in the same order in both frames, and keeps its
/// value. Those rows are then drawn as a band (`RowWindow`), which gives
/// the bits of a whole-frame draw. A layer with a blur, a shadow or a
/// backdrop reads rows around the ones it writes, which a band of rows does
/// not hold: a frame with one is drawn whole.
struct FrameDamage {
    /// The frame's items.
    let items: EncodedItems
    /// Its units' pixel boxes, in order; nil when it is drawn whole.
    let boxes: [PixelBox]?

    /// The units of `items`, with their boxes within the frame from
    /// `layers`, measured on the same list.
    init(_ items: EncodedItems, layers: LayerBounds) {
        self.items = items
        let list = items.frame.list
        let frame = PixelBox(minX: 0, minY: 0, maxX: list.width, maxY: list.height)
        // A layer left open at the end holds items no unit covers.
        guard !layers.readsAround, items.topLevel.last == list.items.count else {
            boxes = nil
            return
        }
        var boxes: [PixelBox] = []
        boxes.reserveCapacity(items.topLevel.count)
        for start in items.topLevel.dropLast() {
            // A mask at the top level masks the frame: all of it it has drawn.
            if case .beginLayer(let layer) = list.items[start], layer.maskMode != nil {
                self.boxes = nil
                return
            }
            guard let box = layers.box(at: start) else {
                self.boxes = nil
                return
            }
            boxes.append(box.intersection(frame))
        }
        self.boxes = boxes
    }

    /// The rows in which this frame differs from `old`: empty when none,
    /// nil when the whole frame is to be drawn. Frames with as many units
    /// are compared unit for unit; else the units between their common
    /// first and last ones all count.
    func rows(since old: FrameDamage) -> Range<Int>? {
        guard let new = boxes, let was = old.boxes, items.base == old.items.base else { return nil }
        let a = was.count, b = new.count
        func same(_ i: Int, _ j: Int) -> Bool {
            EncodedItems.same(old.items.bytes(of: old.items.topLevel[i]..<old.items.topLevel[i + 1]),
                              items.bytes(of: items.topLevel[j]..<items.topLevel[j + 1]))
        }
        var changed = PixelBox.empty
        if a == b {
            for i in 0..<a where !same(i, i) { changed = changed.union(was[i]).union(new[i]) }
        } else {
            var prefix = 0, suffix = 0
            while prefix < min(a, b), same(prefix, prefix) { prefix += 1 }
            while suffix < min(a, b) - prefix, same(a - 1 - suffix, b - 1 - suffix) { suffix += 1 }
            for box in was[prefix..<(a - suffix)] + new[prefix..<(b - suffix)] { changed = changed.union(box) }
        }
        return changed.isEmpty ? 0..<0 : changed.minY..<changed.maxY
    }
}
