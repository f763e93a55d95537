import DisplayList
import Pixels

/// Where a rasterizer gets the pixels of the video frames a display list
/// names. One per rasterizer (so per worker thread): it may keep decoders
/// and the frame it last returned, unlocked.
public protocol VideoFrameSource: AnyObject {
    /// The frame's pixels, premultiplied; nil when it cannot be had (the
    /// fill then covers nothing, as a missing image does).
    func bitmap(for frame: VideoFrameRef) -> Bitmap?
}
