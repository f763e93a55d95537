import Animation
import Geometry
import SceneModel

/// Values of animated properties in a frame: pure functions of the frame's
/// context (time, frame, the timeline's variables), safe from any thread.
extension Animated {
    public func value(in ctx: TimelineContext) -> Value {
        switch self {
        case .constant(let v): return v
        case .keyframes(let k): return k.value(at: ctx.time)
        case .expression(let e): return Value(e.evaluate(in: ctx))
        case let .pick(choices, index):
            return choices[pickIndex(index.value(in: ctx), count: choices.count)].value(in: ctx)
        }
    }
}

/// The element a `pick` chooses: floor(index) modulo the count, floored so
/// negative indices wrap, as the format specifies; 0 for NaN or infinity.
func pickIndex(_ index: Double, count n: Int) -> Int {
    let k = index.isFinite ? Int(index.rounded(.down).truncatingRemainder(dividingBy: Double(n))) : 0
    return (k % n + n) % n
}

extension AnimatedPair {
    public func value(in ctx: TimelineContext) -> Point {
        switch self {
        case .whole(let p): return p.value(in: ctx)
        case let .components(x, y): return Point(x.value(in: ctx), y.value(in: ctx))
        }
    }

    func size(in ctx: TimelineContext) -> Size {
        let p = value(in: ctx)
        return Size(max(p.x, 0), max(p.y, 0))
    }
}
