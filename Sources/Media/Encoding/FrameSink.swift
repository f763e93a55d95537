import Pixels

/// A destination for rendered frames: a PNG sequence, a video file.
///
/// Frames arrive in order from one thread. A sink owns files that are not yet
/// complete, so every sink ends in exactly one of `finish()` or `cancel()`;
/// after any thrown error the sink has already cleaned up after itself and
/// refuses further frames.
public protocol FrameSink: AnyObject {
    /// Adds the next frame (premultiplied RGBA8, see `Bitmap`).
    func write(_ frame: Bitmap) throws
    /// Completes the output; only then does it appear under its final name.
    func finish() throws
    /// Abandons the output, removing every temporary file. Idempotent, safe
    /// after a failed `write`, and a no-op after a successful `finish()`.
    func cancel()
}
