import Geometry

/// A value of a scene variable or an expression.
public enum ExpressionValue: Sendable, Equatable, Hashable {
    case number(Double)
    /// sRGB, straight alpha; components may leave 0…1 while a spring overshoots.
    case color(Color)
    case bool(Bool)
    /// A point or a size (SwiftUI's `CGPoint`/`CGSize` as one animatable
    /// pair): `x`/`width` and `y`/`height`.
    case point(Point)

    public var type: ValueType {
        switch self {
        case .number: return .number
        case .color: return .color
        case .bool: return .bool
        case .point: return .point
        }
    }

    /// The number, or NaN for another type (type checking rules that out).
    public var number: Double {
        if case .number(let v) = self { return v }
        return .nan
    }

    /// The colour, or transparent black for another type.
    public var color: Color {
        if case .color(let c) = self { return c }
        return .clear
    }

    /// The boolean, or false for another type.
    public var bool: Bool {
        if case .bool(let b) = self { return b }
        return false
    }

    /// The point, or (NaN, NaN) for another type.
    public var point: Point {
        if case .point(let p) = self { return p }
        return Point(.nan, .nan)
    }
}

/// The types of the expression language; checked at load.
public enum ValueType: Sendable, Equatable, Hashable, CustomStringConvertible {
    case number, color, bool, point

    /// With its article, as error messages use it: "a number", "a colour", "a boolean", "a point".
    public var description: String {
        switch self {
        case .number: return "a number"
        case .color: return "a colour"
        case .bool: return "a boolean"
        case .point: return "a point"
        }
    }
}
