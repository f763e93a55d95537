import CFFmpeg
import Dispatch

/// Runs a `VideoEncoder` on a thread of its own, one frame behind the
/// caller: x264's slice threads share each frame and return only when it
/// is encoded, so a caller that converted the next frame itself (RGBA →
/// YUV) left the encoder idle meanwhile. Here the caller converts frame
/// N + 1 while frame N is encoded.
///
/// The caller and the encoding thread never touch the encoder at once:
/// the caller hands a frame over only after `wait()` has seen the last one
/// done, and uses the encoder itself (to finish or free it) only after
/// `wait()` too; the group's wait orders the memory. That is what makes
/// the `@unchecked Sendable` hold.
final class EncoderThread: @unchecked Sendable {
    let encoder: VideoEncoder
    private let queue = DispatchQueue(label: "reel.video-encoder")
    private let group = DispatchGroup()
    /// What the last frame's encoding threw, reported by the next `wait()`.
    private var failure: Error?

    init(encoder: VideoEncoder) {
        self.encoder = encoder
    }

    /// Starts encoding `frame`, which must stay unchanged until the next `wait()`.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>) {
        let frame = UnsafeSendable(frame)
        queue.async(group: group) {
            do { try self.encoder.encode(frame.value) } catch { self.failure = error }
        }
    }

    /// Waits until the frame handed over last is encoded.
    /// - Throws: what encoding it threw.
    func wait() throws {
        group.wait()
        if let failure {
            self.failure = nil
            throw failure
        }
    }

    /// A pointer moved to the encoding thread, used there alone until `wait()`.
    private struct UnsafeSendable<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
