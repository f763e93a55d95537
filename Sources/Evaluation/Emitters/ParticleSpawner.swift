import Animation
import Determinism
import DisplayList
import Geometry
import SceneModel

/// Finds the particles of one emitter alive at one instant and turns them
/// into sprites, without simulating anything before it.
///
/// Only indices that can be alive are visited: for a top-level cell those
/// whose birth falls in (τ − reach, τ] (`BirthSchedule.indices`), and for a
/// sub-cell those its parent emitted in that window of its own life. `reach`
/// is the cell's longest lifetime plus its descendants' reach, so a parent
/// long dead still yields its living children.
struct ParticleSpawner {
    let plan: EmitterPlan
    /// Emitter-local seconds: scene time + prewarm.
    let tau: Double
    let ctx: TimelineContext
    let sampler: EmitterSampler
    /// The emitter's parent space → pixels.
    let parent: Transform
    let parentScale: Double
    let opacity: Double
    /// The frame in pixels, to skip sprites that cannot show.
    let frameWidth: Double
    let frameHeight: Double
    var output: SpriteCollector
    /// When set, every live particle drawn is also recorded here (for tests and tools).
    var snapshots: [ParticleSnapshot]?
    /// Particles visited so far; evaluation stops at `maxVisits` (only a
    /// rate given by an expression, which cannot be bounded at load, gets there).
    private var visits = 0
    static let maxVisits = 4_000_000

    init(plan: EmitterPlan, ctx: TimelineContext, sampler: EmitterSampler, parent: Transform, opacity: Double,
         frameWidth: Int, frameHeight: Int) {
        self.plan = plan
        tau = ctx.time + plan.emitter.prewarm
        self.ctx = ctx
        self.sampler = sampler
        self.parent = parent
        parentScale = parent.maxScale
        self.opacity = opacity
        self.frameWidth = Double(frameWidth)
        self.frameHeight = Double(frameHeight)
        output = SpriteCollector(mode: plan.emitter.renderMode)
    }

    mutating func run() {
        for cell in plan.cells { spawn(cell) }
    }

    /// The context of the emitter-local time `birth`, when something is animated.
    private func context(atBirth birth: Double) -> TimelineContext {
        sampler.context(at: birth - plan.emitter.prewarm)
    }

    /// A top-level cell's particles born in (τ − reach, τ].
    private mutating func spawn(_ cell: CellPlan) {
        guard let schedule = cell.schedule, cell.draws else { return }
        let from = tau - cell.reach
        let e = plan.emitter
        for i in schedule.indices(bornAfter: from, upTo: tau) {
            guard visits < Self.maxVisits else { return }
            visits += 1
            let s = cell.stream.particle(i)
            guard let birth = schedule.time(ofCount: Double(i) + s.unit(.birth)), birth > from, birth <= tau else { continue }
            let animated = plan.constantLayer == nil || cell.constantValues == nil
            let bctx = animated ? context(atBirth: birth) : ctx
            let layer = plan.constantLayer ?? LayerValues(e, node: plan.node, at: bctx)
            let values = cell.constantValues ?? CellValues(cell.cell, at: bctx)
            let shape = Particle.shapeOffset(e.shape, e.mode, size: layer.size, depth: layer.depth, stream: s)
            var offset = shape.xy
            if layer.rotation != 0 {
                let (sin, cos) = DeterministicMath.sinCos(degrees: layer.rotation)
                offset = Point(offset.x * cos - offset.y * sin, offset.x * sin + offset.y * cos)
            }
            let p = Particle(values, layer: layer, stream: s, birth: birth, origin: layer.position + offset,
                             originZ: layer.zPosition + shape.z, baseDirection: layer.rotation, maxLifetime: cell.maxLifetime)
            visit(p, cell: cell, layer: layer)
        }
    }

    /// Draws `p` if it is alive, then the particles its sub-cells emitted.
    private mutating func visit(_ p: Particle, cell: CellPlan, layer: LayerValues) {
        let age = tau - p.birth
        if age < p.life, let sprite = cell.sprite { draw(p, cell: cell.cell, sprite: sprite, age: age) }
        for child in cell.children {
            spawn(child, from: p, parentLayer: layer)
        }
    }

    /// The particles of sub-cell `cell` that `p` emitted and that may be
    /// alive: born at p's age a = beginTime + (j + jitter) / rate, while p
    /// lives and the cell's duration lasts, at the rate read at p's birth.
    private mutating func spawn(_ cell: CellPlan, from p: Particle, parentLayer: LayerValues) {
        guard cell.draws else { return }
        let rate = (cell.constantValues?.birthRate ?? max(cell.cell.birthRate.value(in: context(atBirth: p.birth)), 0))
            * parentLayer.birthRate
        guard rate > 0, rate.isFinite else { return }
        let begin = cell.cell.beginTime
        let stop = min(p.life, cell.cell.duration.map { begin + $0 } ?? .infinity)
        let now = tau - p.birth
        let from = now - cell.reach
        let last = min(stop, now)
        guard last >= begin else { return }
        let first = max(0, Int(min(max((from - begin) * rate, -1), 4e18).rounded(.down)) - 1)
        let final = Int(min((last - begin) * rate, 4e18).rounded(.down))
        guard first <= final else { return }
        let streams = p.stream.children(of: cell.stream)
        let e = plan.emitter
        for j in first...final {
            guard visits < Self.maxVisits else { return }
            visits += 1
            let s = streams.particle(j)
            let a = begin + (Double(j) + s.unit(.birth)) / rate
            guard a > from, a <= now, a < stop else { continue }
            let birth = p.birth + a
            let animated = plan.constantLayer == nil || cell.constantValues == nil
            let bctx = animated ? context(atBirth: birth) : ctx
            let layer = plan.constantLayer ?? LayerValues(e, node: plan.node, at: bctx)
            let values = cell.constantValues ?? CellValues(cell.cell, at: bctx)
            let child = Particle(values, layer: layer, stream: s, birth: birth, origin: p.position(age: a),
                                 originZ: p.depth(age: a), baseDirection: p.heading(age: a), maxLifetime: cell.maxLifetime)
            visit(child, cell: cell, layer: layer)
        }
    }

