import Dispatch
import DisplayList
import Foundation
import Pipeline

/// PNG frames for the pages: drawn on a fixed number of worker slots, kept
/// in memory by content key, and drawn once when several pages ask at once.
/// A frame takes every slot free when it starts and is drawn in bands on
/// that many threads (`FrameDrawer`): a frame asked for alone — scrubbing,
/// a poster — has all the cores, several at once share them.
///
/// Frames are named by `FrameKey` — the digest of what they draw — not by
/// time or version, so after an edit every frame the edit did not touch is
/// answered from memory (and from the browser's cache through its ETag)
/// without drawing.
final class FrameService: @unchecked Sendable {
    /// Memory for kept PNGs; least recently used go first.
    static let memoryLimit = 256 << 20

    private let slots: DispatchSemaphore
    private let jobs: Int
    private let lock = NSLock()
    private var kept: [String: (png: [UInt8], used: Int)] = [:]
    private var keptBytes = 0
    private var clock = 0
    private var drawing: [String: Drawing] = [:]

    /// `jobs` frames are drawn at most at once.
    init(jobs: Int) {
        self.jobs = max(jobs, 1)
        slots = DispatchSemaphore(value: self.jobs)
    }

    /// The key of `frame` in `version`: the frame's ETag.
    func key(of frame: EncodedDisplayList, in version: LiveScene.Version) -> String {
        version.keys.key(for: frame)
    }

    /// The PNG of `frame` (whose key is `key`): kept, being drawn for another
    /// page (then waited for), or drawn now on a free slot.
    func png(of frame: EncodedDisplayList, key: String, in version: LiveScene.Version) throws -> [UInt8] {
        lock.lock()
        if let hit = kept[key] {
            clock += 1
            kept[key]!.used = clock
            lock.unlock()
            return hit.png
        }
        if let other = drawing[key] {
            lock.unlock()
            return try other.result()
        }
        let mine = Drawing()
        drawing[key] = mine
        lock.unlock()

        let result = Result { () throws -> [UInt8] in
            slots.wait()
            var threads = 1
            while threads < jobs, slots.wait(timeout: .now()) == .success { threads += 1 }
            defer { for _ in 0..<threads { slots.signal() } }
            return try version.drawers.withDrawer { try StillJob.png(frame, drawer: &$0, threads: threads) }
        }
        lock.lock()
        drawing[key] = nil
        if case .success(let png) = result { keep(png, key) }
        lock.unlock()
        mine.finish(result)
        return try result.get()
    }

    /// Stores under `lock`, evicting the least recently used beyond the limit.
    private func keep(_ png: [UInt8], _ key: String) {
        clock += 1
        kept[key] = (png, clock)
        keptBytes += png.count
        while keptBytes > Self.memoryLimit, kept.count > 1,
              let oldest = kept.min(by: { $0.value.used < $1.value.used })?.key {
            keptBytes -= kept.removeValue(forKey: oldest)!.png.count
        }
    }

    /// One frame being drawn, that other requests for it wait on.
    private final class Drawing: @unchecked Sendable {
        private let condition = NSCondition()
        private var outcome: Result<[UInt8], any Error>?

        func finish(_ result: Result<[UInt8], any Error>) {
            condition.lock()
            outcome = result
            condition.broadcast()
            condition.unlock()
        }

        func result() throws -> [UInt8] {
            condition.lock()
            while outcome == nil { condition.wait() }
            let outcome = outcome!
            condition.unlock()
            return try outcome.get()
        }
    }
}
