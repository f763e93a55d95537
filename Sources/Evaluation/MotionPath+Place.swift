import Animation
import Determinism
import Geometry
import SceneModel

extension MotionPath {
    /// Where the anchor goes at `ctx`, and the node's rotation (degrees)
    /// once the path's direction there is added as `rotate` asks.
    func place(rotation: Double, in ctx: TimelineContext) -> (position: Point, rotation: Double) {
        let fraction = Swift.min(Swift.max(progress.value(in: ctx), 0), 1)
        let (point, direction) = measure.position(at: fraction * measure.length)
        guard let rotate else { return (point, rotation) }
        let angle = DeterministicMath.atan2Degrees(direction.y, direction.x)
        return (point, rotation + angle + (rotate == .autoReverse ? 180 : 0))
    }
}
