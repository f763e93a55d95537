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
        let p = position(at: time)
        guard p.direction != 0 else { return keys[p.key].value }
        let a = keys[p.key - 1], b = keys[p.key]
        return a.value.interpolated(to: b.value, b.curve.value(at: p.progress))
    }

    /// Where `time` falls after repeating: between `keys[key - 1]` and
    /// `keys[key]` at linear `progress` (0…1), with `direction` +1 forwards,
    /// −1 on a ping-pong's way back, or 0 when holding `keys[key]`.
    func position(at time: Double) -> (key: Int, progress: Double, direction: Double) {
        let first = keys[0], last = keys[keys.count - 1]
        let span = last.time - first.time
        var t = time, direction = 1.0
        if span > 0 && t > last.time {
            switch repeatMode {
            case .none: break
            case .loop:
                t = first.time + (t - first.time).truncatingRemainder(dividingBy: span)
            case .pingpong:
                let phase = (t - first.time).truncatingRemainder(dividingBy: 2 * span)
                if phase > span { direction = -1 }
                t = first.time + (phase <= span ? phase : 2 * span - phase)
            }
        }
        if t <= first.time { return (0, 1, 0) }
        if t >= last.time { return (keys.count - 1, 1, 0) }
        // Binary search for the first key after t.
        var lo = 1, hi = keys.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid].time > t { hi = mid } else { lo = mid + 1 }
        }
        let a = keys[lo - 1], b = keys[lo]
        return (lo, (t - a.time) / (b.time - a.time), direction)
    }
}

extension Keyframes where Value == Double {
    /// Rate of change at `time`, units per second; 0 while holding.
    public func velocity(at time: Double) -> Double {
        let p = position(at: time)
        guard p.direction != 0 else { return 0 }
        let a = keys[p.key - 1], b = keys[p.key]
        return p.direction * (b.value - a.value) * b.curve.slope(at: p.progress) / (b.time - a.time)
    }
}
