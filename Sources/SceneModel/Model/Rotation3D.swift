import Animation
import Geometry

/// SwiftUI's `rotation3DEffect`: the node turned by `angle` about `axis`
/// through its anchor point (`anchor` in its bounds, `anchorZ` along z),
/// then seen in perspective, as `_Rotation3DEffect` projects a view.
public struct Rotation3D: Sendable, Equatable {
    /// Degrees, right-handed about the axis (y down, z towards the viewer).
    public var angle: Animated<Double>
    public var axis: (x: Double, y: Double, z: Double)
    /// Unit point in the node's bounds.
    public var anchor: Point
    /// Points along z.
    public var anchorZ: Double
    /// The vanishing point's nearness: the eye sits max(width, height) /
    /// perspective points in front of the node (0: no perspective).
    public var perspective: Double

    public init(angle: Animated<Double>, axis: (x: Double, y: Double, z: Double), anchor: Point = Point(0.5, 0.5),
                anchorZ: Double = 0, perspective: Double = 1) {
        self.angle = angle
        self.axis = axis
        self.anchor = anchor
        self.anchorZ = anchorZ
        self.perspective = perspective
    }

    public static func == (l: Rotation3D, r: Rotation3D) -> Bool {
        l.angle == r.angle && l.axis == r.axis && l.anchor == r.anchor && l.anchorZ == r.anchorZ
            && l.perspective == r.perspective
    }
}
