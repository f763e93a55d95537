/// A point or vector in a 2-D space whose units the caller states (points in
/// scene space, pixels after the canvas scale). y grows downward.
public struct Point: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    /// Linear interpolation; `f` outside 0…1 extrapolates (springs overshoot).
    public func lerp(to other: Point, _ f: Double) -> Point {
        Point(x + (other.x - x) * f, y + (other.y - y) * f)
    }
}

/// A width and height in the caller's units.
public struct Size: Sendable, Equatable, Hashable {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(0, 0)
}
