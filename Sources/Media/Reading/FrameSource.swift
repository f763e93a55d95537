import Pixels

/// A frame read back from a video file or a PNG sequence, and when it is shown.
public struct TimedFrame: Sendable {
    /// Seconds from the first frame of the source (its presentation time).
    public var time: Double
    /// Premultiplied RGBA, as frames are drawn (see `Bitmap`).
    public var bitmap: Bitmap

    public init(time: Double, bitmap: Bitmap) {
        self.time = time
        self.bitmap = bitmap
    }
}

/// Frames in presentation order from a file or folder (`VideoFrameReader`,
/// `PNGSequenceReader`), one at a time, so a long video never needs to be
/// held in memory.
public protocol FrameSource: AnyObject {
    /// The path the frames come from, for messages.
    var path: String { get }
    /// Frames per second, when the source states it.
    var frameRate: Double? { get }
    /// The next frame; nil after the last.
    func next() throws -> TimedFrame?
}
