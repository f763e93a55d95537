import Animation
import Geometry

/// Motion along a path (`motion`): Core Animation's keyframe animation
/// with a `path`, SVG's `animateMotion`. The node's anchor sits on the path
/// at a fraction of its length, in place of `position`; with `rotate` the
/// node also turns with the path's direction there.
public struct MotionPath: Sendable, Equatable {
    /// In the parent's coordinates.
    public let path: Path
    /// Measured once at load, so placing a node each frame only searches it.
    public let measure: PathMeasure
    /// Fraction of the path's length, 0…1 (clamped): `calculationMode`
    /// `paced`, so equal steps of progress cover equal distances.
    public var progress: Animated<Double>
    /// nil: the node keeps its own rotation.
    public var rotate: MotionRotation?

    public init(path: Path, progress: Animated<Double>, rotate: MotionRotation? = nil) {
        self.path = path
        measure = PathMeasure(path)
        self.progress = progress
        self.rotate = rotate
    }

    public static func == (a: MotionPath, b: MotionPath) -> Bool {
        a.path == b.path && a.progress == b.progress && a.rotate == b.rotate
    }
}

/// Core Animation's `rotationMode`: the tangent's angle is added to the
/// node's rotation (`auto`), or that plus 180° (`autoReverse`).
public enum MotionRotation: String, Sendable, Equatable, CaseIterable {
    case auto, autoReverse
}
