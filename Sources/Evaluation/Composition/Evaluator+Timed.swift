import Animation
import Geometry
import SceneModel

extension Evaluator {
    /// What the content reads at the parent's moment `ctx`: its clock's
    /// local time on its own timeline (a component's) or the parent's; nil
    /// when it does not show then.
    func localContext(_ content: TimedContent, _ ctx: TimelineContext) -> TimelineContext? {
        let clock = content.clock
        guard clock.shows(at: ctx.time) else { return nil }
        let time = clock.localTime(at: ctx.time, remapped: clock.remap?.value(in: ctx))
        return TimelineContext(timeline: content.timeline ?? ctx.timeline, time: time,
                               frame: scene.canvas.frame(containing: time), seed: ctx.seed)
    }
}
