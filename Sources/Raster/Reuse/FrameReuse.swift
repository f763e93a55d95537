import Determinism
import Dispatch
import Glibc
import Synchronization
import DisplayList
import Pixels

/// What a rasterizer keeps from the frames it drew, so the next frame can
/// take over what did not change instead of drawing it again (browsers'
/// layer and raster caches, in display-list form):
///
/// - **The frame's start.** When the first items of a frame (up to a point
///   where no layer is open) are the same bytes as in the frame before, the
///   pixels they left are kept and the next frame with those items starts
///   from a copy: a full-screen background image and the frosted layer over
///   it are drawn once per worker, not once per frame.
/// - **Layers.** A layer whose items, and own effects (clip, shadow, blur),
///   are the same bytes as one kept from the previous frame is composited
///   from that one's finished pixels with its current opacity and blend.
///   A layer is kept once two frames running drew it the same.
///   A layer with a backdrop inside reads what lies beneath it, which its
///   own bytes do not cover: it is never taken over (the frame's start
///   covers that case, as everything beneath is then part of the start).
///
/// - **Rows.** A frame drawn into a buffer that holds a frame this reuse
///   drew (`Bitmap.contentTag`) is drawn only in the rows where the two
///   differ (`FrameDamage`); the start and the layers are then neither
///   restored nor kept, as the rows outside are not drawn.
///
/// Keys are the canonical bytes of the items (`EncodedItems`, from the
/// frame's one encoding), compared in full, so a reused result is bit for
/// bit what drawing gives. Memory: the start's drawn box, and layers up to
/// two frames' pixels, dropped when a frame does not use them.
public final class FrameReuse {
    /// Off with `REEL_NO_REUSE=1` in the environment, for comparing.
    public static let enabledByEnvironment: Bool = {
        guard let value = getenv("REEL_NO_REUSE") else { return true }
        return String(cString: value) != "1"
    }()

    private var current = EncodedItems()
    private var previous = EncodedItems()
    private var damage = FrameDamage(EncodedItems(), layers: LayerBounds())
    /// The last frames drawn, by the tag their buffers carry: a frame's
    /// buffer comes back when it is delivered, a frame or two later.
    private var drawn: [(tag: UInt64, damage: FrameDamage)] = []
    private static let tags = Atomic<UInt64>(1)
    /// Whether this frame is drawn in the rows that changed only.
    private(set) var partial = false
    /// Frames drawn in the rows that changed only, and the last one's rows.
    private(set) var partialFrames = 0
    private(set) var lastRows: Range<Int>?

    /// The start's drawn box (`StartCopy`); nil when none is kept.
    private var start: [UInt32]?
    /// What the start was drawn over, the bytes of its items and their count.
    private var startBase = EncodedItems.Base()
    private var startBytes: [UInt8] = []
    private var startCount = 0
    private var startDirty = PixelBox.empty
    /// Where this frame's start is kept: the item index before which it is copied.
    private(set) var keepStartAt: Int?
    private var frameBegan: UInt64 = 0

    private struct Entry {
        var key: [UInt8]
        var box: PixelBox
        var pixels: [UInt32]
        var used: Bool
    }
    private var entries: [UInt64: Entry] = [:]
    /// Layers drawn in the frame before and in this one, by key hash: a
    /// layer's pixels are kept only when it was drawn the same in the frame
    /// before too, so the layers an animation changes every frame cost no
    /// copy (a layer that stays is taken over from its third frame on).
    private var drawnBefore = Set<UInt64>(), drawnNow = Set<UInt64>()
    private var storedPixels = 0
    private var budget = 0
    private var keyScratch = CanonicalBytes()
    /// Layers open now: the index of their `beginLayer` and, when drawn
    /// to be kept, their key and its hash.
    private var open: [(index: Int, key: (bytes: [UInt8], hash: UInt64)?)] = []

    var items: EncodedItems { current }
    /// Items not drawn because their pixels were taken over, and layers
    /// composited from kept pixels, since the rasterizer was made.
    private(set) var skippedItems = 0
    private(set) var keptLayersUsed = 0
    /// Layers whose finished pixels were copied to be kept.
    private(set) var layersKept = 0

    /// The canonical bytes of `list`, for a frame not encoded before: in a
    /// buffer the size of the last frame's.
    func encode(_ list: DisplayList) -> EncodedDisplayList {
        EncodedDisplayList(list, capacity: current.frame.bytes.count)
    }

    /// Takes `frame`, drawn from item `first` over `clear` (its background,
    /// premultiplied), into a buffer tagged `tag`, its boxes in `layers`:
    /// returns the rows to draw when the buffer holds a frame drawn here
    /// before (empty: none), nil when the whole frame is to be drawn.
    func prepare(_ frame: EncodedDisplayList, first: Int, clear: UInt32, into tag: UInt64,
                 layers: LayerBounds) -> Range<Int>? {
        frameBegan = DispatchTime.now().uptimeNanoseconds
        swap(&current, &previous)
        current.take(frame, first: first, clear: clear)
        damage = FrameDamage(current, layers: layers)
        let rows = tag == 0 ? nil : drawn.first { $0.tag == tag }.flatMap { damage.rows(since: $0.damage) }
        partial = rows != nil
        lastRows = rows
        if partial { partialFrames += 1 }
        return rows
    }

