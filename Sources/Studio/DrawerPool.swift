import Foundation
import Pipeline

/// The frame drawers of one scene version, lent to one frame at a time.
///
/// A drawer keeps per-worker scratch buffers, so it is used by one thread
/// at a time; how many frames are drawn at once is bounded by the studio's
/// worker slots (`FrameService`), which also bounds how many exist.
final class DrawerPool: @unchecked Sendable {
    private let prepared: PreparedScene
    private let lock = NSLock()
    private var idle: [FrameDrawer] = []

    init(_ prepared: PreparedScene) { self.prepared = prepared }

    func withDrawer<T>(_ body: (inout FrameDrawer) throws -> T) rethrows -> T {
        lock.lock()
        var drawer = idle.popLast() ?? FrameDrawer(prepared)
        lock.unlock()
        defer {
            lock.lock()
            idle.append(drawer)
            lock.unlock()
        }
        return try body(&drawer)
    }
}
