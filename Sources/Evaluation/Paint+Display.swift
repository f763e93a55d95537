import Animation
import DisplayList
import Geometry
import SceneModel

extension Paint {
    /// The paint at `time` for a shape with `bounds` (points), its alpha
    /// scaled by `opacity`: unit points become points of the bounds.
    func display(in ctx: TimelineContext, bounds: Rect, opacity: Double) -> DisplayPaint {
        func unit(_ u: Point) -> Point { Point(bounds.minX + u.x * bounds.width, bounds.minY + u.y * bounds.height) }
        func gradient(_ g: GradientStops) -> Gradient {
            Gradient(stops: g.stops.map { GradientStop(location: $0.location, color: $0.color.value(in: ctx).withOpacity(opacity)) })
        }
        switch self {
        case .color(let c):
            return .solid(c.value(in: ctx).withOpacity(opacity))
        case let .linearGradient(g, start, end):
            return .linearGradient(gradient(g), start: unit(start), end: unit(end))
        case let .radialGradient(g, center, startRadius, endRadius):
            return .radialGradient(gradient(g), center: unit(center), startRadius: startRadius.value(in: ctx),
                                   endRadius: endRadius.value(in: ctx))
        case let .angularGradient(g, center, startAngle, endAngle):
            let start = startAngle.value(in: ctx)
            return .angularGradient(gradient(g), center: unit(center), startAngle: start,
                                    endAngle: endAngle?.value(in: ctx) ?? start + 360)
        case let .ellipticalGradient(g, center, startFraction, endFraction):
            return .ellipticalGradient(gradient(g), center: unit(center), width: bounds.width, height: bounds.height,
                                       startRadiusFraction: startFraction.value(in: ctx),
                                       endRadiusFraction: endFraction.value(in: ctx))
        case let .image(name, tile, scale):
            return .image(name: name, transform: Transform.translation(bounds.minX, bounds.minY).concatenating(.scale(scale, scale)),
                          tile: tile, opacity: opacity)
        }
    }
}
