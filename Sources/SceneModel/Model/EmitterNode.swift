import Animation
import Geometry

/// A particle emitter: CAEmitterLayer with its CAEmitterCells.
///
/// The node's `position` and `offset` place the emitter (read at each
/// particle's birth), its `rotation` turns the emitter shape and the emission
/// directions (also at birth), and its `scale` is CAEmitterLayer's particle
/// scale multiplier rather than a transform. Every other layer property here
/// is one of CAEmitterLayer's, with its default.
public struct EmitterNode: Sendable, Equatable {
    /// Where particles are born, around the emitter position.
    public var shape: EmitterShape = .point
    public var mode: EmitterMode = .surface
    /// Points: a line's length, a rectangle's or cuboid's width and height;
    /// a circle's or sphere's radius is `width`.
    public var size: AnimatedPair = .constant(0, 0)
    /// Points along z: a cuboid's depth (CAEmitterLayer `emitterDepth`).
    public var depth: Animated<Double> = .constant(0)
    /// Points: the shape's centre along z (CAEmitterLayer `emitterZPosition`).
    public var zPosition: Animated<Double> = .constant(0)
    /// Multiplies every cell's birth rate (CAEmitterLayer `birthRate`).
    public var birthRate: Animated<Double> = .constant(1)
    /// Multiplies every cell's lifetime.
    public var lifetime: Animated<Double> = .constant(1)
    /// Multiplies every cell's velocity.
    public var velocity: Animated<Double> = .constant(1)
    /// Multiplies every cell's spin.
    public var spin: Animated<Double> = .constant(1)
    public var renderMode: EmitterRenderMode = .unordered
    /// Mixed into every random stream of the emitter (CAEmitterLayer `seed`).
    public var seed: Int = 0
    /// Seconds the emitter has been running before time 0
    /// (SKEmitterNode.advanceSimulationTime).
    public var prewarm: Double = 0
    public var cells: [EmitterCell] = []
    /// What names the emitter's random streams: the node's `id` when it has
    /// one, else its JSON path (`$.layers[2]`), so adding an emitter after
    /// it, or giving another node an id, leaves its particles alone.
    public var streamName: String = ""

    public init() {}
}

/// CAEmitterLayer's `emitterShape`: flat in the x–y plane at `zPosition`,
/// or (`sphere`, `cuboid`) solid around it.
public enum EmitterShape: String, Sendable, Equatable, CaseIterable {
    case point, line, rectangle, circle, sphere, cuboid
}

/// CAEmitterLayer's `emitterMode`: where on the shape particles are born.
/// `points` uses the shape's vertices (a line's ends, a rectangle's or
/// cuboid's corners, a circle's or sphere's centre); `outline` its edges (a
/// sphere's is its surface); `surface` its area, a solid's faces or sphere;
/// `volume` (CA's default) a solid's inside — for a flat shape, its area.
public enum EmitterMode: String, Sendable, Equatable, CaseIterable {
    case points, outline, surface, volume
}

/// CAEmitterLayer's `renderMode`.
public enum EmitterRenderMode: String, Sendable, Equatable, CaseIterable {
    /// Cells in order, each cell's particles by index.
    case unordered
    /// Oldest drawn first (underneath).
    case oldestFirst
    /// Oldest drawn last (on top).
    case oldestLast
    /// Farthest first (smallest z), so nearer particles cover farther ones.
    case backToFront
    /// Added together (`plus` blending), in `unordered` order.
    case additive
}

/// One kind of particle: CAEmitterCell, angles in degrees. Numbers with a
/// range R are drawn uniformly from [M − R/2, M + R/2] at birth; speeds are
/// per second of the particle's age. Every value is read at the particle's
/// birth, as Core Animation reads a cell's properties when it spawns one.
public struct EmitterCell: Sendable, Equatable {
    public var name: String?
    /// What each particle draws; nil draws nothing (the cell may still emit `cells`).
    public var contents: ParticleContents?
    /// The part of an image `contents` drawn, in unit coordinates of the
    /// image (a frame of a sprite sheet); nil: all of it.
    public var contentsRect: Rect?
    /// Particles per second (× the layer's `birthRate`).
    public var birthRate: Animated<Double> = .constant(0)
    /// Seconds (× the layer's `lifetime`).
    public var lifetime: Animated<Double> = .constant(0)
    public var lifetimeRange: Animated<Double> = .constant(0)
    /// Points per second (× the layer's `velocity`).
    public var velocity: Animated<Double> = .constant(0)
    public var velocityRange: Animated<Double> = .constant(0)
    /// Degrees: 0 along +x, 90 down; for a sub-cell, relative to its parent
    /// particle's direction of travel.
    public var emissionLongitude: Animated<Double> = .constant(0)
    /// Degrees: the full angle of the cone of directions.
    public var emissionRange: Animated<Double> = .constant(0)
    /// Degrees: how far the direction leaves the x–y plane, towards +z
    /// (CAEmitterCell `emissionLatitude`).
    public var emissionLatitude: Animated<Double> = .constant(0)
    /// Points per second².
    public var xAcceleration: Animated<Double> = .constant(0)
    public var yAcceleration: Animated<Double> = .constant(0)
    public var zAcceleration: Animated<Double> = .constant(0)
    /// Image pixels (or shape points) to points (× the layer's `scale`).
    public var scale: Animated<Double> = .constant(1)
    public var scaleRange: Animated<Double> = .constant(0)
    public var scaleSpeed: Animated<Double> = .constant(0)
    /// Degrees per second (× the layer's `spin`).
    public var spin: Animated<Double> = .constant(0)
    public var spinRange: Animated<Double> = .constant(0)
    /// Multiplies `color`'s alpha.
    public var alpha: Animated<Double> = .constant(1)
    /// Range and speed of the particle's alpha (`color.a × alpha`).
    public var alphaRange: Animated<Double> = .constant(0)
    public var alphaSpeed: Animated<Double> = .constant(0)
    /// Tints the contents (sRGB, straight alpha).
    public var color: Animated<Color> = .constant(.white)
    public var redRange: Animated<Double> = .constant(0)
    public var greenRange: Animated<Double> = .constant(0)
    public var blueRange: Animated<Double> = .constant(0)
    public var redSpeed: Animated<Double> = .constant(0)
    public var greenSpeed: Animated<Double> = .constant(0)
    public var blueSpeed: Animated<Double> = .constant(0)
    /// Seconds after the emitter starts (for a sub-cell, after its parent
    /// particle's birth) before the cell emits.
    public var beginTime: Double = 0
    /// Seconds the cell emits for; nil = for ever.
    public var duration: Double?
    /// SpriteKit-style sequences over the particle's normalised age (0…1);
    /// each replaces its property's value, range and speed.
    public var alphaSequence: Keyframes<Double>?
    public var scaleSequence: Keyframes<Double>?
    public var colorSequence: Keyframes<Color>?
    /// Sub-cells each particle emits from where it is (CAEmitterCell `emitterCells`).
    public var cells: [EmitterCell] = []

