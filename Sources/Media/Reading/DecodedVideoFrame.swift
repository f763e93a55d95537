import CFFmpeg

/// A decoded frame held by reference to the decoder's buffers (counted by
/// libavutil, atomically): no copy, and safe to read on any thread once
/// decoded, so one decoder's frames are converted by the workers that show
/// them. The buffers return to the decoder when the last holder lets go.
final class DecodedVideoFrame: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>

    /// A new reference to `source`'s buffers; nil when memory runs out.
    init?(referencing source: UnsafePointer<AVFrame>) {
        var held = av_frame_alloc()
        guard let copy = held else { return nil }
        guard av_frame_ref(copy, source) >= 0 else {
            av_frame_free(&held)
            return nil
        }
        frame = copy
    }

    deinit {
        var held: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&held)
    }
}
