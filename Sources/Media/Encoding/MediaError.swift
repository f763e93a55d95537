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
    /// The bytes are not a PNG that libpng can decode.
    case invalidPNG(name: String, reason: String)
    /// A PNG claims more pixels than `PNGCodec` accepts
    /// (`PNGCodec.maxDimension`, `PNGCodec.maxPixels`).
    case imageTooLarge(name: String, width: Int, height: Int)
    /// An input file is larger than its reader accepts (`PNGCodec.maxFileBytes`).
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
        case let .invalidPNG(name, reason):
            return "cannot decode \(name): \(reason)"
        case let .imageTooLarge(name, width, height):
            return "cannot decode \(name): an image of \(width)×\(height) pixels; the limit is "
                + "\(PNGCodec.maxDimension) per side and \(PNGCodec.maxPixels) in total (see docs/LIMITS.md)"
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
