import Geometry

/// A value an animation can move. `f` may leave 0…1 (springs overshoot), so
/// implementations extrapolate rather than clamp.
public protocol Interpolatable: Sendable, Equatable {
    func interpolated(to other: Self, _ f: Double) -> Self
}

extension Double: Interpolatable {
    public func interpolated(to other: Double, _ f: Double) -> Double { self + (other - self) * f }
}

extension Point: Interpolatable {
    public func interpolated(to other: Point, _ f: Double) -> Point { lerp(to: other, f) }
}

extension Color: Interpolatable {
    public func interpolated(to other: Color, _ f: Double) -> Color { lerp(to: other, f) }
}

/// Booleans do not blend: a keyframed boolean holds each key's value until
/// the next key is reached.
extension Bool: Interpolatable {
    public func interpolated(to other: Bool, _ f: Double) -> Bool { f >= 1 ? other : self }
}

/// Paths morph point by point; keyframed paths are made to share their
/// commands at load (`Path.morphable`).
extension Path: Interpolatable {
    public func interpolated(to other: Path, _ f: Double) -> Path { morphed(to: other, f) }
}
