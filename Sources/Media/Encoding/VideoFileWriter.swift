import Pixels

/// What the libavcodec video writers (`MP4Writer`, `MOVWriter`,
/// `WebMWriter`) share: the frame size, rate and path, and one
/// `VideoEncodingSession` that every `FrameSink` call goes to. Each subclass
/// only chooses its codec and container.
///
/// The file is written to a hidden temporary next to `path` and renamed into
/// place by `finish()`; on any error or `cancel()` the temporary is removed.
public class VideoFileWriter: FrameSink {
    /// The final file.
    public let path: String
    /// The size every frame must have, in pixels.
    public let width: Int
    public let height: Int
    /// Frames per second, as given.
    public let fps: Double

    private let session: VideoEncodingSession

    /// Checks the size and rate, creates the temporary and writes the
    /// header, so a bad path or setting fails before any rendering. `sound`
    /// (the whole track, from the first frame) goes into a stream beside the video's.
    init(path: String, width: Int, height: Int, fps: Double, settings: VideoEncoder.Settings,
         alpha: FrameConverter.Alpha, sound: SoundSamples?) throws {
        try VideoSettingsCheck.size(width, height, path: path)
        try VideoSettingsCheck.fps(fps, path: path)
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        session = try VideoEncodingSession(path: path, width: width, height: height, settings: settings, alpha: alpha,
                                           sound: sound)
    }

    /// Conversion and encoder time so far.
    public var times: VideoWriteTimes { session.times }

    public func write(_ frame: Bitmap) throws {
        try session.write(frame)
    }

    /// Flushes the encoder (which may hold back frames, e.g. libvpx up to 25
    /// for alternate references), writes the index, closes the file and
    /// renames it into place.
    public func finish() throws {
        try session.finish()
    }

    public func cancel() {
        session.cancel()
    }
}
