/// One key: the value at time `t` (seconds), reached along `curve` from the
/// previous key.
public struct Keyframe<Value: Interpolatable>: Sendable, Equatable {
    public var time: Double
    public var value: Value
    public var curve: Curve

    public init(time: Double, value: Value, curve: Curve = .linear) {
        self.time = time
        self.value = value
        self.curve = curve
    }
}

/// How keyframes continue after the last key.
public enum KeyframeRepeat: String, Sendable, Equatable, CaseIterable {
    case none, loop, pingpong
}

/// A keyframed value: a pure function of time with no cached state, so any
/// number of threads can evaluate it at any times in any order.
public struct Keyframes<Value: Interpolatable>: Sendable, Equatable {
    /// Sorted by time, at least one key.
    public let keys: [Keyframe<Value>]
    public let repeatMode: KeyframeRepeat

    public init(keys: [Keyframe<Value>], repeat repeatMode: KeyframeRepeat = .none) {
        precondition(!keys.isEmpty, "keyframes need at least one key")
        self.keys = keys.sorted { $0.time < $1.time }
        self.repeatMode = repeatMode
    }

    /// The value at `time` seconds: held before the first key and after the
    /// last (unless repeating), eased by the arriving key's curve in between.
    public func value(at time: Double) -> Value {
        let first = keys[0], last = keys[keys.count - 1]
        let span = last.time - first.time
        var t = time
        if span > 0 && t > last.time {
            switch repeatMode {
            case .none: break
            case .loop:
                t = first.time + (t - first.time).truncatingRemainder(dividingBy: span)
            case .pingpong:
                let phase = (t - first.time).truncatingRemainder(dividingBy: 2 * span)
                t = first.time + (phase <= span ? phase : 2 * span - phase)
            }
        }
        if t <= first.time { return first.value }
        if t >= last.time { return last.value }
        // Binary search for the first key after t.
        var lo = 1, hi = keys.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid].time > t { hi = mid } else { lo = mid + 1 }
        }
        let a = keys[lo - 1], b = keys[lo]
        let f = b.curve.value(at: (t - a.time) / (b.time - a.time))
        return a.value.interpolated(to: b.value, f)
    }
}
