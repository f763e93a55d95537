import Animation
import DisplayList
import Geometry
import SceneModel

extension Paint {
    /// The paint at `time` for a shape with `bounds` (points), its alpha
    /// scaled by `opacity`: unit points become points of the bounds.
    func display(in ctx: TimelineContext, bounds: Rect, opacity: Double) -> DisplayPaint {
        func unit(_ u: Point) -> Point { Point(bounds.minX + u.x * bounds.width, bounds.minY + u.y * bounds.height) }
        func gradient(_ g: GradientStops) -> Gradient { g.display(in: ctx, opacity: opacity) }
        switch self {
        case .color(let c):
            return .solid(c.value(in: ctx).withOpacity(opacity))
        case let .linearGradient(g, start, end):
            return .linearGradient(gradient(g), start: unit(start), end: unit(end))
        case let .radialGradient(g, center, startRadius, endRadius, focus):
            let r0 = startRadius.value(in: ctx), r1 = endRadius.value(in: ctx)
            guard let focus else { return .radialGradient(gradient(g), center: unit(center), startRadius: r0, endRadius: r1) }
            return .conicalGradient(gradient(g), start: Self.within(unit(focus), circle: unit(center), radius: r1), startRadius: r0,
                                    end: unit(center), endRadius: r1)
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

    /// A focus outside the end circle moved onto it, a hair inside, along
    /// the line from the centre (as SVG 1.1 places `fx`, `fy` beyond `r`), so
    /// every point of the plane has a colour.
    static func within(_ focus: Point, circle center: Point, radius: Double) -> Point {
        let dx = focus.x - center.x, dy = focus.y - center.y
        let distance = (dx * dx + dy * dy).squareRoot(), limit = radius * 0.999
        guard distance > limit, distance > 0 else { return focus }
        return Point(center.x + dx * limit / distance, center.y + dy * limit / distance)
    }
}

extension GradientStops {
    /// The stops' colours at `ctx`'s time, their alpha scaled by `opacity`.
    func display(in ctx: TimelineContext, opacity: Double = 1) -> Gradient {
        Gradient(stops: stops.map { GradientStop(location: $0.location, color: $0.color.value(in: ctx).withOpacity(opacity)) })
    }
}
