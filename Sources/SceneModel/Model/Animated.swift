import Animation
import Geometry

/// A property value that may change over time: the scene format's
/// "constant or keyframes" (expressions join in a later case).
///
/// Pure data; evaluation at a time lives in the Evaluation stage.
public enum Animated<Value: Interpolatable>: Sendable, Equatable {
    case constant(Value)
    case keyframes(Keyframes<Value>)

    /// True when the value cannot change over time, so it can be computed once.
    public var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }
}

/// A point-like property ([x, y], a size, a scale pair): animated as a whole
/// or one component at a time, as the format allows.
public enum AnimatedPair: Sendable, Equatable {
    case whole(Animated<Point>)
    case components(Animated<Double>, Animated<Double>)

    public static func constant(_ x: Double, _ y: Double) -> AnimatedPair { .whole(.constant(Point(x, y))) }
}
