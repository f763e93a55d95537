import Animation
import Geometry

/// A vector shape with its paints.
public struct ShapeNode: Sendable, Equatable {
    public var geometry: ShapeGeometry
    public var fill: Paint?
    /// Centred on the outline.
    public var stroke: Stroke?
    /// Inside the outline (SwiftUI `strokeBorder`).
    public var strokeBorder: Stroke?
    /// The part of the outline kept, as length fractions (SwiftUI `trim`).
    public var trim: (from: Animated<Double>, to: Animated<Double>)?
    /// Shrinks primitive outlines (SwiftUI `InsettableShape.inset`), points.
    public var inset: Animated<Double>?
    public var fillRule: FillRule

    public init(geometry: ShapeGeometry, fill: Paint? = nil, stroke: Stroke? = nil, strokeBorder: Stroke? = nil,
                trim: (from: Animated<Double>, to: Animated<Double>)? = nil, inset: Animated<Double>? = nil,
                fillRule: FillRule = .nonzero) {
        self.geometry = geometry
        self.fill = fill
        self.stroke = stroke
        self.strokeBorder = strokeBorder
        self.trim = trim
        self.inset = inset
        self.fillRule = fillRule
    }

    /// SwiftUI fills a bare shape black: with no fill, stroke or backdrop.
    public var fillsByDefault: Bool { paintCount == 0 }

    /// How many of fill, stroke and stroke border are set. (Matched as
    /// patterns: `== nil` on these optionals copies each through unspecialised
    /// generic code, a measurable cost once per node and frame.)
    public var paintCount: Int {
        var n = 0
        if case .some = fill { n += 1 }
        if case .some = stroke { n += 1 }
        if case .some = strokeBorder { n += 1 }
        return n
    }

    public static func == (a: ShapeNode, b: ShapeNode) -> Bool {
        a.geometry == b.geometry && a.fill == b.fill && a.stroke == b.stroke && a.strokeBorder == b.strokeBorder
            && a.trim?.from == b.trim?.from && a.trim?.to == b.trim?.to && a.inset == b.inset && a.fillRule == b.fillRule
    }
}

/// The outline of a shape, drawn in its own bounds (0,0)–size.
public indirect enum ShapeGeometry: Sendable, Equatable {
    /// `cornerRadius` per corner: top-left, top-right, bottom-right, bottom-left.
    case rect(size: AnimatedPair, cornerRadii: [Animated<Double>])
    /// A circle of the given radius, or the largest circle centred in `size`.
    case circle(CircleExtent)
    case ellipse(size: AnimatedPair)
    /// A rounded rect whose corner radius is half its shorter side.
    case capsule(size: AnimatedPair)
    /// An open arc of the ellipse inscribed in `size`, angles in degrees.
    case arc(size: AnimatedPair, startAngle: Animated<Double>, endAngle: Animated<Double>, counterclockwise: Bool)
    case line(from: AnimatedPair, to: AnimatedPair)
    case polygon(points: [AnimatedPair])
    /// SVG path data, parsed at load; keyframes of it morph (their paths
    /// share their commands, see `Path.morphable`).
    case path(Animated<Path>)
    /// Several shapes, each placed, merged into one outline (a union).
    case compound([PlacedShape])
}

/// How a circle's size is given: `radius`, or a frame `size` as SwiftUI's
/// `Circle().frame(width:height:)`.
public enum CircleExtent: Sendable, Equatable {
    case radius(Animated<Double>)
    case size(AnimatedPair)
}

/// How a shape's interior or stroke is painted. Gradient points are unit
/// points of the node's bounds (SwiftUI's `UnitPoint`); radii are points.
public enum Paint: Sendable, Equatable {
    case color(Animated<Color>)
    case linearGradient(GradientStops, start: Point, end: Point)
    /// With a `focus` (a Reel extension, as SVG's `fx`, `fy`): from the
    /// circle of `startRadius` about the focus to the circle of `endRadius`
    /// about the centre (a two-point conical gradient); nil: both about the centre.
    case radialGradient(GradientStops, center: Point, startRadius: Animated<Double>, endRadius: Animated<Double>,
                        focus: Point? = nil)
    /// SwiftUI's `AngularGradient` (a conic gradient): degrees, 0 at 3
    /// o'clock, clockwise on screen; `endAngle` nil is a full turn from
    /// `startAngle`.
    case angularGradient(GradientStops, center: Point, startAngle: Animated<Double>, endAngle: Animated<Double>?)
    /// SwiftUI's `EllipticalGradient`: radii as fractions of the bounds'
    /// width (horizontally) and height (vertically).
    case ellipticalGradient(GradientStops, center: Point, startRadiusFraction: Animated<Double>,
                            endRadiusFraction: Animated<Double>)
    /// An image asset from the bounds' top-left, repeated when `tile` (the default, as SwiftUI's `ImagePaint`), scaled by `scale`.
    case image(name: String, tile: Bool, scale: Double)
}

/// Gradient colours with their locations (0…1); `colors` without locations
/// are spread evenly, as SwiftUI's `Gradient(colors:)`.
public struct GradientStops: Sendable, Equatable {
    public var stops: [(location: Double, color: Animated<Color>)]

    public init(stops: [(location: Double, color: Animated<Color>)]) {
        self.stops = stops
    }

    public static func == (a: GradientStops, b: GradientStops) -> Bool {
        a.stops.count == b.stops.count && zip(a.stops, b.stops).allSatisfy { $0.location == $1.location && $0.color == $1.color }
    }
}

/// A stroke: paint and `StrokeStyle` values (width in points).
public struct Stroke: Sendable, Equatable {
    public var paint: Paint
    public var width: Animated<Double>
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public var dash: [Double]
    public var dashPhase: Animated<Double>

    public init(paint: Paint, width: Animated<Double> = .constant(1), cap: LineCap = .butt, join: LineJoin = .miter,
                miterLimit: Double = 10, dash: [Double] = [], dashPhase: Animated<Double> = .constant(0)) {
        self.paint = paint
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
