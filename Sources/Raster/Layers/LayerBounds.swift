import DisplayList

/// Where each layer of a frame can hold pixels when it closes, found
/// before the frame is drawn, so a layer's bitmap covers that and not all
/// of its parent — as a browser's compositor sizes an offscreen buffer to
/// its content. A shape masked down to a letter then gets a letter-sized
/// layer: the solid under the mask, often larger than the frame, is
/// filled, masked, composited and cleared only there, and a frame's first
/// layers fault in that much new memory, not a frame's.
///
/// A layer holds at most the union of its items' boxes (`ItemBox`) and of
/// its inner layers'; a mask that is not inverted leaves its parent only
/// where the mask drew, so what came before it is cut to the mask's box;
/// a clip cuts a layer composited normally to the clip's bounds (other
/// blend modes keep the layer's drawn box, see `narrowToClip`). A layer
/// with a blur or a shadow reaches beyond its content and keeps its
/// extent (`LayerExtent`), as do its parents; a frame with a backdrop is
/// not narrowed at all, as a backdrop reads every open layer around the
/// area it blurs. Drawing inside a layer is cut to its box, and nothing
/// outside it shows when it closes, so only its bitmap changes.
///
/// The same pass gives the boxes of the items drawn on the frame itself,
/// so a frame's top-level units (an item, or a whole layer) all have
/// theirs for damage tracking (`FrameDamage`) without a second pass.
struct LayerBounds {
    /// For a `beginLayer` at i: the pixels its layer can hold, not cut to
    /// its parent; for an item drawn on the frame, the pixels it can change
    /// (`.empty` for an `endLayer` closing nothing); nil when unknown.
    private var boxes: [PixelBox?] = []
    private var open: [(index: Int, content: PixelBox, known: Bool)] = []
    /// Whether a layer of the frame blurs, shadows or frosts: reads pixels
    /// around those it writes.
    private(set) var readsAround = false

    /// The box of the layer opened at item `index`, or of the item drawn
    /// there on the frame; nil when unknown.
    func box(at index: Int) -> PixelBox? { index < boxes.count ? boxes[index] : nil }

    /// Finds the boxes of `list`'s layers and top-level items.
    mutating func measure(_ list: DisplayList) {
        let items = list.items, frame = PixelBox(minX: 0, minY: 0, maxX: list.width, maxY: list.height)
        boxes.removeAll(keepingCapacity: true)
        boxes.append(contentsOf: repeatElement(nil, count: items.count))
        open.removeAll(keepingCapacity: true)
        readsAround = false
        for i in items.indices {
            switch items[i] {
            case .beginLayer(let layer):
                readsAround = readsAround || layer.blur >= 0.25 || layer.shadow != nil || layer.backdrop != nil
                guard layer.backdrop == nil else { return forget() }
                open.append((i, .empty, true))
            case .endLayer:
                guard let top = open.popLast(), case .beginLayer(let layer) = items[top.index] else {
                    boxes[i] = .empty // closes nothing, changes nothing
                    continue
                }
                let box = top.known ? Self.holds(layer, content: top.content) : nil
                boxes[top.index] = box
                guard let k = open.indices.last else { continue }
                if let mode = layer.maskMode {
                    if !mode.isInverted, let box { open[k].content = open[k].content.cut(to: box) }
                } else if let box {
                    open[k].content = open[k].content.union(box)
                } else {
                    open[k].known = false
                }
            default:
                let box = ItemBox.of(items[i], in: frame)
                guard let k = open.indices.last else {
                    boxes[i] = box
                    continue
                }
                if let box { open[k].content = open[k].content.union(box) }
            }
        }
    }

    /// What `layer` holds when it closes, having drawn `content`; nil when
    /// it reaches beyond it.
    private static func holds(_ layer: Layer, content: PixelBox) -> PixelBox? {
        guard layer.blur < 0.25, layer.shadow == nil else { return nil }
        // A mask layer's clip is not applied (`Layer.maskMode`).
        guard layer.maskMode == nil, layer.blend == .normal, let clip = layer.clip else { return content }
        let bounds = clip.path.controlBounds
        return bounds.isEmpty ? .empty : content.cut(to: PixelBox(covering: clip.transform.boundingBox(of: bounds)))
    }

    private mutating func forget() {
        for i in boxes.indices { boxes[i] = nil }
        open.removeAll(keepingCapacity: true)
    }
}
