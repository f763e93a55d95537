import Pixels

/// One worker's reader of one clip: frames from the render's shared
/// decoder, converted to RGBA on the worker's own thread with its own
/// scaler. It keeps the last frame it converted, since a held or slowed
/// clip asks for it again.
public final class VideoCursor {
    private let decoder: SharedVideoDecoder
    private let conversion: VideoFrameConversion
    private var shown: (index: Int, bitmap: Bitmap)?

    public init(decoder: SharedVideoDecoder) {
        self.decoder = decoder
        conversion = VideoFrameConversion(path: decoder.clip.path, exactChroma: false)
        decoder.addReader()
    }

    deinit { decoder.removeReader() }

    /// The pixels of frame `index` (presentation order), premultiplied.
    /// - Throws: `MediaError` when the file can no longer be read or decoded.
    public func bitmap(at index: Int) throws -> Bitmap {
        if let shown, shown.index == index { return shown.bitmap }
        let decoded = try decoder.frame(at: index)
        // The frame shown last is let go first, so its memory takes this one.
        var spare = shown.take()?.bitmap.pixels ?? []
        let bitmap = try conversion.bitmap(of: decoded.frame, number: index, reusing: &spare)
        shown = (index, bitmap)
        return bitmap
    }
}
