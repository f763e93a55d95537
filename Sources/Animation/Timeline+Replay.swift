/// Replaying one variable's changes into the movements a `Timeline` evaluates.
extension Timeline {
    struct Change {
        /// Seconds into the pass (`at` + delay).
        let start: Double
        let order: (event: Int, assignment: Int)
        let animation: AnimationSpec?
        let target: Lanes

        /// Time order; changes at the same instant in event order, the last winning.
        static func inOrder(_ changes: [Change]) -> [Change] {
            changes.sorted { ($0.start, $0.order.event, $0.order.assignment) < ($1.start, $1.order.event, $1.order.assignment) }
        }
    }

    /// The most passes worked out for a carried variable (with the largest
    /// duration, 3600 s, a loop of 0.36 s still unrolls completely).
    static let passLimit = 10_000

    /// Runs one variable's changes in time order; each starts from the state
    /// the previous movement has reached at that instant. With a `loop` the
    /// variable restarts from `initial` at every pass: time folds from 0.
    static func replay(_ changes: [Change], type: ValueType, from initial: Lanes, loop: Double?) -> Track {
        var starts: [Double] = [], motions: [AnimationMotion] = []
        for change in Change.inOrder(changes) {
            var state = (value: initial, velocity: Lanes.zero)
            if let last = motions.last, let lastStart = starts.last {
                state = last.state(at: change.start - lastStart)
            }
            starts.append(change.start)
            motions.append(AnimationMotion(from: state.value, velocity: state.velocity,
                                           target: change.target, animation: change.animation))
        }
        return .animated(type: type, initial: initial, starts: starts, motions: motions,
                         cycle: loop.map { Cycle(start: 0, period: $0) })
    }

    /// A variable the loop does not reset: the passes are unrolled, each
    /// change starting from the state the previous movement (perhaps from
    /// the pass before) has reached. Once a pass creates exactly the
    /// movements the one before it did, every later pass repeats it — each
    /// movement depends only on the one before — so time folds into that
    /// pass from then on. (The splash's `uScale` grows from 1 in the first
    /// pass and from 0 in every later one: the third pass repeats the second,
    /// so time folds into it from 4.8 s.) A
    /// variable that never settles into a repeating pass is unrolled up to
    /// the horizon.
    ///
    /// Elapsed times between changes are formed the same way in every pass
    /// ((start − previous start) + passes × loop), so alike passes compare equal.
    static func replayCarried(_ changes: [Change], type: ValueType, from initial: Lanes,
                              loop: Double, horizon: Double?) -> Track {
        let sorted = Change.inOrder(changes)
        let needed = horizon.map { ($0 / loop).rounded(.up) + 1 } ?? Double(passLimit)
        let limit = Int(Swift.min(Swift.max(needed, 1), Double(passLimit)))
        var starts: [Double] = [], motions: [AnimationMotion] = []
        var previousPass: [AnimationMotion]?
        var last: (start: Double, pass: Int)?
        for pass in 0..<limit {
            var thisPass: [AnimationMotion] = []
            for change in sorted {
                var state = (value: initial, velocity: Lanes.zero)
                if let motion = motions.last, let last {
                    state = motion.state(at: (change.start - last.start) + Double(pass - last.pass) * loop)
                }
                let motion = AnimationMotion(from: state.value, velocity: state.velocity,
                                             target: change.target, animation: change.animation)
                starts.append(change.start + Double(pass) * loop)
                motions.append(motion)
                thisPass.append(motion)
                last = (change.start, pass)
            }
            if thisPass == previousPass {
                return .animated(type: type, initial: initial, starts: starts, motions: motions,
                                 cycle: Cycle(start: Double(pass) * loop, period: loop))
            }
            previousPass = thisPass
        }
        return .animated(type: type, initial: initial, starts: starts, motions: motions,
                         cycle: Cycle(start: Double(limit - 1) * loop, period: loop))
    }
}