    /// The sprite of `p` at `age`: placed at its position, turned by its
    /// spin, scaled, tinted by its colour × alpha × the emitter's opacity.
    private mutating func draw(_ p: Particle, cell: EmitterCell, sprite: ParticleSprite, age: Double) {
        let progress = p.life > 0 ? age / p.life : 1
        let scale = cell.scaleSequence?.value(at: progress) ?? (p.scale + p.scaleSpeed * age)
        let sx = scale * p.layerScale.x, sy = scale * p.layerScale.y
        guard sx != 0, sy != 0, sx.isFinite, sy.isFinite else { return }
        var color = cell.colorSequence?.value(at: progress)
            ?? Color(r: p.color.r + p.redSpeed * age, g: p.color.g + p.greenSpeed * age,
                     b: p.color.b + p.blueSpeed * age, a: p.color.a)
        let alpha = cell.alphaSequence?.value(at: progress) ?? (p.alpha + p.alphaSpeed * age)
        color.a = Self.clamp01(color.a) * Self.clamp01(alpha) * opacity
        let tint = Sprite.tint(color)
        guard tint >> 24 != 0 else { return }
        let position = p.position(age: age), depth = p.depth(age: age)
        snapshots?.append(ParticleSnapshot(particle: p, cell: cell.name, age: age, position: position, depth: depth,
                                           scale: Point(sx, sy), rotation: p.spin * age, color: color))
        // Skip sprites wholly outside the frame (so a blur around the emitter
        // does not bring in particles beyond the canvas, as it does shapes).
        let centre = parent.apply(position)
        let reach = sprite.radius * max(abs(sx), abs(sy)) * parentScale + 2
        guard centre.x + reach > 0, centre.x - reach < frameWidth,
              centre.y + reach > 0, centre.y - reach < frameHeight else { return }
        let (sin, cos) = DeterministicMath.sinCos(degrees: p.spin * age)
        let local = Transform(a: cos * sx, b: sin * sx, c: -sin * sy, d: cos * sy, tx: position.x, ty: position.y)
        output.append(Sprite(transform: parent.concatenating(local).concatenating(sprite.placement),
                             tint: tint, source: sprite.source), birth: p.birth, depth: depth)
    }

    @inline(__always)
    private static func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
}

/// A live particle as drawn: its birth state and its values at `age`.
struct ParticleSnapshot {
    let particle: Particle
    let cell: String?
    /// Seconds.
    let age: Double
    /// Points, the emitter's parent space.
    let position: Point
    /// Points along z (not drawn).
    let depth: Double
    /// Including the layer's multiplier.
    let scale: Point
    /// Degrees.
    let rotation: Double
    /// Straight alpha; `a` is the particle's final alpha.
    let color: Color
}

/// Sprites in the emitter's render order.
struct SpriteCollector {
    let mode: EmitterRenderMode
    private(set) var sprites: [Sprite] = []
    /// Emitter-local birth times (the age orders) or depths (`backToFront`).
    private var keys: [Double] = []

    init(mode: EmitterRenderMode) { self.mode = mode }

    mutating func append(_ sprite: Sprite, birth: Double, depth: Double) {
        sprites.append(sprite)
        switch mode {
        case .oldestFirst, .oldestLast: keys.append(birth)
        case .backToFront: keys.append(depth)
        case .unordered, .additive: break
        }
    }

    /// The batch: cells in order and particles by index (`unordered`,
    /// `additive`, which blends with `plus`), by birth time, oldest first
    /// or last, or by depth, farthest (smallest z) first; equal keys keep
    /// the cell and index order.
    func batch(sources: [SpriteSource]) -> SpriteBatch? {
        guard !sprites.isEmpty else { return nil }
        switch mode {
        case .unordered: return SpriteBatch(sources: sources, sprites: sprites, blend: .normal)
        case .additive: return SpriteBatch(sources: sources, sprites: sprites, blend: .plus)
        case .oldestFirst, .backToFront, .oldestLast:
            let ascending = mode != .oldestLast
            let order = keys.indices.sorted { i, j in
                let a = keys[i], b = keys[j]
                if a != b { return ascending ? a < b : a > b }
                return i < j
            }
            return SpriteBatch(sources: sources, sprites: order.map { sprites[$0] }, blend: .normal)
        }
    }
}
