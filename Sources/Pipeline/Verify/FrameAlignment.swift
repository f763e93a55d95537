import Media

/// Pairs the frames of two sources by presentation time, reading each once,
/// in order: every frame of the first is paired with the frame the second
/// shows at its time — the last that starts no later (within a quarter of
/// the shorter frame duration, for rounded timestamps) and has not ended.
/// A second source at a higher frame rate has frames no pair uses; they are
/// skipped. Frames of the second that start after the first has ended are
/// returned at the end, unpaired.
struct FrameAlignment {
    private let first: FrameSource
    private let second: FrameSource
    private let slack: Double
    private let secondDuration: Double
    private var shown: TimedFrame?
    private var upcoming: TimedFrame?
    private var lastFirst: TimedFrame?
    private let firstDuration: Double
    private var started = false

    /// A pair: the first source's frame (nil for a frame of the second
    /// past the first's end) and the second's frame shown then (nil when it
    /// shows none: it starts later or has ended).
    typealias Pair = (first: TimedFrame?, second: TimedFrame?)

    init(_ first: FrameSource, _ second: FrameSource) {
        self.first = first
        self.second = second
        firstDuration = 1 / (first.frameRate ?? second.frameRate ?? 30)
        secondDuration = 1 / (second.frameRate ?? first.frameRate ?? 30)
        slack = min(firstDuration, secondDuration) / 4
    }

    /// The next pair; nil when both sources are done.
    mutating func next() throws -> Pair? {
        if !started {
            started = true
            upcoming = try second.next()
        }
        if let a = try first.next() {
            lastFirst = a
            while let b = upcoming, b.time <= a.time + slack {
                shown = b
                upcoming = try second.next()
            }
            guard let b = shown else { return (a, nil) }
            let end = upcoming?.time ?? b.time + secondDuration
            return (a, a.time < end - slack ? b : nil)
        }
        // The second's frames after the first has ended.
        let end = lastFirst.map { $0.time + firstDuration } ?? 0
        while let b = upcoming {
            upcoming = try second.next()
            if b.time >= end - slack { return (nil, b) }
        }
        return nil
    }
}
