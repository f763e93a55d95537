import Locking
import Pixels

/// Delivered frames, ready to be drawn over, each with the worker that drew
/// it: a worker is given back its own last frame when one is free, which
/// its rasterizer draws over in the rows that changed only (`FrameDamage`);
/// another worker's frame it would draw whole.
final class SparePool: Sendable {
    private let free: Locked<[(bitmap: Bitmap, worker: Int)]>

    /// `spares`, drawn by no worker and held nowhere else: a second
    /// reference would make the first write into one copy the whole frame.
    init(_ spares: consuming [Bitmap]) {
        free = Locked((consume spares).map { ($0, -1) })
    }

    func put(_ bitmap: Bitmap, drawnBy worker: Int) {
        free.withLock { $0.append((bitmap, worker)) }
    }

    /// The last frame `worker` drew if it is free, else the last put.
    func take(for worker: Int) -> Bitmap? {
        free.withLock { free in
            guard let i = free.lastIndex(where: { $0.worker == worker }) ?? free.indices.last else { return nil }
            return free.remove(at: i).bitmap
        }
    }
}
