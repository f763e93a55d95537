/// Why `ChunkJoin` refused a set of parts, as data; the wording lives in
/// `description`. Paths are as given. Nothing is written when any of these
/// is thrown.
public enum ChunkError: Error, Equatable, CustomStringConvertible {
    /// A folder to join holds no `*.part-K-of-N.*` files.
    case noParts(folder: String)
    /// A file without a readable `reel_chunk` tag.
    case notAChunk(path: String)
    /// A part whose container Reel does not join (GIF has no chunk tag and
    /// its palette is built for the whole clip).
    case formatNotSupported(path: String, format: String)
    /// The output's container differs from the parts'.
    case outputFormatMismatch(output: String, parts: String)
    /// A part from a different scene, frame selection, encoding or split
    /// than `reference` (the first part).
    case otherScene(path: String, reference: String)
    case otherParameters(path: String, reference: String, parameters: String, expected: String)
    case otherSettings(path: String, reference: String, settings: String, expected: String)
    case otherSplit(path: String, reference: String, parts: Int, expected: Int)
    /// Chunks of `parts` with no file.
    case missing(chunks: [Int], parts: Int)
    /// Two files claim chunk `chunk`.
    case duplicated(chunk: Int, paths: [String])
    /// Two neighbouring chunks' frame ranges overlap, or leave frames out.
    case overlapping(path: String, frames: Range<Int>, previous: String, previousFrames: Range<Int>)
    case gap(path: String, frames: Range<Int>, previous: String, previousFrames: Range<Int>)
    /// The last chunk does not end where the video does.
    case incomplete(path: String, frames: Range<Int>, total: Int)
    /// A part holds fewer frames than its tag says, or a damaged one.
    case truncated(path: String, frames: Int, expected: Int)
    /// A part whose index cannot be read (a file cut inside it);
    /// `reason` is FFmpeg's text.
    case unreadableIndex(path: String, reason: String)
    /// A part's first frame is not a keyframe, so it cannot be joined by copy.
    case noKeyframeAtStart(path: String)
    /// Parts of renders with different sound (`samples` at 48 kHz, 0 for none).
    case otherSound(path: String, reference: String, samples: Int, expected: Int)
    /// Chunk 0 of a render with sound holds no sound stream.
    case missingSound(path: String)

    public var description: String {
        switch self {
        case .noParts(let folder):
            return "cannot join \(folder): it holds no chunks (*.part-K-of-N.mp4, .mov or .webm)"
        case .notAChunk(let path):
            return "cannot join \(path): not a chunk of a Reel render (it has no \(ChunkTag.key) tag)"
        case let .formatNotSupported(path, format):
            return "cannot join \(path): \(format) is not supported for chunks; use mp4, mov or webm"
        case let .outputFormatMismatch(output, parts):
            return "cannot join into \(output): the chunks are \(parts); name the output .\(parts)"
        case let .otherScene(path, reference):
            return "cannot join \(path): it is a chunk of another scene than \(reference)"
        case let .otherParameters(path, reference, parameters, expected):
            return "cannot join \(path): its frames were chosen by \(parameters), those of \(reference) by \(expected)"
        case let .otherSettings(path, reference, settings, expected):
            return "cannot join \(path): it was encoded with \(settings), \(reference) with \(expected)"
        case let .otherSplit(path, reference, parts, expected):
            return "cannot join \(path): it is a chunk of a split into \(parts), \(reference) of a split into \(expected)"
        case let .missing(chunks, parts):
            let list = chunks.map(String.init).joined(separator: ", ")
            return "cannot join: chunk\(chunks.count == 1 ? "" : "s") \(list) of 0-\(parts - 1) \(chunks.count == 1 ? "is" : "are") missing"
        case let .duplicated(chunk, paths):
            return "cannot join: chunk \(chunk) is given twice (\(paths.joined(separator: " and ")))"
        case let .overlapping(path, frames, previous, previousFrames):
            return "cannot join \(path): its frames \(Self.text(frames)) overlap frames \(Self.text(previousFrames)) of \(previous)"
        case let .gap(path, frames, previous, previousFrames):
            return "cannot join \(path): its frames \(Self.text(frames)) do not follow frames \(Self.text(previousFrames)) of \(previous)"
        case let .incomplete(path, frames, total):
            return "cannot join \(path): the last chunk ends at frame \(frames.upperBound - 1), the video has \(total) frames"
        case let .truncated(path, frames, expected):
            return "cannot join \(path): it is truncated (\(frames) of \(expected) frames readable)"
        case let .unreadableIndex(path, reason):
            return "cannot join \(path): it is truncated (its index cannot be read: \(reason))"
        case .noKeyframeAtStart(let path):
            return "cannot join \(path): its first frame is not a keyframe"
        case let .otherSound(path, reference, samples, expected):
            return "cannot join \(path): it is a chunk of a render with \(Self.sound(samples)), \(reference) of one with \(Self.sound(expected))"
        case .missingSound(let path):
            return "cannot join \(path): it is chunk 0 of a render with sound, which it should carry, but it holds none"
        }
    }

    /// "96000 samples of sound", or "no sound".
    static func sound(_ samples: Int) -> String { samples > 0 ? "\(samples) samples of sound" : "no sound" }

    /// "120-239", inclusive, as the command line writes frame ranges.
    static func text(_ frames: Range<Int>) -> String { "\(frames.lowerBound)-\(frames.upperBound - 1)" }
}
