import Pixels

/// A video file opened for a video layer: its content digest, and when
/// each of its frames shows. Checked once when the scene is prepared —
/// the file opens, its packets read to the end and its first frame
/// decodes — so a missing, damaged or undecodable clip is refused before
/// anything is drawn. Its pixels are read later, by a `SharedVideoDecoder` per render.
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
