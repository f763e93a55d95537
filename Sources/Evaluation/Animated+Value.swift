import Animation
import Geometry
import SceneModel

/// Values of animated properties at a time: pure functions, safe to call from
/// any number of threads at once.
extension Animated {
    /// The value at `time` seconds.
    public func value(at time: Double) -> Value {
        switch self {
        case .constant(let v): return v
        case .keyframes(let k): return k.value(at: time)
        }
    }
}

extension AnimatedPair {
    public func value(at time: Double) -> Point {
        switch self {
        case .whole(let p): return p.value(at: time)
        case let .components(x, y): return Point(x.value(at: time), y.value(at: time))
        }
    }

    func size(at time: Double) -> Size {
        let p = value(at: time)
        return Size(max(p.x, 0), max(p.y, 0))
    }
}
