import Locking

/// Glyph masks shared by every rasterizer of a render (one per worker
/// thread), so each mask is built once per render rather than once per
/// worker.
///
/// Masks are pure functions of their keys, so which worker builds a mask
/// first, or whether it is still cached, never changes a pixel: two workers
/// missing together build the same bytes, and the budget may drop every
/// mask at any time.
public final class GlyphMaskCache: Sendable {
    /// Bytes of masks kept before the cache starts over.
    let budget: Int

    private struct Table {
        var masks: [GlyphMaskKey: GlyphMask] = [:]
        var bytes = 0
    }

    private let table = Locked(Table())

    /// `budget`: bytes of masks kept before the cache starts over (32 MiB
    /// holds some 16,000 glyphs of 32 px text).
    public init(budget: Int = 32 << 20) {
        self.budget = budget
    }

    /// How many masks are cached.
    var count: Int { table.withLock { $0.masks.count } }

    /// Fills `masks[i]` with the cached mask of `keys[i]`, or nil, under one lock.
    func lookup(_ keys: [GlyphMaskKey], into masks: inout [GlyphMask?]) {
        table.withLock { table in
            for i in keys.indices { masks[i] = table.masks[keys[i]] }
        }
    }

    /// Adds freshly built masks (replacing an equal one another worker added meanwhile).
    func insert(_ keys: [GlyphMaskKey], _ masks: [GlyphMask]) {
        let bytes = masks.reduce(0) { $0 + $1.coverage.count * 4 }
        table.withLock { table in
            if table.bytes + bytes > budget {
                table.masks.removeAll()
                table.bytes = 0
            }
            for (key, mask) in zip(keys, masks) where table.masks.updateValue(mask, forKey: key) == nil {
                table.bytes += mask.coverage.count * 4
            }
        }
    }
}
