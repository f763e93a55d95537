import Animation
import Geometry

/// A property value that may change over time: the scene format's constant,
/// keyframes, expression or choice.
///
/// Pure data; evaluation at a time lives in the Evaluation stage.
public indirect enum Animated<Value: ExpressionTyped>: Sendable, Equatable {
    case constant(Value)
    case keyframes(Keyframes<Value>)
    /// Compiled at load and type-checked against `Value`.
    case expression(CompiledExpression)
    /// Element `floor(index)` modulo the count (negative indices wrap).
    case pick([Animated<Value>], index: Animated<Double>)

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

/// A value type properties can hold, with the expression type that yields it.
public protocol ExpressionTyped: Interpolatable {
    /// nil for types no expression can produce.
    static var expressionType: ValueType? { get }
    init(_ value: ExpressionValue)
}

extension Double: ExpressionTyped {
    public static var expressionType: ValueType? { .number }
    public init(_ value: ExpressionValue) { self = value.number }
}

extension Color: ExpressionTyped {
    public static var expressionType: ValueType? { .color }
    public init(_ value: ExpressionValue) { self = value.color }
}

extension Bool: ExpressionTyped {
    public static var expressionType: ValueType? { .bool }
    public init(_ value: ExpressionValue) { self = value.bool }
}

extension Point: ExpressionTyped {
    public static var expressionType: ValueType? { .point }
    public init(_ value: ExpressionValue) { self = value.point }
}

/// No expression yields a path: a path's `d` is a string, keyframes of
/// strings (a morph) or a pick of strings.
extension Path: ExpressionTyped {
    public static var expressionType: ValueType? { nil }
    public init(_ value: ExpressionValue) { self.init() }
}
