import Animation
import DisplayList
import Geometry
import SceneModel

/// An emitter made ready once, before any frame is evaluated: its random
/// streams, each cell's birth schedule and lifetime bound, and the sprites
/// its particles draw. Immutable afterwards, so every worker thread reads
/// the same plan and frames stay pure functions of time.
struct EmitterPlan: Sendable {
    /// The emitter node this plan was made for.
    let node: Node
    /// The timeline its values read (a component instance's, or the scene's).
    let timeline: Timeline
    let emitter: EmitterNode
    let stream: ParticleStream
    let cells: [CellPlan]
    /// The layer values, when none of them is animated.
    let constantLayer: LayerValues?
    /// The images the emitter's particles draw; `ParticleSprite.source` indexes this.
    let sources: [SpriteSource]

    init(emitter e: EmitterNode, node: Node, timeline: Timeline, evaluator: Evaluator) {
        self.node = node
        self.timeline = timeline
        emitter = e
        let stream = ParticleStream(sceneSeed: evaluator.scene.seed, emitterName: e.streamName, emitterSeed: e.seed)
        self.stream = stream
        let sampler = EmitterSampler(evaluator: evaluator, prewarm: e.prewarm, timeline: timeline)
        constantLayer = LayerValues.isConstant(e, node: node) ? LayerValues(e, node: node, at: sampler.context(frame: 0)) : nil
        var sources: [SpriteSource] = []
        let layerLifetime = sampler.bound(e.lifetime)
        let layerScale = node.scale.value(in: sampler.context(frame: 0))
        cells = e.cells.enumerated().map { i, c in
            CellPlan(c, index: i, parent: stream, topLevel: true, layerLifetime: layerLifetime,
                     layerScale: max(abs(layerScale.x), abs(layerScale.y)), emitter: e, sampler: sampler,
                     sources: &sources)
        }
        self.sources = sources
    }
}

/// One cell made ready: its stream, schedule (top-level cells), bounds and sprite.
struct CellPlan: Sendable {
    let cell: EmitterCell
    let stream: ParticleStream
    /// When particles are born, emitter-local; nil for sub-cells, whose
    /// particles are born at their parent's rate from its birth.
    let schedule: BirthSchedule?
    /// The cell's values, when none of them is animated.
    let constantValues: CellValues?
    /// Seconds: no particle of the cell lives longer (lifetimes are clamped to it).
    let maxLifetime: Double
    /// Seconds: how long before now a particle of this cell may have been
    /// born and still have itself or a descendant alive.
    let reach: Double
    /// What a particle draws; nil for none.
    let sprite: ParticleSprite?
    let children: [CellPlan]
    /// Whether its particles or their descendants draw anything.
    let draws: Bool

    /// - Parameters:
    ///   - parent: the stream of the emitter (top-level cells) or of the parent cell.
    ///   - layerLifetime: the largest lifetime multiplier of the layer.
    ///   - layerScale: the layer's scale multiplier at time 0, for the sprite's resolution.
    init(_ c: EmitterCell, index: Int, parent: ParticleStream, topLevel: Bool, layerLifetime: Double,
         layerScale: Double, emitter: EmitterNode, sampler: EmitterSampler, sources: inout [SpriteSource]) {
        cell = c
        let stream = parent.cell(name: c.name, index: index)
        self.stream = stream
        constantValues = CellValues.isConstant(c) ? CellValues(c, at: sampler.context(frame: 0)) : nil
        maxLifetime = max((sampler.bound(c.lifetime) + sampler.magnitude(c.lifetimeRange) / 2) * layerLifetime, 0)
        var children: [CellPlan] = []
        for (i, child) in c.cells.enumerated() {
            children.append(CellPlan(child, index: i, parent: stream, topLevel: false, layerLifetime: layerLifetime,
                                     layerScale: layerScale, emitter: emitter, sampler: sampler, sources: &sources))
        }
        self.children = children
        reach = maxLifetime + (children.map(\.reach).max() ?? 0)
        schedule = topLevel ? sampler.schedule(for: c, emitter: emitter) : nil
        var scale = sampler.bound(c.scale) + sampler.magnitude(c.scaleRange) / 2
        if let s = c.scaleSequence { scale = s.keys.map { abs($0.value) }.max() ?? scale }
        sprite = c.contents.flatMap { sampler.sprite($0, part: c.contentsRect, scale: scale * layerScale, sources: &sources) }
        draws = maxLifetime > 0 && (sprite != nil || children.contains { $0.draws })
    }
}

/// How a cell's contents are drawn.
struct ParticleSprite: Sendable {
    /// Index into the emitter's sources.
    let source: UInt32
    /// Sprite pixels → the particle's own points, its anchor at the origin,
    /// before spin and scale.
    let placement: Transform
    /// Points at scale 1: how far the sprite reaches from its anchor.
    let radius: Double
}
