import Foundation
import Pipeline
import Raster

/// The rasterizers of one scene version, lent to one frame at a time.
///
/// A rasterizer keeps per-worker scratch buffers, so it is used by one thread
/// at a time; how many frames are drawn at once is bounded by the studio's
/// worker slots (`FrameService`), which also bounds how many exist.
final class RasterizerPool: @unchecked Sendable {
    private let prepared: PreparedScene
    private let lock = NSLock()
    private var idle: [Rasterizer] = []

    init(_ prepared: PreparedScene) { self.prepared = prepared }

    func withRasterizer<T>(_ body: (Rasterizer) throws -> T) rethrows -> T {
        lock.lock()
        let rasterizer = idle.popLast() ?? prepared.makeRasterizer()
        lock.unlock()
        defer {
            lock.lock()
            idle.append(rasterizer)
            lock.unlock()
        }
        return try body(rasterizer)
    }
}
