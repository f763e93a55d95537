/// One variable's movement from its state when an animation starts to the
/// animation's target, as a pure function of the seconds since it started.
///
/// Values are four lanes so that one type moves numbers (lane 0), points (x,
/// y) and colours (r, g, b, a: sRGB, straight alpha); a spring moves every
/// lane with the same closed form, each from its own displacement and
/// velocity, as SwiftUI animates an `AnimatablePair` component by component.
struct AnimationMotion: Sendable, Equatable {
    typealias Lanes = SIMD4<Double>

    let from: Lanes
    /// Units per second, per lane; only a spring uses it (a timing curve starts at rest).
    let velocity: Lanes
    let target: Lanes
    let shape: Shape
    /// Passes to run, ≥ 1; `.infinity` for `forever`.
    let passes: Double
    let autoreverses: Bool

    enum Shape: Sendable, Equatable {
        /// Holds the target from the start.
        case jump
        /// `duration` seconds per pass.
        case timing(Curve, duration: Double)
        /// The first pass lasts `first` seconds (it may start with a
        /// velocity); each later one, starting at rest, `later` seconds.
        case spring(Spring, first: Double, later: Double)
    }

    /// `animation` nil: a jump.
    init(from: Lanes, velocity: Lanes, target: Lanes, animation: AnimationSpec?) {
        self.from = from
        self.velocity = velocity
        self.target = target
        switch animation?.repeats?.count {
        case nil: passes = 1
        case .times(let n)?: passes = Double(Swift.max(n, 1))
        case .forever?: passes = .infinity
        }
        autoreverses = animation?.repeats?.autoreverses ?? true
        switch animation?.curve {
        case nil:
            shape = .jump
        case .timing(let curve)?:
            let duration = animation?.duration ?? 0
            shape = duration > 0 ? .timing(curve, duration: duration) : .jump
        case .spring(let spring)?:
            var first = 0.0, later = 0.0
            for lane in 0..<4 {
                let distance = from[lane] - target[lane]
                first = Swift.max(first, spring.settleTime(from: distance, velocity: velocity[lane]))
                later = Swift.max(later, spring.settleTime(from: distance, velocity: 0))
            }
            shape = first > 0 ? .spring(spring, first: first, later: later) : .jump
        }
    }

    /// Value and velocity (units per second) `elapsed` seconds after the start.
    func state(at elapsed: Double) -> (value: Lanes, velocity: Lanes) {
        let rest = (target, Lanes.zero)
        switch shape {
        case .jump:
            return rest
        case let .timing(curve, duration):
            if elapsed >= passes * duration { return rest }
            let pass = Swift.min(Swift.max((elapsed / duration).rounded(.down), 0), passes - 1)
            let progress = Swift.min(Swift.max((elapsed - pass * duration) / duration, 0), 1)
            let (a, b) = ends(ofPass: pass)
            return (a + (b - a) * curve.value(at: progress), (b - a) * (curve.slope(at: progress) / duration))
        case let .spring(spring, first, later):
            if elapsed < first {
                let p = spring.propagator(at: Swift.max(elapsed, 0))
                let x0 = from - target
                return (target + x0 * p.xx + velocity * p.xv, x0 * p.vx + velocity * p.vv)
            }
            if passes == 1 || later == 0 { return rest }
            let repeats = ((elapsed - first) / later).rounded(.down)
            if 1 + repeats >= passes { return rest }
            let (a, b) = ends(ofPass: 1 + repeats)
            let p = spring.propagator(at: elapsed - first - repeats * later)
            return (b + (a - b) * p.xx, (a - b) * p.vx)
        }
    }

    /// Start and end of pass `pass` (0-based): odd passes run backwards when
    /// the animation autoreverses.
    private func ends(ofPass pass: Double) -> (Lanes, Lanes) {
        autoreverses && pass.truncatingRemainder(dividingBy: 2) == 1 ? (target, from) : (from, target)
    }
}
