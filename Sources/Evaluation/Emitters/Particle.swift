import Animation
import Determinism
import Geometry
import SceneModel

/// One particle as fixed at its birth: everything else about it is a closed
/// form of its age, so any instant of its life costs the same to evaluate.
///
/// Position p(a) = p₀ + v·a + ½·g·a² (CAEmitterCell's constant
/// acceleration); scale, spin angle, colour and alpha move linearly with
/// age at their speeds, or follow the cell's sequences over a / lifetime.
struct Particle {
    let stream: ParticleStream
    /// Emitter-local seconds.
    let birth: Double
    /// Seconds.
    let life: Double
    /// Points in the emitter's parent space, points per second, points per second².
    let origin: Point
    let velocity: Point
    let acceleration: Point
    /// Degrees: the direction it was emitted in.
    let direction: Double
    let scale: Double
    let scaleSpeed: Double
    /// The layer's scale multiplier (x, y).
    let layerScale: Point
    /// Degrees per second.
    let spin: Double
    /// Straight-alpha sRGB, ranges applied; `a` is the colour's own alpha.
    let color: Color
    let redSpeed, greenSpeed, blueSpeed: Double
    /// The cell's `alpha` (× `color.a`), range applied, and its speed.
    let alpha: Double
    let alphaSpeed: Double

    /// Draws the particle's random values from `stream`; an attribute whose
    /// range is 0 takes no draw (its value cannot depend on one).
    init(_ v: CellValues, layer: LayerValues, stream s: ParticleStream, birth: Double, origin: Point,
         baseDirection: Double, maxLifetime: Double) {
        @inline(__always) func vary(_ value: Double, _ range: Double, _ attribute: ParticleAttribute) -> Double {
            range == 0 ? value : value + range * s.centred(attribute)
        }
        stream = s
        self.birth = birth
        life = min(max(vary(v.lifetime, v.lifetimeRange, .lifetime) * layer.lifetime, 0), maxLifetime)
        self.origin = origin
        let speed = vary(v.velocity, v.velocityRange, .velocity) * layer.velocity
        direction = baseDirection + vary(v.emissionLongitude, v.emissionRange, .direction)
        if speed == 0 {
            velocity = .zero
        } else {
            let (sin, cos) = DeterministicMath.sinCos(degrees: direction)
            velocity = Point(speed * cos, speed * sin)
        }
        acceleration = Point(v.xAcceleration, v.yAcceleration)
        scale = vary(v.scale, v.scaleRange, .scale)
        scaleSpeed = v.scaleSpeed
        layerScale = layer.scale
        spin = vary(v.spin, v.spinRange, .spin) * layer.spin
        color = Color(r: vary(v.color.r, v.redRange, .red), g: vary(v.color.g, v.greenRange, .green),
                      b: vary(v.color.b, v.blueRange, .blue), a: v.color.a)
        redSpeed = v.redSpeed
        greenSpeed = v.greenSpeed
        blueSpeed = v.blueSpeed
        alpha = vary(v.alpha, v.alphaRange, .alpha)
        alphaSpeed = v.alphaSpeed
    }

    /// Where it is `age` seconds after its birth (points, parent space).
    @inline(__always)
    func position(age a: Double) -> Point {
        let h = 0.5 * a * a
        return Point(origin.x + velocity.x * a + acceleration.x * h, origin.y + velocity.y * a + acceleration.y * h)
    }

    /// Degrees: its direction of travel at `age` (its emission direction
    /// while it is at rest), which sub-cells' angles are relative to.
    func heading(age a: Double) -> Double {
        let vx = velocity.x + acceleration.x * a, vy = velocity.y + acceleration.y * a
        if vx == 0 && vy == 0 { return direction }
        return DeterministicMath.atan2Degrees(vy, vx)
    }

    /// Where on the emitter shape a particle is born, relative to the
    /// emitter position before its rotation (points); `size` as the format
    /// gives it (a circle's radius is its width).
    static func shapeOffset(_ shape: EmitterShape, _ mode: EmitterMode, size: Point, stream s: ParticleStream) -> Point {
        let w = size.x, h = size.y
        switch (shape, mode) {
        case (.point, _), (.circle, .points):
            return .zero
        case (.line, .points):
            return Point(s.unit(.shapeA) < 0.5 ? -w / 2 : w / 2, 0)
        case (.line, _):
            return Point(w * s.centred(.shapeA), 0)
        case (.rectangle, .points):
            let corner = Int(s.unit(.shapeA) * 4)
            return Point(corner == 1 || corner == 2 ? w / 2 : -w / 2, corner >= 2 ? h / 2 : -h / 2)
        case (.rectangle, .outline):
            // Clockwise from the top-left corner, uniform along the perimeter.
            var d = s.unit(.shapeA) * 2 * (w + h)
            if d < w { return Point(-w / 2 + d, -h / 2) }
            d -= w
            if d < h { return Point(w / 2, -h / 2 + d) }
            d -= h
            if d < w { return Point(w / 2 - d, h / 2) }
            return Point(-w / 2, h / 2 - (d - w))
        case (.rectangle, .surface):
            return Point(w * s.centred(.shapeA), h * s.centred(.shapeB))
        case (.circle, .outline):
            let (sin, cos) = DeterministicMath.sinCos(degrees: 360 * s.unit(.shapeA))
            return Point(w * cos, w * sin)
        case (.circle, .surface):
            // r = R·√u keeps the density uniform over the disc.
            let (sin, cos) = DeterministicMath.sinCos(degrees: 360 * s.unit(.shapeA))
            let r = w * s.unit(.shapeB).squareRoot()
            return Point(r * cos, r * sin)
        }
    }
}
