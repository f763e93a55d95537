import Animation
import Geometry

/// One layer of the scene tree: placement and effects common to every node,
/// plus what kind of node it is.
public struct Node: Sendable, Equatable {
    public var id: String?
    public var kind: NodeKind
    /// Where the anchor sits in the parent (points); nil = the node's own coordinates.
    public var position: AnimatedPair?
    /// Unit point in the node's bounds.
    public var anchor: Point
    /// Extra translation in points.
    public var offset: AnimatedPair?
    /// Scale factors about the anchor.
    public var scale: AnimatedPair
    /// Degrees, clockwise on screen, about the anchor.
    public var rotation: Animated<Double>
    /// Applies to the node as a whole, children included.
    public var opacity: Animated<Double>

    public init(id: String? = nil, kind: NodeKind, position: AnimatedPair? = nil,
                anchor: Point = Point(0.5, 0.5), offset: AnimatedPair? = nil,
                scale: AnimatedPair = .constant(1, 1), rotation: Animated<Double> = .constant(0),
                opacity: Animated<Double> = .constant(1)) {
        self.id = id
        self.kind = kind
        self.position = position
        self.anchor = anchor
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
        self.opacity = opacity
    }
}

/// What a node draws.
public indirect enum NodeKind: Sendable, Equatable {
    case shape(ShapeNode)
    /// Children drawn in the group's coordinates; `size` fixes its bounds.
    case group(children: [Node], size: AnimatedPair?)
}

/// A vector shape with its paint.
public struct ShapeNode: Sendable, Equatable {
    public var geometry: ShapeGeometry
    /// nil with no stroke means SwiftUI's default: filled black.
    public var fill: Paint?

    public init(geometry: ShapeGeometry, fill: Paint?) {
        self.geometry = geometry
        self.fill = fill
    }
}

/// The outline of a primitive shape, drawn in its own bounds (0,0)–size.
public enum ShapeGeometry: Sendable, Equatable {
    /// `cornerRadius` per corner: top-left, top-right, bottom-right, bottom-left.
    case rect(size: AnimatedPair, cornerRadii: [Animated<Double>])
    /// A circle of the given radius, or the largest circle centred in `size`.
    case circle(CircleExtent)
    case ellipse(size: AnimatedPair)
}

/// How a shape's interior is painted.
public enum Paint: Sendable, Equatable {
    case color(Animated<Color>)
}

/// How a circle's size is given: `radius`, or a frame `size` as SwiftUI's
/// `Circle().frame(width:height:)`.
public enum CircleExtent: Sendable, Equatable {
    case radius(Animated<Double>)
    case size(AnimatedPair)
}
