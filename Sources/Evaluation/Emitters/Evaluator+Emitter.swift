import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// Draws the particles of an emitter alive at `ctx.time` as one sprite
    /// batch. `parent` maps the emitter's parent coordinates to pixels:
    /// particles live in that space, so a moving emitter leaves its particles
    /// behind (its position is read at each particle's birth).
    func emitEmitter(_ emitter: EmitterNode, node: Node, parent: Transform, opacity: Double, ctx: TimelineContext,
                     into items: inout [DisplayItem]) {
        let plan = emitterPlan(for: emitter, node: node, timeline: ctx.timeline)
        guard !plan.cells.isEmpty else { return }
        var spawner = ParticleSpawner(plan: plan, ctx: ctx,
                                      sampler: EmitterSampler(evaluator: self, prewarm: emitter.prewarm, timeline: ctx.timeline),
                                      parent: parent, opacity: min(max(opacity, 0), 1),
                                      frameWidth: scene.canvas.pixelWidth, frameHeight: scene.canvas.pixelHeight)
        spawner.run()
        if let batch = spawner.output.batch(sources: plan.sources) { items.append(.sprites(batch)) }
    }

    /// The particles of an emitter node alive at scene time `time`, cells in
    /// order and particles by index, none skipped for lying outside the frame.
    func particles(of node: Node, at time: Double, parent: Transform = .identity) -> [ParticleSnapshot] {
        guard case .emitter(let emitter) = node.kind else { return [] }
        let sampler = EmitterSampler(evaluator: self, prewarm: emitter.prewarm, timeline: scene.timeline)
        var spawner = ParticleSpawner(plan: emitterPlan(for: emitter, node: node, timeline: scene.timeline), ctx: scene.context(at: time),
                                      sampler: sampler, parent: parent, opacity: 1,
                                      frameWidth: Int.max / 4, frameHeight: Int.max / 4)
        spawner.snapshots = []
        spawner.run()
        return spawner.snapshots ?? []
    }

    /// Every emitter of the scene, prepared (see `EmitterPlan`), by stream
    /// name: each with the timeline it is drawn with (a component
    /// instance's own, else the scene's).
    static func prepareEmitters(_ evaluator: Evaluator) -> [String: [EmitterPlan]] {
        var plans: [String: [EmitterPlan]] = [:]
        func walk(_ nodes: [Node], _ timeline: Timeline) {
            for node in nodes {
                if case .emitter(let e) = node.kind {
                    plans[e.streamName, default: []].append(EmitterPlan(emitter: e, node: node, timeline: timeline, evaluator: evaluator))
                }
                if case .timed(let content) = node.kind, let own = content.timeline {
                    walk(node.subnodes, own)
                } else {
                    walk(node.subnodes, timeline)
                }
            }
        }
        walk(evaluator.scene.layers, evaluator.scene.timeline)
        return plans
    }

    /// The prepared plan of an emitter node (prepared now if the scene did
    /// not contain it, as when a test evaluates a node on its own).
    func emitterPlan(for emitter: EmitterNode, node: Node, timeline: Timeline) -> EmitterPlan {
        emitterPlans[emitter.streamName]?.first { $0.node == node && $0.timeline == timeline }
            ?? EmitterPlan(emitter: emitter, node: node, timeline: timeline, evaluator: self)
    }
}
