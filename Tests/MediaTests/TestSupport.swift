import Foundation
import Pixels
import ProcessRunner

/// A fresh empty folder under /tmp, removed by `remove()`.
struct ScratchFolder {
    let path: String

    /// The ID of a process that has already exited, as a killed render's
    /// temporaries carry.
    static func finishedProcessID() throws -> Int32 {
        let finished = try Program("/bin/true").start([])
        _ = try finished.wait()
        return finished.processIdentifier
    }

    init() throws {
        path = NSTemporaryDirectory() + "reel-media-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    /// Every entry in the folder, hidden ones included, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Creates a plain file holding `bytes`.
    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

extension Bitmap {
    /// Every pixel the same premultiplied RGBA value.
    static func solid(width: Int, height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b; pixels[i + 3] = a
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}

/// The largest per-channel difference between two equally sized byte arrays.
func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    precondition(a.count == b.count)
    return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}