    public init() {}
}

/// What a particle draws.
public enum ParticleContents: Sendable, Equatable {
    /// An image asset or a built-in image, centred on the particle, natural
    /// size 1 image pixel = 1 point, tinted by the particle's colour.
    case image(String)
    /// A shape node, drawn once into a sprite; its anchor sits on the particle.
    /// Boxed: a cell then holds a reference, not a whole node, which keeps
    /// the frames of the decoder's recursion through sub-cells small.
    indirect case shape(Node)
}

/// Images every scene can name without declaring them (unless it declares
/// its own image of that name): generated in code by the Raster stage.
public enum BuiltInImage: String, Sendable, CaseIterable {
    /// A soft white disc fading to its edge.
    case dot
    /// A white six-armed snowflake.
    case snowflake

    /// Width and height in pixels (= points at natural size).
    public var pixelSize: Int {
        switch self {
        case .dot: return 64
        case .snowflake: return 256
        }
    }

    /// The size evaluation places it at, in points.
    public var naturalSize: Size { Size(Double(pixelSize), Double(pixelSize)) }
}

extension EmitterNode {
    /// The most particles this emitter can keep alive at once, from the
    /// largest values its rates and lifetimes can take (nested cells
    /// multiply), or nil when one is an expression and cannot be bounded.
    public var particleBound: Double? {
        guard let rate = birthRate.upperBound, let life = lifetime.upperBound else { return nil }
        var total = 0.0
        for cell in cells {
            guard let n = cell.particleBound(parents: 1, layerRate: rate, layerLifetime: life) else { return nil }
            total += n
        }
        return total
    }
}

extension EmitterCell {
    /// Live particles of this cell and its sub-cells when `parents` particles
    /// emit it (1 for a top-level cell).
    func particleBound(parents: Double, layerRate: Double, layerLifetime: Double) -> Double? {
        guard let rate = birthRate.upperBound, let life = lifetime.upperBound,
              let range = lifetimeRange.upperMagnitude else { return nil }
        let r = max(rate, 0) * max(layerRate, 0)
        var perParent = r * max(life + range / 2, 0) * max(layerLifetime, 0)
        // A cell that emits for `duration` seconds births at most r × duration + 1 particles.
        if let duration { perParent = min(perParent, r * duration + 1) }
        let alive = parents * perParent
        var total = alive
        for cell in cells {
            guard let n = cell.particleBound(parents: alive, layerRate: layerRate, layerLifetime: layerLifetime) else { return nil }
            total += n
        }
        return total
    }
}

extension Animated where Value == Double {
    /// The largest value it can take, or nil for expressions. Keyframes stay
    /// within their keys widened by each curve's overshoot (a timing Bézier
    /// lies in the hull of its control points).
    public var upperBound: Double? {
        switch self {
        case .constant(let v): return v
        case .expression: return nil
        case .pick(let choices, _):
            var m = -Double.infinity
            for c in choices {
                guard let b = c.upperBound else { return nil }
                m = max(m, b)
            }
            return m
        case .keyframes(let k):
            var m = k.keys[0].value
            for (a, b) in zip(k.keys, k.keys.dropFirst()) {
                var low = 0.0, high = 1.0
                if case let .cubicBezier(_, y1, _, y2) = b.curve {
                    low = min(0, y1, y2)
                    high = max(1, y1, y2)
                }
                m = max(m, a.value + (b.value - a.value) * low, a.value + (b.value - a.value) * high)
            }
            return m
        }
    }

    /// The largest magnitude it can take, or nil for expressions.
    public var upperMagnitude: Double? {
        guard let high = upperBound, let low = Animated.negated(self).upperBound else { return nil }
        return max(abs(high), abs(low))
    }

    private static func negated(_ a: Animated<Double>) -> Animated<Double> {
        switch a {
        case .constant(let v): return .constant(-v)
        case .expression: return a
        case .pick(let choices, let index): return .pick(choices.map(negated), index: index)
        case .keyframes(let k):
            return .keyframes(Keyframes(keys: k.keys.map { Keyframe(time: $0.time, value: -$0.value, curve: $0.curve) },
                                        repeat: k.repeatMode))
        }
    }
}
