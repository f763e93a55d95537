import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// The items of a sequence showing at `ctx`: one alone, or two during
    /// the transition that joins them.
    func emitSequence(_ sequence: SequenceNode, transform: Transform, ctx: TimelineContext,
                      into items: inout [DisplayItem]) {
        let size = sequence.size.size(in: ctx)
        for (i, item) in sequence.items.enumerated() {
            guard case .timed(let content) = item.kind, content.clock.shows(at: ctx.time) else { continue }
            if i > 0, sequence.transitions[i - 1] != nil, sequence.items[i - 1].showsAsTimed(at: ctx.time) {
                continue // drawn with the item it follows, below
            }
            if i + 1 < sequence.items.count, let t = sequence.transitions[i],
               case .timed(let next) = sequence.items[i + 1].kind, next.clock.shows(at: ctx.time) {
                let p = t.curve.value(at: min(max((ctx.time - next.clock.begin) / t.duration, 0), 1))
                emitTransition(t, progress: p, from: item, to: sequence.items[i + 1], size: size,
                               transform: transform, ctx: ctx, into: &items)
            } else {
                emit(item, parent: transform, ctx: ctx, into: &items)
            }
        }
    }

    /// Two items part way (`progress` 0…1) through transition `t`, in the
    /// sequence's coordinates (`transform`) over a frame of `size`.
    private func emitTransition(_ t: Transition, progress p: Double, from old: Node, to new: Node, size: Size,
                                transform: Transform, ctx: TimelineContext, into items: inout [DisplayItem]) {
        // The incoming item's way in from its edge, at p = 0.
        let entry: Point
        switch t.edge {
        case .leading: entry = Point(-size.width, 0)
        case .trailing: entry = Point(size.width, 0)
        case .top: entry = Point(0, -size.height)
        case .bottom: entry = Point(0, size.height)
        }
        func moved(_ k: Double) -> Transform { transform.concatenating(.translation(entry.x * k, entry.y * k)) }
        switch t.kind {
        case .crossfade:
            // Premultiplied (1 − p)·A + p·B: each faded in a layer, the
            // second added to the first inside a layer of their own.
            items.append(.beginLayer(Layer()))
            items.append(.beginLayer(Layer(opacity: 1 - p)))
            emit(old, parent: transform, ctx: ctx, into: &items)
            items.append(.endLayer)
            items.append(.beginLayer(Layer(opacity: p, blend: .plus)))
            emit(new, parent: transform, ctx: ctx, into: &items)
            items.append(.endLayer)
            items.append(.endLayer)
        case .push:
            emit(old, parent: moved(-p), ctx: ctx, into: &items)
            emit(new, parent: moved(1 - p), ctx: ctx, into: &items)
        case .slide:
            emit(old, parent: transform, ctx: ctx, into: &items)
            emit(new, parent: moved(1 - p), ctx: ctx, into: &items)
        case .wipe:
            emit(old, parent: transform, ctx: ctx, into: &items)
            let w = size.width, h = size.height
            let shown: Rect
            switch t.edge {
            case .leading: shown = Rect(minX: 0, minY: 0, maxX: w * p, maxY: h)
            case .trailing: shown = Rect(minX: w * (1 - p), minY: 0, maxX: w, maxY: h)
            case .top: shown = Rect(minX: 0, minY: 0, maxX: w, maxY: h * p)
            case .bottom: shown = Rect(minX: 0, minY: h * (1 - p), maxX: w, maxY: h)
            }
            items.append(.beginLayer(Layer(clip: ClipPath(path: .roundedRect(shown, radii: (0, 0, 0, 0)), transform: transform))))
            emit(new, parent: transform, ctx: ctx, into: &items)
            items.append(.endLayer)
        }
    }
}

private extension Node {
    func showsAsTimed(at time: Double) -> Bool {
        if case .timed(let content) = kind { return content.clock.shows(at: time) }
        return false
    }
}
