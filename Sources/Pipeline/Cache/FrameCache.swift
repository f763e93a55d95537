import DisplayList
import Foundation
import Locking
import Media
import Pixels
import Raster
import Synchronization
import Typesetting

/// Rendered frames kept between renders, named by the digest of what they
/// draw: a frame whose display list is unchanged is read back instead of
/// drawn, so editing a late-appearing layer redraws only the frames it
/// touches.
///
/// The key (`FrameKey`) covers the display list, the scene's images and
/// fonts and the renderer, so a rebuilt `reel` never reuses frames an older
/// one drew. Entries are written under a temporary name and renamed, and a
/// damaged or vanished entry is a miss: two renders may share the folder at
/// once. The folder is trimmed to
/// `limit` bytes, least recently used first.
public final class FrameCache: Sendable {
    public let folder: String
    public let limit: Int
    private let keys: FrameKey
    /// Keys stored (or being stored) by this process, so identical frames of
    /// one render are written once.
    private let claimed = Locked<Set<String>>([])
    private let reusedCount = Atomic<Int>(0)
    private let drawnCount = Atomic<Int>(0)
    private let drawingNanoseconds = Atomic<Int>(0)

    /// Frames read back instead of drawn.
    public var reused: Int { reusedCount.load(ordering: .relaxed) }

    /// Frames drawn (and stored).
    public var drawn: Int { drawnCount.load(ordering: .relaxed) }

    /// Thread-seconds that drawing the reused frames would have cost, at the
    /// average of the frames drawn; nil when none was drawn.
    public var savedSeconds: Double? {
        let drawn = drawnCount.load(ordering: .relaxed)
        guard drawn > 0 else { return nil }
        return Double(drawingNanoseconds.load(ordering: .relaxed)) / 1e9 / Double(drawn) * Double(reused)
    }

    /// Two gibibytes: about 3,000 frames of 1080×1920.
    public static let defaultLimit = 2 << 30

    public init(folder: String, images: [String: Bitmap], fonts: [FontFile] = [], limit: Int = FrameCache.defaultLimit) {
        self.folder = folder
        self.limit = limit
        // Once per render, not before every stored frame (see `store`).
        FrameArchive.removeLeftovers(in: folder)
        keys = FrameKey(images: images, fonts: fonts)
    }

    /// The key of a frame (see `FrameKey`).
    public func key(for frame: EncodedDisplayList) -> String { keys.key(for: frame) }

    /// The cached frame for `key`, or nil.
    public func load(_ key: String, width: Int, height: Int) -> Bitmap? {
        let path = entryPath(key)
        guard let bitmap = FrameArchive.read(contentsOf: path, width: width, height: height) else { return nil }
        utimensat(AT_FDCWD, path, nil, 0) // recently used: trimmed last
        reusedCount.add(1, ordering: .relaxed)
        return bitmap
    }

    /// Keeps `bitmap`, which took `drawingTime` nanoseconds to draw, under
    /// `key`. A cache that cannot be written costs speed, not the render:
    /// failures are ignored.
    public func store(_ key: String, _ bitmap: Bitmap, drawingTime: UInt64) {
        drawnCount.add(1, ordering: .relaxed)
        drawingNanoseconds.add(Int(drawingTime), ordering: .relaxed)
        guard claimed.withLock({ $0.insert(key).inserted }) else { return }
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return }
        try? FrameArchive.write(bitmap, to: entryPath(key), removingLeftovers: false)
    }

    /// Deletes the least recently used entries until the folder holds at most `limit` bytes.
    public func trim() {
        let entries = Self.entries(in: folder)
        var total = entries.reduce(0) { $0 + $1.bytes }
        for entry in entries where total > limit {
            try? FileManager.default.removeItem(atPath: entry.path)
            total -= entry.bytes
        }
    }

    static let suffix = "frame"

    private func entryPath(_ key: String) -> String { "\(folder)/\(key).\(Self.suffix)" }
}
