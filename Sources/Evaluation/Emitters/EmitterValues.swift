import Animation
import Geometry
import SceneModel

/// An emitter's layer values at one instant (a particle's birth): the
/// CAEmitterLayer multipliers and where the emitter is.
struct LayerValues: Sendable, Equatable {
    var birthRate: Double
    var lifetime: Double
    var velocity: Double
    var spin: Double
    /// The node's `scale` pair: CAEmitterLayer's particle scale multiplier.
    var scale: Point
    /// `position` + `offset`, in the parent's points.
    var position: Point
    /// Degrees: turns the shape and the emission directions.
    var rotation: Double
    /// Points.
    var size: Point
    /// Points: a cuboid's depth, and the shape's centre along z.
    var depth: Double
    var zPosition: Double

    init(_ e: EmitterNode, node: Node, at ctx: TimelineContext) {
        birthRate = max(e.birthRate.value(in: ctx), 0)
        lifetime = max(e.lifetime.value(in: ctx), 0)
        velocity = e.velocity.value(in: ctx)
        spin = e.spin.value(in: ctx)
        scale = node.scale.value(in: ctx)
        position = (node.position?.value(in: ctx) ?? .zero) + (node.offset?.value(in: ctx) ?? .zero)
        rotation = node.rotation.value(in: ctx)
        size = e.size.value(in: ctx)
        depth = e.depth.value(in: ctx)
        zPosition = e.zPosition.value(in: ctx)
    }

    /// True when none of the values can change over time.
    static func isConstant(_ e: EmitterNode, node: Node) -> Bool {
        e.birthRate.isConstant && e.lifetime.isConstant && e.velocity.isConstant && e.spin.isConstant
            && node.scale.isFixed && (node.position?.isFixed ?? true) && (node.offset?.isFixed ?? true)
            && node.rotation.isConstant && e.size.isFixed && e.depth.isConstant && e.zPosition.isConstant
    }
}

/// A cell's values at one instant (a particle's birth), CAEmitterCell's
/// meaning and units (degrees, points, seconds).
struct CellValues: Sendable, Equatable {
    var birthRate, lifetime, lifetimeRange, velocity, velocityRange: Double
    var emissionLongitude, emissionRange, emissionLatitude, xAcceleration, yAcceleration, zAcceleration: Double
    var scale, scaleRange, scaleSpeed, spin, spinRange: Double
    var alpha, alphaRange, alphaSpeed: Double
    var color: Color
    var redRange, greenRange, blueRange, redSpeed, greenSpeed, blueSpeed: Double

    init(_ c: EmitterCell, at ctx: TimelineContext) {
        birthRate = max(c.birthRate.value(in: ctx), 0)
        lifetime = c.lifetime.value(in: ctx)
        lifetimeRange = c.lifetimeRange.value(in: ctx)
        velocity = c.velocity.value(in: ctx)
        velocityRange = c.velocityRange.value(in: ctx)
        emissionLongitude = c.emissionLongitude.value(in: ctx)
        emissionRange = c.emissionRange.value(in: ctx)
        emissionLatitude = c.emissionLatitude.value(in: ctx)
        xAcceleration = c.xAcceleration.value(in: ctx)
        yAcceleration = c.yAcceleration.value(in: ctx)
        zAcceleration = c.zAcceleration.value(in: ctx)
        scale = c.scale.value(in: ctx)
        scaleRange = c.scaleRange.value(in: ctx)
        scaleSpeed = c.scaleSpeed.value(in: ctx)
        spin = c.spin.value(in: ctx)
        spinRange = c.spinRange.value(in: ctx)
        alpha = c.alpha.value(in: ctx)
        alphaRange = c.alphaRange.value(in: ctx)
        alphaSpeed = c.alphaSpeed.value(in: ctx)
        color = c.color.value(in: ctx)
        redRange = c.redRange.value(in: ctx)
        greenRange = c.greenRange.value(in: ctx)
        blueRange = c.blueRange.value(in: ctx)
        redSpeed = c.redSpeed.value(in: ctx)
        greenSpeed = c.greenSpeed.value(in: ctx)
        blueSpeed = c.blueSpeed.value(in: ctx)
    }

    /// True when none of the cell's values can change over time.
    static func isConstant(_ c: EmitterCell) -> Bool {
        let numbers = [c.birthRate, c.lifetime, c.lifetimeRange, c.velocity, c.velocityRange, c.emissionLongitude,
                       c.emissionRange, c.emissionLatitude, c.xAcceleration, c.yAcceleration, c.zAcceleration, c.scale, c.scaleRange, c.scaleSpeed, c.spin,
                       c.spinRange, c.alpha, c.alphaRange, c.alphaSpeed, c.redRange, c.greenRange, c.blueRange,
                       c.redSpeed, c.greenSpeed, c.blueSpeed]
        return numbers.allSatisfy(\.isConstant) && c.color.isConstant
    }
}

extension AnimatedPair {
    fileprivate var isFixed: Bool {
        switch self {
        case .whole(let p): return p.isConstant
        case let .components(x, y): return x.isConstant && y.isConstant
        }
    }
}
