import DisplayList

/// The item loop of a frame with `FrameReuse`: the frame starts from the
/// kept start when its first items match it, a layer drawn in the last
/// frame is composited from its kept pixels, and the start and layers of
/// this frame are kept for the next.
extension Rasterizer {
    /// Draws `list`'s items from `first`, every one in turn (or fills binned).
    func drawItems(_ list: DisplayList, from first: Int) {
        if !drawFills(list, first..<list.items.count) {
            for i in first..<list.items.count { draw(list.items[i], at: i) }
        }
    }

    /// Draws the frame `reuse` has prepared (`FrameReuse.prepare`).
    func drawItems(_ reuse: FrameReuse) {
        let restored = reuse.begin(bitmap: &layers[0].bitmap)
        let list = reuse.items.frame.list, first = reuse.items.first
        if restored.index > first {
            pendingClear = nil
            clearedRows = list.height
            layers[0].dirty = restored.dirty
        }
        let items = list.items
        var index = restored.index
        // The start is kept after an item drawn, which binned fills do not
        // single out: they draw only when it is kept after all of them.
        // Binned fills draw whole frames, not bands.
        if !reuse.partial, (reuse.keepStartAt ?? items.count) == items.count, drawFills(list, index..<items.count) {
            index = items.count
        }
        while index < items.count {
            if index == reuse.keepStartAt { keepStart(reuse) }
            if case .beginLayer(let layer) = items[index], let kept = reuse.openLayer(at: index, layer, over: targetBox) {
                writePendingClear() // the kept pixels are composited onto the frame or a layer over it
                if !kept.box.isEmpty {
                    kept.pixels.withUnsafeBufferPointer { p in
                        composite(UnsafeMutablePointer(mutating: p.baseAddress!), rowPixels: kept.box.maxX - kept.box.minX,
                                  box: kept.box, layer: layer, clearing: false)
                    }
                }
                index = reuse.items.closing[index] + 1
                continue
            }
            draw(items[index], at: index)
            index += 1
        }
        if index == reuse.keepStartAt { keepStart(reuse) }
    }

    private func keepStart(_ reuse: FrameReuse) {
        writePendingClear()
        reuse.keepStart(layers[0].bitmap, dirty: layers[0].dirty)
    }
}
