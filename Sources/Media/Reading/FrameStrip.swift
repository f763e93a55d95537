import CZstd
import Pixels

/// Many small frames of one size stored losslessly as one Zstandard stream:
/// a 20-byte header (`REELSTR1`, then count, width and height as 32-bit
/// little-endian numbers) and the premultiplied pixels of every frame, one
/// after the other.
///
/// One stream rather than a file per frame: consecutive frames of an
/// animation look alike, and zstd finds each frame's likeness to the one
/// before it, so a strip compresses far better than its frames one by one
/// (what golden manifests keep their thumbnails in).
public enum FrameStrip {
    private static let magic = Array("REELSTR1".utf8)
    private static let headerSize = 20

    /// `frames` (all of one size; at least one) at zstd `level` (1 … 19).
    public static func encode(_ frames: [Bitmap], level: Int32 = 12) throws -> [UInt8] {
        guard let first = frames.first, frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw MediaError.invalidSettings(path: "frame strip", reason: "a strip needs at least one frame, all of one size")
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(frames.count * first.pixels.count)
        for frame in frames { raw.append(contentsOf: frame.pixels) }
        var out = magic
        for v in [UInt32(frames.count), UInt32(first.width), UInt32(first.height)] {
            withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
        }
        let bound = ZSTD_compressBound(raw.count)
        out.append(contentsOf: repeatElement(0, count: bound))
        let size = out.withUnsafeMutableBytes { dst in
            raw.withUnsafeBytes { src in ZSTD_compress(dst.baseAddress! + headerSize, bound, src.baseAddress, src.count, level) }
        }
        guard ZSTD_isError(size) == 0 else {
            throw MediaError.encodingFailed(path: "frame strip", step: "zstd compression", reason: String(cString: ZSTD_getErrorName(size)))
        }
        out.removeLast(bound - size)
        return out
    }

    /// The frames in `bytes`; `name` (a path) labels errors.
    /// - Throws: `MediaError.cannotDecode` saying where the data ends or is
    ///   damaged: after how many of its frames, at which byte.
    public static func decode(_ bytes: [UInt8], name: String) throws -> [Bitmap] {
        guard bytes.count >= headerSize, Array(bytes[0..<8]) == magic else {
            throw MediaError.cannotDecode(path: name, reason: bytes.count < headerSize && magic.starts(with: bytes.prefix(8))
                                          ? "the file ends inside its \(headerSize)-byte header (\(bytes.count) bytes)"
                                          : "not a frame strip (no REELSTR1 header)")
        }
        func field(_ at: Int) -> Int {
            Int(UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        let (count, width, height) = (field(8), field(12), field(16))
        guard count > 0, width > 0, height > 0, width * height <= ImageDecoder.maxPixels, count <= (1 << 32) / (width * height) else {
            throw MediaError.cannotDecode(path: name, reason: "implausible header: \(count) frames of \(width)×\(height)")
        }
        let frameBytes = width * height * 4
        var raw = [UInt8](repeating: 0, count: count * frameBytes)
        let stream = ZSTD_createDStream()
        defer { ZSTD_freeDStream(stream) }
        var produced = 0, consumed = 0
        var failure: String?
        bytes.withUnsafeBytes { src in
            raw.withUnsafeMutableBytes { dst in
                var input = ZSTD_inBuffer(src: src.baseAddress! + headerSize, size: src.count - headerSize, pos: 0)
                var output = ZSTD_outBuffer(dst: dst.baseAddress, size: dst.count, pos: 0)
                while output.pos < output.size {
                    let before = (input.pos, output.pos)
                    let status = ZSTD_decompressStream(stream, &output, &input)
                    if ZSTD_isError(status) != 0 { failure = String(cString: ZSTD_getErrorName(status)); break }
                    if (input.pos, output.pos) == before { break }
                }
                (produced, consumed) = (output.pos, headerSize + input.pos)
            }
        }
        guard produced == raw.count else {
            let whole = produced / frameBytes
            let what = failure.map { "damaged (\($0))" } ?? "truncated"
            throw MediaError.cannotDecode(path: name, reason: "\(what): the data ends after \(whole) of \(count) frames, at byte \(consumed) of \(bytes.count)")
        }
        return (0..<count).map { i in Bitmap(width: width, height: height, pixels: Array(raw[i * frameBytes..<(i + 1) * frameBytes])) }
    }
}
