import Animation
import Geometry

/// SwiftUI's `HStack`, `VStack` and `ZStack` for children of fixed size:
/// each child keeps its own size and the stack places it, so its
/// `position` is the stack's to set (`offset`, `scale` and `rotation` still
/// apply, after layout, as SwiftUI's `offset`, `scaleEffect` and
/// `rotationEffect` do).
public struct StackNode: Sendable, Equatable {
    public enum Axis: String, Sendable, Equatable {
        case hstack, vstack, zstack
    }

    public var axis: Axis
    public var children: [Node]
    /// Points between neighbours along the axis.
    public var spacing: Animated<Double>
    /// Where children sit across the stack's axis (both axes in a
    /// `zstack`), as a unit point: 0 leading/top, 0.5 centre, 1 trailing/bottom.
    public var alignment: Point
    /// Points added around the children: top, leading, bottom, trailing.
    public var padding: [Animated<Double>]

    public init(axis: Axis, children: [Node], spacing: Animated<Double>, alignment: Point,
                padding: [Animated<Double>]) {
        self.axis = axis
        self.children = children
        self.spacing = spacing
        self.alignment = alignment
        self.padding = padding
    }
}
