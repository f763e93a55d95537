import Animation

/// The one time base: frame ↔ time for every stage (evaluation, emitters,
/// posters, stills, plans of split renders, the studio and its page), so a
/// frame drawn by its number and the same moment drawn by its time are the
/// same picture.
extension Canvas {
    /// Frame i is rendered at start + i / fps seconds.
    public func time(ofFrame i: Int) -> Double { start + Double(i) / fps }

    /// Frames per second of a video of every `every`th frame: fps ÷ every.
    public func videoFPS(every: Int) -> Double { fps / Double(every) }

    /// Where frame i of a video of every `every`th frame starts, seconds
    /// from the video's start.
    public func videoTime(ofFrame i: Int, every: Int) -> Double { Double(i) / videoFPS(every: every) }

    /// The frame `time` falls in: the last frame whose time is at most `time`
    /// (exactly `i` for `time(ofFrame: i)`, whatever the rounding of
    /// time × fps). Not clamped to the scene; 0 for a time too large to count.
    public func frame(containing seconds: Double) -> Int {
        let estimate = ((seconds - start) * fps).rounded(.down)
        guard estimate.isFinite, abs(estimate) < 1e15 else { return 0 }
        let k = Int(estimate)
        if time(ofFrame: k + 1) <= seconds { return k + 1 }
        if time(ofFrame: k) > seconds { return k - 1 }
        return k
    }

    /// The frame shown at `time` seconds, within the scene's frames.
    public func frame(at time: Double) -> Int { min(max(frame(containing: time), 0), frameCount - 1) }

    /// Whether `time` is exactly a frame's time, so drawing that frame draws this moment.
    public func frameExactly(at seconds: Double) -> Int? {
        let f = frame(containing: seconds)
        return f >= 0 && f < frameCount && time(ofFrame: f) == seconds ? f : nil
    }
}

extension Scene {
    /// What expressions and timelines read at frame `index`.
    public func context(frame index: Int) -> TimelineContext {
        TimelineContext(timeline: timeline, time: canvas.time(ofFrame: index), frame: index, seed: seed)
    }

    /// What expressions and timelines read at `time` seconds (any time, not
    /// only a frame's); `frame` is the frame the time falls in.
    public func context(at time: Double) -> TimelineContext {
        TimelineContext(timeline: timeline, time: time, frame: canvas.frame(containing: time), seed: seed)
    }
}