    /// Starts the frame taken by `prepare`: returns the index drawing goes
    /// on from (`first` when no kept start covers its first items), after
    /// copying the start into `bitmap`, and the start's drawn box.
    func begin(bitmap: inout Bitmap) -> (index: Int, dirty: PixelBox) {
        let frame = current.frame, first = current.first
        open.removeAll(keepingCapacity: true)
        budget = 2 * frame.list.width * frame.list.height
        var restored = (index: first, dirty: PixelBox.empty)
        guard !partial else {
            keepStartAt = nil
            return restored
        }
        if startCount > 0, let start, startBase == current.base, first + startCount <= frame.list.items.count,
           EncodedItems.same(current.bytes(of: first..<(first + startCount)), startBytes) {
            StartCopy.restore(start, into: &bitmap, drawn: startDirty, clear: current.base.clear)
            restored = (first + startCount, startDirty)
            skippedItems += startCount
        }
        let common = first + current.commonTopLevelPrefix(with: previous)
        keepStartAt = common > restored.index ? common : nil
        return restored
    }

    /// Keeps `frame` (everything drawn by items `first`..<`keepStartAt`) as
    /// the next frames' start, unless drawing them took less than copying a
    /// frame twice would (a solid background, say).
    func keepStart(_ frame: Bitmap, dirty: PixelBox) {
        guard let end = keepStartAt else { return }
        keepStartAt = nil
        // About 4 GB/s for a copy in and a copy out of the drawn box.
        let drawn = dirty.intersection(PixelBox(minX: 0, minY: 0, maxX: frame.width, maxY: frame.height))
        let copying = drawn.isEmpty ? 0 : UInt64((drawn.maxX - drawn.minX) * (drawn.maxY - drawn.minY)) * 2
        guard DispatchTime.now().uptimeNanoseconds - frameBegan > copying else { return }
        start = StartCopy.keep(frame, drawn: dirty)
        startBase = current.base
        startBytes = Array(current.bytes(of: current.first..<end))
        startCount = end - current.first
        startDirty = dirty
    }

    /// A layer opens at item `index` over a parent holding `parent`: its
    /// kept pixels (box, rows of the box's width) when the same layer was
    /// drawn last frame over the same box, else nil and the layer is drawn
    /// (and kept when it closes). The parent's box is part of the key, as
    /// the kept pixels are cut to it (`LayerBounds` narrows parents).
    func openLayer(at index: Int, _ layer: Layer, over parent: PixelBox) -> (box: PixelBox, pixels: [UInt32])? {
        guard !current.readsBeneath[index] else {
            open.append((index, nil))
            return nil
        }
        var effects = layer
        effects.opacity = 1
        effects.blend = .normal
        keyScratch.removeAll()
        keyScratch.append(effects)
        keyScratch.append(parent.minX); keyScratch.append(parent.minY)
        keyScratch.append(parent.maxX); keyScratch.append(parent.maxY)
        var key = keyScratch.bytes
        key.append(contentsOf: current.bytes(of: (index + 1)..<current.closing[index]))
        let hash = Self.hash(key)
        if var entry = entries[hash], EncodedItems.same(entry.key, key) {
            entry.used = true
            entries[hash] = entry
            skippedItems += current.closing[index] - index + 1
            keptLayersUsed += 1
            // Its items are skipped: no `closeLayer` follows.
            return (entry.box, entry.pixels)
        }
        open.append((index, (key, hash)))
        return nil
    }

    /// The layer opened last closes with its effects applied: `pixels` over
    /// `box` (rows of `rowPixels`) are kept if it was drawn to be kept.
    func closeLayer(pixels: UnsafePointer<UInt32>, rowPixels: Int, box: PixelBox) {
        guard let last = open.popLast(), let (key, hash) = last.key else { return }
        drawnNow.insert(hash)
        let count = (box.maxX - box.minX) * (box.maxY - box.minY)
        guard !partial, drawnBefore.contains(hash), count > 0, storedPixels + count <= budget else { return }
        let w = box.maxX - box.minX
        let kept = [UInt32](unsafeUninitializedCapacity: count) { k, initialized in
            for y in box.minY..<box.maxY {
                (k.baseAddress! + (y - box.minY) * w).initialize(from: pixels + y * rowPixels + box.minX, count: w)
            }
            initialized = count
        }
        if let old = entries[hash] { storedPixels -= old.pixels.count }
        entries[hash] = Entry(key: key, box: box, pixels: kept, used: true)
        storedPixels += count
        layersKept += 1
    }

    /// Drops the layers the frame did not use; returns the tag of the
    /// frame drawn, for its buffer.
    func finish() -> UInt64 {
        for (hash, entry) in entries where !entry.used {
            storedPixels -= entry.pixels.count
            entries[hash] = nil
        }
        for hash in entries.keys { entries[hash]!.used = false }
        swap(&drawnBefore, &drawnNow)
        drawnNow.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        let tag = Self.tags.add(1, ordering: .relaxed).oldValue
        if drawn.count == Self.framesRemembered { drawn.removeFirst() }
        drawn.append((tag, damage))
        return tag
    }

    /// Buffers in flight a worker sees come back: a scheduler's window.
    private static let framesRemembered = 4

    /// FNV-1a over 8-byte words, for the table only: a match is confirmed
    /// by comparing the keys themselves.
    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h = FNV1a()
        bytes.withUnsafeBytes { h.combine(words: $0) }
        return h.value
    }
}
