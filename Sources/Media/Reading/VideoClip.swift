import Pixels

/// A video file opened for a video layer: its content digest, and when
/// each of its frames shows. Checked once when the scene is prepared —
/// the file opens, its packets read to the end and its first frame
/// decodes — so a missing, damaged or undecodable clip is refused before
/// anything is drawn. Its pixels are read later, by a `VideoCursor` per worker.
public struct VideoClip: Sendable {
    public let path: String
    /// SHA-256 of the file's bytes.
    public let digest: String
    /// Frame size in pixels.
    public let width: Int
    public let height: Int
    /// Each frame's presentation stamp (stream time base), increasing.
    public let stamps: [Int64]
    /// The same as seconds from the stream's start, and where the last frame ends.
    public let times: [Double]
    public let end: Double

    /// Opens and checks `path`.
    /// - Throws: `MediaError` naming the file.
    public init(path: String) throws {
        self.path = path
        let reader = try VideoFrameReader(path: path, exactChroma: false)
        let (stamps, end) = try reader.frameStamps()
        guard try reader.advance() != nil else { throw MediaError.cannotDecode(path: path, reason: "no frame decodes") }
        let first = try reader.currentBitmap()
        digest = try ContentDigest.of(fileAt: path)
        width = first.width
        height = first.height
        self.stamps = stamps
        times = stamps.map { reader.seconds(ofStamp: $0, first: stamps[0]) }
        self.end = reader.seconds(ofStamp: end, first: stamps[0])
    }
}

/// Reads one clip's frames for one worker: decodes forward from where it
/// stands, seeking only when asked for a frame behind it or far ahead, and
/// keeps the last frame it converted (a held or slowed clip asks for it
/// again). One decoder and one frame per clip and worker, however long
/// the clip.
public final class VideoCursor {
    public let clip: VideoClip
    private var reader: VideoFrameReader?
    /// The index of the frame the reader last decoded.
    private var position: Int?
    private var shown: (index: Int, bitmap: Bitmap)?
    /// Frames ahead beyond which a seek (to the key frame before the one
    /// wanted) is taken instead of decoding through them.
    static let seekDistance = 120

    public init(clip: VideoClip) {
        self.clip = clip
    }

    /// The pixels of frame `index` (presentation order), premultiplied.
    /// - Throws: `MediaError` when the file can no longer be read or decoded.
    public func bitmap(at index: Int) throws -> Bitmap {
        if let shown, shown.index == index { return shown.bitmap }
        let index = min(max(index, 0), clip.stamps.count - 1)
        if reader == nil { reader = try VideoFrameReader(path: clip.path, exactChroma: false) }
        // How many frames before the one wanted a seek aims: more each time
        // a seek lands past it (a key frame decoded before frames it follows).
        var lead = 0
        while true {
            if let at = position, at < index, index - at <= Self.seekDistance {
                // Decoding on from here reaches it.
            } else if position != nil || index > 0 {
                try seek(to: max(index - lead, 0))
            }
            while position.map({ $0 < index }) ?? true {
                guard let stamp = try reader!.advance() else { break }
                position = frameIndex(of: stamp)
            }
            guard let at = position else { throw MediaError.cannotDecode(path: clip.path, reason: "frame \(index) does not decode") }
            if at > index && lead < index {
                lead = max(2 * lead, 8)
                position = nil
                continue
            }
            break
        }
        let bitmap = try reader!.currentBitmap()
        shown = (index, bitmap)
        return bitmap
    }

    /// Moves the reader to the key frame at or before frame `index`.
    private func seek(to index: Int) throws {
        position = nil
        do {
            try reader!.seek(to: clip.stamps[index])
        } catch {
            // A container without an index (GIF) starts again instead.
            reader = try VideoFrameReader(path: clip.path, exactChroma: false)
        }
    }

    /// The index of the frame stamped `stamp` (or the last one before it).
    private func frameIndex(of stamp: Int64) -> Int {
        var low = 0, high = clip.stamps.count
        while low < high {
            let mid = (low + high) / 2
            if clip.stamps[mid] <= stamp { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }
}
