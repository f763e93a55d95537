import CZstd
import Pixels

/// A rendered frame stored losslessly: a small header and the premultiplied
/// pixels compressed with Zstandard at level 1.
///
/// Not PNG: PNG holds straight alpha, so translucent pixels would not come
/// back bit-exact, and a cached frame must equal a fresh render. zstd level 1
/// measured 3–4× faster than zlib level 1 on rendered frames, with smaller
/// files.
public enum FrameArchive {
    private static let magic = Array("REELFRM1".utf8)
    private static let headerSize = 16

    /// `level`: zstd's, 1 (fastest, the cache's) … 19; golden references,
    /// written once and kept in a repository, take a higher one.
    public static func encode(_ bitmap: Bitmap, level: Int32 = 1) throws -> [UInt8] {
        var out = magic
        for v in [UInt32(bitmap.width), UInt32(bitmap.height)] {
            withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
        }
        let bound = ZSTD_compressBound(bitmap.pixels.count)
        out.append(contentsOf: repeatElement(0, count: bound))
        let size = out.withUnsafeMutableBytes { dst in
            bitmap.pixels.withUnsafeBytes { src in
                ZSTD_compress(dst.baseAddress! + headerSize, bound, src.baseAddress, src.count, level)
            }
        }
        guard ZSTD_isError(size) == 0 else {
            throw MediaError.encodingFailed(path: "frame archive", step: "zstd compression",
                                            reason: String(cString: ZSTD_getErrorName(size)))
        }
        out.removeLast(bound - size)
        return out
    }

    /// The frame in `bytes`, or nil unless they hold a complete frame of
    /// exactly `width` × `height` (a damaged file is a cache miss, not an error).
    public static func decode(_ bytes: [UInt8], width: Int, height: Int) -> Bitmap? {
        guard bytes.count > headerSize, Array(bytes[0..<8]) == magic else { return nil }
        func field(_ at: Int) -> Int {
            Int(UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        guard field(8) == width, field(12) == height else { return nil }
        let count = width * height * 4
        var pixels = [UInt8](repeating: 0, count: count)
        let size = pixels.withUnsafeMutableBytes { dst in
            bytes.withUnsafeBytes { src in
                ZSTD_decompress(dst.baseAddress, count, src.baseAddress! + headerSize, src.count - headerSize)
            }
        }
        guard ZSTD_isError(size) == 0, size == count else { return nil }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Writes `bitmap` to `path` atomically.
    public static func write(_ bitmap: Bitmap, to path: String, removingLeftovers: Bool = true) throws {
        try AtomicOutput.write(encode(bitmap), to: path, removingLeftovers: removingLeftovers)
    }

    /// Removes the temporaries of killed runs from `folder` (a write still in
    /// progress in a live process is kept). A writer of many frames calls this
    /// once and writes with `removingLeftovers: false`: searching a folder of
    /// thousands of frames before every write makes a long render quadratic.
    public static func removeLeftovers(in folder: String) {
        AtomicOutput.removeLeftovers(folder: folder) { $0.contains(".partial-") }
    }

    /// The frame stored at `path`, or nil if it is missing, damaged or of another size.
    public static func read(contentsOf path: String, width: Int, height: Int) -> Bitmap? {
        guard let bytes = try? FileSystem.readFile(path) else { return nil }
        return decode(bytes, width: width, height: height)
    }
}
