import CImageCodecs
import Pixels

/// How libpng filters each row before compression.
///
/// `none` with zlib level 3 is the default (`PNGCodec.defaultLevel`,
/// `defaultFilter`): PNG writing is the bottleneck of a PNG-sequence render,
/// and on full-size frames of the bundled scenes it measured 5.3–5.5× faster
/// than libpng's defaults (adaptive filters, level 6) with files 1.23×
/// (snow), 1.34× (calendar) and 2.9× (splash: flat colours, 98 KB against
/// 34 KB) as large. Filters cost more time than they save here: `up` or
/// `paeth` with level 1 run 3.3–5× faster, and the RLE strategy after a
/// filter, fast and small on flat art, makes blurred backdrops 3.6× larger
/// (`reel-benchmarks png SCENE` prints the comparison).
public enum PNGFilter: Sendable, CaseIterable {
    case none, sub, up, average, paeth
    /// libpng picks a filter per row: smallest files, slowest.
    case adaptive

    var c: cpng_filter {
        switch self {
        case .none: CPNG_FILTER_NONE
        case .sub: CPNG_FILTER_SUB
        case .up: CPNG_FILTER_UP
        case .average: CPNG_FILTER_AVG
        case .paeth: CPNG_FILTER_PAETH
        case .adaptive: CPNG_FILTER_ADAPTIVE
        }
    }
}

/// How zlib looks for repeats in the filtered rows.
public enum PNGStrategy: Sendable, CaseIterable {
    /// libpng's choice: `filtered` when rows are filtered, else `default`.
    case automatic
    /// zlib's general matching.
    case `default`
    /// Favours short matches, for filtered data.
    case filtered
    /// Only repeats of the previous byte: fast, and effective after the
    /// `sub` or `up` filter, which turn flat areas into runs of zeros.
    case rle
    /// No matching at all, only Huffman coding.
    case huffmanOnly

    var c: cpng_strategy {
        switch self {
        case .automatic: CPNG_STRATEGY_AUTOMATIC
        case .default: CPNG_STRATEGY_DEFAULT
        case .filtered: CPNG_STRATEGY_FILTERED
        case .rle: CPNG_STRATEGY_RLE
        case .huffmanOnly: CPNG_STRATEGY_HUFFMAN_ONLY
        }
    }
}

/// PNG files ⇄ `Bitmap`s.
///
/// Files hold 8-bit RGBA with straight alpha (RGB when every pixel is
/// opaque: smaller and faster to write); bitmaps hold premultiplied
/// alpha. Both conversions round correctly (`c × 255 / a` and `c × a / 255`),
/// so a bitmap survives encode + decode within ±1 per channel (exactly, for
/// opaque pixels). Encoding writes an sRGB chunk and nothing dependent on the
/// machine or the clock, so equal bitmaps and settings give equal bytes (with
/// the same zlib). Decoding has `ImageDecoder`'s limits and colour handling
/// (an iCCP profile is converted to sRGB). Safe to call from several threads
/// at once.
public enum PNGCodec {
    /// The zlib level files are written with unless told otherwise (see `PNGFilter`).
    public static let defaultLevel = 3
    /// The row filter files are written with unless told otherwise.
    public static let defaultFilter = PNGFilter.none

    /// Encodes to PNG bytes. `level` is the zlib level, 0 (store) … 9 (smallest).
    public static func encode(_ bitmap: Bitmap, level: Int = defaultLevel, filter: PNGFilter = defaultFilter,
                              strategy: PNGStrategy = .automatic) throws -> [UInt8] {
        try encode(bitmap, level: level, filter: filter, strategy: strategy, name: "PNG image")
    }

    /// Decodes PNG bytes of any colour type and bit depth. Gamma chunks are
    /// ignored: samples are sRGB unless an iCCP chunk gives their profile.
    /// `name` labels errors, e.g. a path.
    public static func decode(_ bytes: [UInt8], name: String) throws -> Bitmap {
        try decodeUnconverted(bytes, name: name).bitmap()
    }

    /// Reads and decodes a PNG file (`ImageDecoder.read` takes any format).
    public static func read(contentsOf path: String) throws -> Bitmap {
        try decode(FileSystem.readFile(path, maxBytes: ImageDecoder.maxFileBytes), name: path)
    }

    /// Straight-alpha pixels and the iCCP profile, before `DecodedImage`'s steps.
    static func decodeUnconverted(_ bytes: [UInt8], name: String) throws -> DecodedImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var icc: UnsafeMutablePointer<UInt8>?
        var iccSize = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            cpng_decode(data.baseAddress, data.count,
                        UInt32(ImageDecoder.maxDimension), UInt32(ImageDecoder.maxDimension), UInt64(ImageDecoder.maxPixels),
                        &pixels, &width, &height, &icc, &iccSize, &message, message.count)
        }
        defer { cimage_free(pixels); cimage_free(icc) }
        guard status == CIMAGE_OK, let pixels else {
            throw ImageDecoder.error(status, format: .png, name: name, width: width, height: height, message: message)
        }
        return DecodedImage(width: Int(width), height: Int(height),
                            pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)),
                            colour: ImageColour(iccProfile: icc, count: iccSize))
    }

    /// Encodes and writes a PNG file atomically: the file appears under `path`
    /// complete or not at all.
    public static func write(_ bitmap: Bitmap, to path: String,
                             level: Int = defaultLevel, filter: PNGFilter = defaultFilter,
                             strategy: PNGStrategy = .automatic) throws {
        try AtomicOutput.write(encode(bitmap, level: level, filter: filter, strategy: strategy, name: path), to: path)
    }

    static func encode(_ bitmap: Bitmap, level: Int, filter: PNGFilter, strategy: PNGStrategy = .automatic,
                       name: String) throws -> [UInt8] {
        guard (0...9).contains(level) else {
            throw MediaError.invalidSettings(path: name, reason: "PNG compression level must be 0…9, not \(level)")
        }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            cpng_encode(pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height),
                        Int32(level), filter.c, strategy.c, &data, &size, &message, message.count)
        }
        defer { cimage_free(data) }
        guard status == CIMAGE_OK else {
            throw MediaError.encodingFailed(path: name, step: "PNG encoding", reason: ImageDecoder.text(message))
        }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
