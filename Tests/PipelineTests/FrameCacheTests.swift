import DisplayList
import Foundation
import Geometry
import Media
import Pipeline
import Pixels
import Raster
import Testing

/// The frame cache: keys follow content, entries come back bit-exact, damage
/// is a miss, and the folder is trimmed oldest first.
@Suite struct FrameCacheTests {
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "reel-cache-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func list(_ color: Color, sprites: [Sprite] = []) -> DisplayList {
        var path = Path()
        path.move(to: Point(1, 1)); path.line(to: Point(7, 1)); path.line(to: Point(4, 6)); path.close()
        return DisplayList(width: 8, height: 8, background: .clear,
                           items: [.fill(path: path, transform: .identity, paint: .solid(color), rule: .nonzero),
                                   .sprites(SpriteBatch(sources: [.image("dot")], sprites: sprites))])
    }

    @Test func keysFollowContentAndImages() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))
        let a = FrameCache(folder: dir, images: ["dot": image]), b = FrameCache(folder: dir, images: ["dot": image])
        let red = a.key(for: EncodedDisplayList(list(Color(r: 1, g: 0, b: 0))))
        #expect(red == b.key(for: EncodedDisplayList(list(Color(r: 1, g: 0, b: 0)))))
        #expect(red.count == 64)
        #expect(red != a.key(for: EncodedDisplayList(list(Color(r: 1, g: 0, b: 0.001)))))
        let sprite = Sprite(transform: .identity, tint: 0xFFFF_FFFF, source: 0)
        var tinted = sprite
        tinted.tint = 0xFFFF_FFFE
        #expect(a.key(for: EncodedDisplayList(list(.white, sprites: [sprite]))) != a.key(for: EncodedDisplayList(list(.white, sprites: [tinted]))))
        var changed = image
        changed.pixels[0] = 201
        let c = FrameCache(folder: dir, images: ["dot": changed])
        #expect(red != c.key(for: EncodedDisplayList(list(Color(r: 1, g: 0, b: 0)))))
    }

    @Test func entriesComeBackExactlyAndDamageIsAMiss() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = FrameCache(folder: dir, images: [:])
        // Translucent premultiplied pixels, which a PNG round trip would not keep.
        let frame = Bitmap(width: 3, height: 2, pixels: (0..<24).map { UInt8($0 * 5 % 128) })
        let key = String(repeating: "ab", count: 32)
        cache.store(key, frame, drawingTime: 1_000_000)
        #expect(cache.load(key, width: 3, height: 2) == frame)
        #expect(cache.load(key, width: 2, height: 3) == nil)
        #expect(cache.reused == 1)
        #expect(cache.savedSeconds == 0.001)
        let path = "\(dir)/\(key).frame"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: path))
        #expect(cache.load(key, width: 3, height: 2) == nil)
    }

    /// A render's cache removes the half-written entries of killed runs when
    /// it opens the folder; an entry a live process is writing is kept.
    @Test func leftoversOfKilledRunsAreRemovedOnOpening() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let dead = dir + "/.0123abcd.zst.partial-\(Int32.max)", live = dir + "/.4567ef01.zst.partial-1"
        for path in [dead, live] { #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))) }
        _ = FrameCache(folder: dir, images: [:])
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test func trimRemovesTheLeastRecentlyUsed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frame = Bitmap(width: 16, height: 16, pixels: (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let size = try FrameArchive.encode(frame).count
        let cache = FrameCache(folder: dir, images: [:], limit: 2 * size)
        for (i, key) in ["a", "b", "c"].enumerated() {
            cache.store(key, frame, drawingTime: 0)
            let date = Date(timeIntervalSince1970: 1_000_000 + Double(i))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: "\(dir)/\(key).frame")
        }
        _ = cache.load("a", width: 16, height: 16) // now the most recently used
        cache.trim()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["a.frame", "c.frame"])
    }
}
