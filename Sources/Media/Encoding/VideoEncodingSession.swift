import Dispatch
import Pixels

/// The life of a video file written frame by frame, shared by `MP4Writer`,
/// `MOVWriter` and `WebMWriter`: an `AtomicOutput` temporary, two
/// `FrameConverter`s (RGBA → the codec's YUV) taking frames in turn, and a
/// `VideoEncoder` on its own thread (`EncoderThread`), so a frame is
/// converted while the one before it is encoded.
///
/// Follows the `FrameSink` contract: after any thrown error every FFmpeg
/// object is freed, the temporary is removed and further calls throw
/// `outputClosed`; nothing ever appears under the final name unless
/// `finish()` succeeds.
final class VideoEncodingSession {
    let path: String
    /// The size every frame must have, in pixels.
    let width: Int
    let height: Int

    private let output: AtomicOutput
    private var encoder: EncoderThread?
    /// One converter's frame is being encoded while the other's is filled.
    private var converters: [FrameConverter] = []
    private var frames = 0
    private(set) var isOpen = false
    private(set) var times = VideoWriteTimes()

    /// Creates the temporary, opens the encoder and writes the header, so a
    /// bad path or setting fails before any rendering. `settings` gives the
    /// encoded size, which may exceed `width` × `height` (padding); `sound`
    /// is the video's sound track, if it has one.
    init(path: String, width: Int, height: Int, settings: VideoEncoder.Settings,
         alpha: FrameConverter.Alpha, sound: SoundSamples? = nil) throws {
        self.path = path
        self.width = width
        self.height = height
        self.output = try AtomicOutput(finalPath: path)
        do {
            encoder = EncoderThread(encoder: try VideoEncoder(path: path, temporaryPath: output.temporaryPath,
                                                              settings: settings, sound: sound))
            converters = try (0..<2).map { _ in
                try FrameConverter(path: path, width: width, height: height,
                                   encodedWidth: settings.width, encodedHeight: settings.height,
                                   pixelFormat: settings.pixelFormat, alpha: alpha)
            }
        } catch {
            abandon()
            throw error
        }
        isOpen = true
    }

    deinit {
        cancel()
    }

    func write(_ frame: Bitmap) throws {
        guard isOpen else { throw MediaError.outputClosed(path: path) }
        do {
            guard frame.width == width, frame.height == height else {
                throw MediaError.frameSizeMismatch(path: path, expectedWidth: width, expectedHeight: height,
                                                   width: frame.width, height: frame.height)
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let converted = try converters[frames % 2].convert(frame)
            let converting = DispatchTime.now().uptimeNanoseconds
            try encoder!.wait()
            encoder!.encode(converted)
            frames += 1
            times.conversion += converting - start
            times.encoding += DispatchTime.now().uptimeNanoseconds - converting
        } catch {
            abandon()
            throw error
        }
    }

    /// Flushes the encoder, writes the trailer, closes the file and renames
    /// it into place.
    func finish() throws {
        guard isOpen else { throw MediaError.outputClosed(path: path) }
        do {
            try encoder!.wait()
            guard encoder!.encoder.frameCount > 0 else { throw MediaError.noFrames(path: path) }
            try encoder!.encoder.finish()
            release()
            try output.commit()
            isOpen = false
        } catch {
            abandon()
            throw error
        }
    }

    func cancel() {
        if isOpen { abandon() }
    }

    /// Frees every FFmpeg object once the frame being encoded is done;
    /// safe to call repeatedly.
    private func release() {
        try? encoder?.wait()
        converters.forEach { $0.release() }
        converters = []
        encoder?.encoder.release()
        encoder = nil
    }

    /// Frees everything and removes the temporary file.
    private func abandon() {
        release()
        output.discard()
        isOpen = false
    }
}
