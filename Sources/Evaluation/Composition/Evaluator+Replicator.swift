import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// The replicator's copies, first to last (later copies on top, as Core
    /// Animation draws them): copy i through the step transform i times,
    /// about the centre of the replicator's bounds, its time i × delay
    /// behind, its colour multiplied by `instanceColor` plus i × the offsets.
    func emitReplicator(_ r: ReplicatorNode, bounds b: Rect, transform: Transform, ctx: TimelineContext,
                        into items: inout [DisplayItem]) {
        let count = Int(min(max(r.count.value(in: ctx), 0), Double(SceneDecoder.maxInstances)).rounded(.down))
        guard count > 0 else { return }
        let center = Point(b.minX + b.width / 2, b.minY + b.height / 2)
        let step = r.step.transform(bounds: Rect(origin: center, size: .zero), ctx: ctx)
        let base = r.color?.value(in: ctx) ?? .white
        var copy = transform
        for i in 0..<count {
            let k = Double(i)
            let local = i == 0 || r.delay == 0 ? ctx
                : TimelineContext(timeline: ctx.timeline, time: ctx.time - k * r.delay,
                                  frame: scene.canvas.frame(containing: ctx.time - k * r.delay), seed: ctx.seed)
            let o = r.colorOffsets
            let tint = Color(r: min(max(base.r + k * o[0], 0), 1), g: min(max(base.g + k * o[1], 0), 1),
                             b: min(max(base.b + k * o[2], 0), 1), a: min(max(base.a + k * o[3], 0), 1))
            let tinted = tint != .white
            if tinted { items.append(.beginLayer(Layer(colorFilters: [.multiply(tint)]))) }
            for child in r.children { emit(child, parent: copy, ctx: local, into: &items) }
            if tinted { items.append(.endLayer) }
            copy = copy.concatenating(step)
        }
    }
}
