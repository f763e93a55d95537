import Animation
import Determinism
import Geometry
import SceneModel

/// One particle as fixed at its birth: everything else about it is a closed
/// form of its age, so any instant of its life costs the same to evaluate.
///
/// Position p(a) = p₀ + v·a + ½·g·a² (CAEmitterCell's constant
/// acceleration), in x, y and z; scale, spin angle, colour and alpha move
/// linearly with age at their speeds, or follow the cell's sequences over
/// a / lifetime. Particles are drawn flat, as a CAEmitterLayer draws them
/// (`preservesDepth` off): z only orders them (`backToFront`).
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
    /// Points, points per second, points per second² along z (towards the viewer).
    let originZ, velocityZ, accelerationZ: Double
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
         originZ: Double, baseDirection: Double, maxLifetime: Double) {
        @inline(__always) func vary(_ value: Double, _ range: Double, _ attribute: ParticleAttribute) -> Double {
            range == 0 ? value : value + range * s.centred(attribute)
        }
        stream = s
        self.birth = birth
        life = min(max(vary(v.lifetime, v.lifetimeRange, .lifetime) * layer.lifetime, 0), maxLifetime)
        self.origin = origin
        let speed = vary(v.velocity, v.velocityRange, .velocity) * layer.velocity
        direction = baseDirection + vary(v.emissionLongitude, v.emissionRange, .direction)
        self.originZ = originZ
        if speed == 0 {
            velocity = .zero
            velocityZ = 0
        } else {
            // The direction (cos φ cos θ, cos φ sin θ, sin φ): longitude θ, latitude φ.
            let (sin, cos) = DeterministicMath.sinCos(degrees: direction)
            if v.emissionLatitude == 0 {
                velocity = Point(speed * cos, speed * sin)
                velocityZ = 0
            } else {
                let (up, flat) = DeterministicMath.sinCos(degrees: v.emissionLatitude)
                velocity = Point(speed * flat * cos, speed * flat * sin)
                velocityZ = speed * up
            }
        }
        acceleration = Point(v.xAcceleration, v.yAcceleration)
        accelerationZ = v.zAcceleration
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

    /// Its z `age` seconds after its birth (points).
    @inline(__always)
    func depth(age a: Double) -> Double {
        originZ + velocityZ * a + accelerationZ * 0.5 * a * a
    }

    /// Degrees: its direction of travel at `age` (its emission direction
    /// while it is at rest), which sub-cells' angles are relative to.
    func heading(age a: Double) -> Double {
        let vx = velocity.x + acceleration.x * a, vy = velocity.y + acceleration.y * a
        if vx == 0 && vy == 0 { return direction }
        return DeterministicMath.atan2Degrees(vy, vx)
    }

    /// Where on the emitter shape a particle is born, relative to the
    /// emitter position before its rotation (points, x and y; z from
    /// `zPosition`); `size` as the format gives it (a circle's or sphere's
    /// radius is its width), `depth` a cuboid's.
    static func shapeOffset(_ shape: EmitterShape, _ mode: EmitterMode, size: Point, depth: Double,
                            stream s: ParticleStream) -> (xy: Point, z: Double) {
        switch shape {
        case .sphere: return sphereOffset(mode, radius: size.x, stream: s)
        case .cuboid: return cuboidOffset(mode, size: (size.x, size.y, depth), stream: s)
        case .point, .line, .rectangle, .circle: return (flatOffset(shape, mode == .volume ? .surface : mode, size: size, stream: s), 0)
        }
    }

    private static func flatOffset(_ shape: EmitterShape, _ mode: EmitterMode, size: Point, stream s: ParticleStream) -> Point {
        let w = size.x, h = size.y
        switch (shape, mode) {
        case (.point, _), (.circle, .points), (.sphere, _), (.cuboid, _), (_, .volume):
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

    /// A sphere about the centre: its centre (`points`), on it (`outline`,
    /// `surface`: z uniform in [−R, R] gives a uniform density, Archimedes'
    /// hat-box theorem), or inside (`volume`: r = R·∛u).
    private static func sphereOffset(_ mode: EmitterMode, radius: Double, stream s: ParticleStream) -> (xy: Point, z: Double) {
        guard mode != .points else { return (.zero, 0) }
        let (sin, cos) = DeterministicMath.sinCos(degrees: 360 * s.unit(.shapeA))
        let z = 2 * s.unit(.shapeB) - 1, ring = max(0, 1 - z * z).squareRoot()
        let r = mode == .volume ? radius * DeterministicMath.pow(s.unit(.shapeC), 1.0 / 3) : radius
        return (Point(r * ring * cos, r * ring * sin), r * z)
    }

    /// A w × h × d box about the centre: its 8 corners (`points`), its 12
    /// edges (`outline`, uniform along their length), its 6 faces
    /// (`surface`, uniform over their area) or its inside (`volume`).
    private static func cuboidOffset(_ mode: EmitterMode, size: (Double, Double, Double),
                                     stream s: ParticleStream) -> (xy: Point, z: Double) {
        let half = SIMD3(size.0 / 2, size.1 / 2, size.2 / 2)
        var p = SIMD3<Double>(0, 0, 0)
        switch mode {
        case .points:
            let corner = min(Int(s.unit(.shapeA) * 8), 7)
            for i in 0..<3 { p[i] = corner >> i & 1 == 0 ? -half[i] : half[i] }
        case .outline:
            // Four edges run along each axis; pick one by length, then a point on it.
            let total = 8 * (half[0] + half[1] + half[2])
            guard total > 0 else { break }
            var d = s.unit(.shapeA) * total
            var axis = 0
            while axis < 2 && d >= 8 * half[axis] { d -= 8 * half[axis]; axis += 1 }
            let edge = min(Int(d / (2 * half[axis])), 3), along = d - Double(edge) * 2 * half[axis]
            let (u, v) = ((axis + 1) % 3, (axis + 2) % 3)
            p[axis] = along - half[axis]
            p[u] = edge & 1 == 0 ? -half[u] : half[u]
            p[v] = edge & 2 == 0 ? -half[v] : half[v]
        case .surface:
            // Two faces lie across each axis; pick one by area, then a point on it.
            let areas = SIMD3(4 * half[1] * half[2], 4 * half[0] * half[2], 4 * half[0] * half[1])
            let total = 2 * (areas[0] + areas[1] + areas[2])
            guard total > 0 else { break }
            var d = s.unit(.shapeA) * total
            var axis = 0
            while axis < 2 && d >= 2 * areas[axis] { d -= 2 * areas[axis]; axis += 1 }
            let (u, v) = ((axis + 1) % 3, (axis + 2) % 3)
            p[axis] = d < areas[axis] ? -half[axis] : half[axis]
            p[u] = 2 * half[u] * s.centred(.shapeB)
            p[v] = 2 * half[v] * s.centred(.shapeC)
        case .volume:
            p = SIMD3(2 * half[0] * s.centred(.shapeA), 2 * half[1] * s.centred(.shapeB), 2 * half[2] * s.centred(.shapeC))
        }
        return (Point(p[0], p[1]), p[2])
    }
}
