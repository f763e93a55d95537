/// The fixed distance between keyframes (the GOP length) of every video Reel
/// writes.
///
/// A render split into chunks (`reel render --shard K/N`, `--chunks N`) is
/// joined by stream copy, which is only possible when each chunk starts on a
/// keyframe that no earlier frame is referenced across. So the encoders
/// place an IDR frame exactly every `length` frames, counted from frame 0 of
/// the whole video, and never elsewhere: x264's scene-cut detection, which
/// would insert keyframes where the content changes, is off (`scenecut=0`),
/// and its GOPs are closed (x264's default). A chunk boundary is then a
/// multiple of `length`, and frame *k* of the 1-process render and the first
/// frame of the chunk starting at *k* are both IDR frames.
public enum KeyframeInterval {
    /// Two seconds of video, at least 1 frame: the usual interval for
    /// streaming, so seeking stays quick, at a small cost in size against
    /// x264's 250-frame default. 1 for a rate the writers refuse anyway
    /// (not finite, or not above 0), which they report.
    public static func standard(fps: Double) -> Int {
        guard fps.isFinite, fps > 0 else { return 1 }
        return max(1, Int(min(2 * fps, Double(range.upperBound)).rounded()))
    }

    /// The allowed lengths, in frames.
    public static let range = 1...10_000

    /// Throws `invalidSettings` naming `path` for a length outside `range`.
    static func check(_ length: Int, path: String) throws {
        guard range.contains(length) else {
            throw MediaError.invalidSettings(path: path, reason: "GOP length must be 1…10000 frames, not \(length)")
        }
    }

    /// x264's options for a fixed GOP: an IDR every `length` frames, and none
    /// from scene cuts. `min-keyint` only matters for scene cuts, which are off.
    static func x264Parameters(_ length: Int) -> String {
        "keyint=\(length):min-keyint=\(length):scenecut=0"
    }
}
