import CImageCodecs
import Pixels

/// Image files → `Bitmap`s: PNG, JPEG, WebP, HEIF and AVIF, told apart by
/// their content (`ImageContent`), never by their names.
///
/// Each format is read by the library browsers use or the reference one
/// (libpng, libjpeg-turbo, libwebp, libheif; docs/MEDIA.md says why), then
/// every format goes through the same steps (`DecodedImage`): colours from
/// the file's ICC profile (or HEIF colour box) to sRGB with Little CMS, a
/// JPEG's EXIF orientation, premultiplication. Every decoder refuses an image
/// over the pixel budget from its header, before pixel memory exists. Safe to
/// call from several threads at once.
public enum ImageDecoder {
    /// Largest width or height accepted, in pixels.
    public static let maxDimension = 16_384
    /// Largest width × height accepted (64 Mi pixels, 256 MiB as RGBA).
    public static let maxPixels = 64 * 1024 * 1024
    /// Largest image file `read` accepts, in bytes (refused by its size, unread).
    public static let maxFileBytes = 256 << 20

    /// Reads and decodes an image file; errors name it by `path`.
    public static func read(contentsOf path: String) throws -> Bitmap {
        try decode(FileSystem.readFile(path, maxBytes: maxFileBytes), name: path)
    }

    /// Decodes the bytes of an image file. `name` labels errors, e.g. a path.
    public static func decode(_ bytes: [UInt8], name: String) throws -> Bitmap {
        try decodeUnconverted(bytes, name: name).bitmap()
    }

    /// The decoder's output, before the shared steps.
    static func decodeUnconverted(_ bytes: [UInt8], name: String) throws -> DecodedImage {
        switch ImageContent(sniffing: bytes) {
        case .image(.png): return try PNGCodec.decodeUnconverted(bytes, name: name)
        case .image(.jpeg): return try JPEGDecoding.decode(bytes, name: name)
        case .image(.webP): return try WebPDecoding.decode(bytes, name: name)
        case .image(let format): return try HEIFDecoding.decode(bytes, name: name, format: format)
        case let content: throw MediaError.unsupportedImage(name: name, content: content)
        }
    }

    /// Throws unless a header's size is within the budget.
    static func checkSize(width: Int, height: Int, name: String) throws {
        guard width <= maxDimension, height <= maxDimension, width * height <= maxPixels else {
            throw MediaError.imageTooLarge(name: name, width: width, height: height)
        }
    }

    /// The error for a failed call into `CImageCodecs`.
    static func error(_ status: cimage_status, format: ImageFormat, name: String,
                      width: UInt32, height: UInt32, message: [CChar]) -> MediaError {
        switch status {
        case CIMAGE_TOO_LARGE: return .imageTooLarge(name: name, width: Int(width), height: Int(height))
        case CIMAGE_TRUNCATED: return .truncatedImage(name: name, format: format)
        case CIMAGE_UNSUPPORTED: return .unsupportedImage(name: name, content: .cmykJPEG)
        default: return .invalidImage(name: name, format: format, reason: text(message))
        }
    }

    /// A NUL-terminated message buffer as text.
    static func text(_ message: [CChar]) -> String {
        message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
