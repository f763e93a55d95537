/// One frame of a video clip, as a display list names it: the clip by the
/// SHA-256 of its file and the frame by its place in presentation order.
/// The pixels are not here: the rasterizer fetches them from its
/// `VideoFrameSource`, so evaluation stays a pure function of scene and
/// time, and a frame cache keyed by the list's bytes keys on the clip's
/// content and the frame shown.
public struct VideoFrameRef: Sendable, Equatable, Hashable {
    /// SHA-256 of the clip's file, 64 lowercase hex digits.
    public var clip: String
    /// Index in presentation order (0 = the first frame shown).
    public var index: Int

    public init(clip: String, index: Int) {
        self.clip = clip
        self.index = index
    }
}

/// When a clip's frames are shown: each frame's presentation time, seconds
/// of the source from its start (edit lists applied), in increasing order.
/// Frame i is shown for source times in [times[i], times[i + 1]), the last
/// until `end`.
public struct VideoTimeline: Sendable, Equatable {
    /// SHA-256 of the file (see `VideoFrameRef.clip`).
    public var digest: String
    /// Frame size in pixels.
    public var width: Int
    public var height: Int
    public var times: [Double]
    /// Where the last frame stops showing: its time plus its duration.
    public var end: Double

    public init(digest: String, width: Int, height: Int, times: [Double], end: Double) {
        self.digest = digest
        self.width = width
        self.height = height
        self.times = times
        self.end = end
    }

    /// Slack for times that are one tick apart only by rounding: a scene
    /// frame at 1001/30000 s shows the source frame stamped there.
    public static let tolerance = 1e-7

    /// The frame shown at source time `t`: the last one whose time is at or
    /// before it (the first frame for times before it).
    public func frame(at t: Double) -> Int {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= t + Self.tolerance { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }

    /// The last frame that starts before `t`: the one held at a trim's out point.
    public func frame(before t: Double) -> Int {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < t - Self.tolerance { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }
}
