/// Everything that can go wrong while reading or writing media files.
///
/// Cases carry the path (or a caller-chosen name for in-memory data) and the
/// underlying reason as data, so callers and tests can match on them; the
/// wording lives in one place, `description`.
public enum MediaError: Error, CustomStringConvertible, Equatable {
    /// A file could not be created, written or renamed into place.
    /// `reason` is the system's text for the error, e.g. "Permission denied".
    case cannotWrite(path: String, reason: String)
    /// A file could not be opened or read.
    case cannotRead(path: String, reason: String)
    /// An output folder could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// A video file's stream could not be decoded (a damaged or truncated
    /// file, a codec this FFmpeg lacks); `reason` names the step.
    case cannotDecode(path: String, reason: String)
    /// The bytes start as a file of `format` but its library cannot decode
    /// them; `reason` is the library's text.
    case invalidImage(name: String, format: ImageFormat, reason: String)
    /// The bytes start as a file of `format` but end before its image does.
    case truncatedImage(name: String, format: ImageFormat)
    /// The bytes are not an image Reel reads: another format, text, nothing,
    /// or a kind of a format it reads that it does not convert.
    case unsupportedImage(name: String, content: ImageContent)
    /// An image claims more pixels than `ImageDecoder` accepts
    /// (`ImageDecoder.maxDimension`, `ImageDecoder.maxPixels`).
    case imageTooLarge(name: String, width: Int, height: Int)
    /// An input file is larger than its reader accepts (`ImageDecoder.maxFileBytes`).
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// An output setting is out of range (fps, crf, preset, compression level).
    case invalidSettings(path: String, reason: String)
    /// A frame's size differs from the size the output was opened with.
    case frameSizeMismatch(path: String, expectedWidth: Int, expectedHeight: Int,
                           width: Int, height: Int)
    /// `finish()` was called on a video that received no frames.
    case noFrames(path: String)
    /// A codec or container library call failed; `step` names what was being done.
    case encodingFailed(path: String, step: String, reason: String)
    /// `write` or `finish` after the output was finished, cancelled or failed.
    case outputClosed(path: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "cannot write \(path): \(reason)"
        case let .cannotRead(path, reason):
            return "cannot read \(path): \(reason)"
        case let .cannotCreateFolder(path, reason):
            return "cannot create folder \(path): \(reason)"
        case let .cannotDecode(path, reason):
            return "cannot decode \(path): \(reason)"
        case let .invalidImage(name, format, reason):
            return "cannot decode \(name), \(format.phrase): \(reason)"
        case let .truncatedImage(name, format):
            return "\(name) is truncated: its \(format) data ends early"
        case let .unsupportedImage(name, content):
            return "\(name) is \(content.phrase); \(content.requirement)"
        case let .imageTooLarge(name, width, height):
            return "cannot decode \(name): an image of \(width)×\(height) pixels; the limit is "
                + "\(ImageDecoder.maxDimension) per side and \(ImageDecoder.maxPixels) in total (see docs/LIMITS.md)"
        case let .fileTooLarge(path, bytes, limit):
            return "cannot read \(path): a file of \(bytes) bytes; the limit is \(limit) bytes (see docs/LIMITS.md)"
        case let .invalidSettings(path, reason):
            return "cannot write \(path): \(reason)"
        case let .frameSizeMismatch(path, expectedWidth, expectedHeight, width, height):
            return "cannot write \(path): frame is \(width)×\(height), "
                + "but the output was opened for \(expectedWidth)×\(expectedHeight)"
        case let .noFrames(path):
            return "cannot write \(path): no frames were written"
        case let .encodingFailed(path, step, reason):
            return "cannot encode \(path): \(step) failed: \(reason)"
        case let .outputClosed(path):
            return "cannot write \(path): the output was already finished, cancelled or abandoned after an error"
        }
    }
}
