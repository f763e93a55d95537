import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// Draws the particles of an emitter alive at `ctx.time`. `parent` maps the
    /// emitter's parent coordinates to pixels: particles live in that space,
    /// so a moving emitter leaves its particles behind.
    func emitEmitter(_ emitter: EmitterNode, node: Node, parent: Transform, opacity: Double, ctx: TimelineContext,
                     into items: inout [DisplayItem]) {
    }
}
