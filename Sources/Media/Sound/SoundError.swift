/// Why a sound file could not be decoded, as data; the wording lives in
/// `description`. Problems reading the file itself (missing, unreadable,
/// too large) are `MediaError`s, worded as for images.
public enum SoundError: Error, Equatable, CustomStringConvertible {
    /// libavformat does not recognise the file (`reason` is FFmpeg's text).
    case notSound(path: String, reason: String)
    /// A media file with no audio stream (a picture, a silent video).
    case noSoundStream(path: String)
    /// An audio stream this FFmpeg has no decoder for; `codec` is its name.
    case unsupportedCodec(path: String, codec: String)
    /// The header describes no sound that can be played: `reason` says
    /// what (FFmpeg's words where it gave them), e.g. "invalid sample rate: 0".
    case invalidHeader(path: String, reason: String)
    /// Decoding stopped at `seconds` of the file; `reason` is FFmpeg's text.
    case damaged(path: String, seconds: Double, reason: String)
    /// The file ends before the length its header gives, both in seconds.
    case truncated(path: String, seconds: Double, expected: Double)

    public var description: String {
        switch self {
        case let .notSound(path, reason):
            return "cannot decode \(path): not a sound file (\(reason))"
        case .noSoundStream(let path):
            return "cannot decode \(path): it holds no sound"
        case let .unsupportedCodec(path, codec):
            return "cannot decode \(path): no decoder for its sound (codec \(codec))"
        case let .invalidHeader(path, reason):
            return "cannot decode \(path): its header is not valid (\(reason))"
        case let .damaged(path, seconds, reason):
            return "cannot decode \(path): damaged or cut off at \(Self.seconds(seconds)) s (\(reason))"
        case let .truncated(path, seconds, expected):
            return "cannot decode \(path): it is truncated (\(Self.seconds(seconds)) of \(Self.seconds(expected)) s readable)"
        }
    }

    /// Seconds with at most three decimals, no trailing zeros: "1.5", "0.021".
    static func seconds(_ s: Double) -> String {
        let ms = Int((max(s, 0) * 1000).rounded())
        var fraction = String(ms % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(ms / 1000)" + (fraction.isEmpty ? "" : "." + fraction)
    }
}
