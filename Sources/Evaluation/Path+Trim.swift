import Animation
import Geometry
import SceneModel

extension Path {
    /// The part `trim` keeps at `ctx` (SwiftUI `trim(from:to:)`), for shapes
    /// and texts alike; the path itself, same storage, without a trim or when
    /// all of it is kept.
    func trimmed(by trim: (from: Animated<Double>, to: Animated<Double>)?, in ctx: TimelineContext) -> Path {
        guard let trim else { return self }
        return trimmed(from: trim.from.value(in: ctx), to: trim.to.value(in: ctx))
    }
}
